from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import (
    CONSTRUCTED_FORMATS,
    MAX_TEAM_SIZE,
    SEAT_LETTERS,
    DEFAULT_DECK_BUILDING_MINUTES,
    DeckRule,
    BracketSeeding,
    CutKind,
    DraftStructure,
    EnforcementLevel,
    EventStatus,
    FormatKind,
    PodLeftovers,
    PodTiebreak,
    RatingImportance,
    SHARED_STRUCTURES,
    Structure,
)


class Event(models.Model):
    """A team tournament: Swiss rounds of team matches, then an optional top cut. With team_size 1 it is an
    individual event: "teams of one" inside, players wherever a person reads (RULES.md 9)."""

    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"))
    location = models.CharField(_("location"), max_length=200, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events", verbose_name=_("organizer")
    )
    team_size = models.PositiveSmallIntegerField(_("team size"), default=3)
    structure = models.CharField(
        _("structure"), max_length=20, choices=Structure.choices, default=Structure.SEAT_AGAINST_SEAT
    )
    pod_size = models.PositiveSmallIntegerField(
        _("pod size"),
        default=4,
        validators=[MinValueValidator(3), MaxValueValidator(5)],
        help_text=_("Multiplayer pods only: players a table, 3 to 5."),
    )
    pod_leftovers = models.CharField(
        _("players left over"),
        max_length=10,
        choices=PodLeftovers.choices,
        default=PodLeftovers.SMALLER,
        help_text=_("Multiplayer pods only: what the players left over make."),
    )
    pod_win_points = models.PositiveSmallIntegerField(_("points for a win"), default=5)
    pod_draw_points = models.PositiveSmallIntegerField(_("points for a draw"), default=1)
    pod_loss_points = models.PositiveSmallIntegerField(_("points for a loss"), default=0)
    pod_bye_points = models.PositiveSmallIntegerField(_("points for a bye"), default=1)
    pod_tiebreak = models.CharField(
        _("first tiebreaker"),
        max_length=20,
        choices=PodTiebreak.choices,
        default=PodTiebreak.OPPONENT_POINTS,
        help_text=_("Multiplayer pods only: after points; then games won, then seat order."),
    )
    pod_opponent_floor = models.PositiveSmallIntegerField(
        _("opponent's floor (%)"),
        default=25,
        validators=[MaxValueValidator(100)],
        help_text=_("Multiplayer pods only: the least share each opponent counts for in the opponents' average."),
    )
    pod_byes_at_floor = models.BooleanField(
        _("byes count as opponents at the floor"),
        default=False,
        help_text=_(
            "Multiplayer pods only: a bye adds a pod's worth of opponents at the floor to the opponents' average "
            "(TopDeck.gg's convention)."
        ),
    )
    shared_life = models.PositiveSmallIntegerField(
        _("shared starting life"),
        null=True,
        blank=True,
        help_text=_("Shared-game events only; filled from the preset."),
    )
    shared_poison = models.PositiveSmallIntegerField(
        _("shared poison limit"), null=True, blank=True, help_text=_("Shared-game events only; filled from the preset.")
    )
    shared_games_per_match = models.PositiveSmallIntegerField(
        _("games per shared-game match"), default=1, help_text=_("1 (MTR 9.1) or 3 (best of three).")
    )
    format_kind = models.CharField(
        _("format"), max_length=30, choices=FormatKind.choices, default=FormatKind.TEAM_CONSTRUCTED
    )
    constructed_format = models.CharField(
        _("constructed format"),
        max_length=30,
        blank=True,
        help_text=_("As MTGJSON names it: standard, pioneer, modern ..."),
    )
    seat_formats = models.JSONField(
        _("format per seat"),
        default=list,
        blank=True,
        help_text=_('Mixed-format events: ["standard", "pioneer", "modern"]'),
    )
    deck_rule = models.CharField(
        _("unified deck construction"), max_length=20, choices=DeckRule.choices, default=DeckRule.FOUR_COPIES
    )
    formats_must_differ = models.BooleanField(
        _("members' formats must all differ"),
        default=True,
        help_text=_(
            "Format per seat only: each member plays a different format (DCI 8.3). Untick to assign "
            "formats per seat freely."
        ),
    )
    enforcement_level = models.CharField(
        _("rules enforcement level"), max_length=15, choices=EnforcementLevel.choices, default=EnforcementLevel.REGULAR
    )
    draft_structure = models.CharField(
        _("draft structure"),
        max_length=15,
        choices=DraftStructure.choices,
        default=DraftStructure.EVERY_ROUND,
        help_text=_("Team Rochester only; chosen before the event starts."),
    )
    pods_play_across = models.BooleanField(
        _("pair across draft pods"),
        default=False,
        help_text=_(
            "Two-Headed Giant booster draft only, Regular REL only: the teams of a pod don't have to play each "
            "other (the pod rule, MTR 7.6, lifted); the event page says so."
        ),
    )
    rochester_teams_of_two = models.BooleanField(
        _("teams of two (house rule)"),
        default=False,
        help_text=_(
            "Team Rochester only: MTR 8.5 knows teams of three. Tick to run teams of two (12 packs a table) "
            "on purpose; the event page says it is a house rule."
        ),
    )
    deck_building_minutes = models.PositiveSmallIntegerField(
        _("deck building minutes"),
        null=True,
        blank=True,
        default=DEFAULT_DECK_BUILDING_MINUTES,
        help_text=_("Limited events: time to build and register decks after the draft. Empty: no clock."),
    )
    real_product = models.BooleanField(
        _("real product"),
        default=False,
        help_text=_(
            "Limited events: the players open real boosters at the table (a prerelease, a store draft), so "
            "Hydra doesn't know the pools. Decks are registered as typed lists, a main deck of at least 40 "
            "cards and the rest as sideboard, and are not checked against a pool."
        ),
    )
    decklists_at_regular = models.BooleanField(
        _("deck registration at Regular REL"),
        default=False,
        help_text=_(
            "Real product only: at Competitive and Professional REL the players always register their "
            "decks; at Regular REL only when this is ticked."
        ),
    )
    # Issue 53: a paired round waits for the organizer's "Publish" (Round.published_at) before players see it.
    review_pairings = models.BooleanField(
        _("review pairings before players see them"),
        null=True,
        blank=True,
        default=None,
        help_text=_(
            "A paired round stays a draft that only the organizer and staff see (and may change) until they "
            "publish it; players' pages, the screen, the API and notifications see it then. Empty: on at "
            "Competitive and Professional REL, off at Regular REL."
        ),
    )
    extra_banned = models.TextField(
        _("event banned list"),
        blank=True,
        help_text=_(
            "The event's own banned cards, one name per line: banned in every deck of this event, on top of the format's own list."
        ),
    )
    decklist_deadline = models.DateTimeField(
        _("decklist deadline"),
        null=True,
        blank=True,
        help_text=_("Players may submit and fix decklists until then. Empty: until round 1 is paired."),
    )
    decklists_locked = models.BooleanField(_("decklists locked"), default=False)
    decklists_published = models.BooleanField(
        _("publish the top teams' decklists"),
        default=False,
        help_text=_("Once the event is finished, the decklists of the top teams are public on the event's pages."),
    )
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), default=5)
    top_cut = models.PositiveSmallIntegerField(
        _("top cut"),
        default=0,
        choices=[(0, _("None")), (2, "2"), (4, "4"), (8, "8"), (10, "10"), (16, "16"), (32, "32"), (40, "40")],
    )
    bracket_seeding = models.CharField(
        _("event structure"),
        max_length=10,
        blank=True,
        default="",
        choices=BracketSeeding.choices,
        help_text=_(
            "Single elimination from round 1 instead of Swiss rounds: how the bracket is seeded; the top "
            "seeds get the byes."
        ),
    )
    # Issue 42: a Day 2 cut after a chosen Swiss round (tournaments/daytwo.py, docs/standings.md).
    day2_cut_round = models.PositiveSmallIntegerField(
        _("Day 2 cut after round"),
        null=True,
        blank=True,
        help_text=_(
            "After this Swiss round only those with the record or points below go on to Day 2; the others "
            'are marked "did not advance" and keep their standings. Empty: no Day 2 cut.'
        ),
    )
    day2_cut_kind = models.CharField(
        _("Day 2 cut by"),
        max_length=10,
        blank=True,
        default="",
        choices=CutKind.choices,
        help_text=_(
            'A record ("X-2 or better": 2 losses allowed, a draw counting its 1 match point) or match points '
            '("18 points or more").'
        ),
    )
    day2_cut_threshold = models.PositiveSmallIntegerField(
        _("Day 2 cut threshold"),
        null=True,
        blank=True,
        help_text=_("The losses allowed (record) or the match points needed (points)."),
    )
    day2_cut_applied = models.BooleanField(
        _("Day 2 cut made"),
        default=False,
        editable=False,
        help_text=_(
            "Set when the cut is made (after its round, by hand or when the next round is paired); cleared "
            "when the organizer undoes it."
        ),
    )
    status = models.CharField(_("status"), max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION)
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("Pairings and standings are visible to everyone.")
    )
    version = models.PositiveBigIntegerField(
        _("scoreboard version"),
        default=0,
        editable=False,
        help_text=_("Bumped by every change to pairings or results; scoreboards use it as their ETag."),
    )
    region = models.CharField(
        _("region"), max_length=100, blank=True, help_text=_("Where the event counts on regional leaderboards.")
    )
    rating_importance = models.CharField(
        _("rating importance"),
        max_length=20,
        choices=RatingImportance.choices,
        default=RatingImportance.CASUAL,
        help_text=_("Sets K, how far one result moves a rating: 16 casual, 32 competitive."),
    )
    seed_by_rating = models.BooleanField(
        _("seed by rating"),
        default=False,
        help_text=_(
            "Round 1 pairs the teams by rating (the top half against the bottom half) instead of at random, "
            "and teams tied on every tiebreaker, in the standings and for the top cut, are ordered by rating "
            "before the random final tiebreak. A team's rating is its members' mean in the event's rating "
            "category; a player never rated counts as 1600."
        ),
    )
    signup_open = models.BooleanField(
        _("sign-up open"),
        default=False,
        help_text=_("Captains may sign their teams up on the portal and invite their teammates."),
    )
    signup_deadline = models.DateTimeField(
        _("sign-up deadline"),
        null=True,
        blank=True,
        help_text=_("A team must have every seat filled by then. Empty: until sign-up is closed."),
    )
    signup_capacity = models.PositiveSmallIntegerField(
        _("capacity (teams)"),
        null=True,
        blank=True,
        help_text=_(
            "Complete teams beyond this many go on the waitlist, in the order they were completed. Empty: no limit."
        ),
    )
    signup_needs_approval = models.BooleanField(
        _("organizer approves teams by hand"),
        default=False,
        help_text=_("A complete team waits for the organizer's approval before it takes a place."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(team_size__gte=1, team_size__lte=MAX_TEAM_SIZE),
                name="event_team_size_range",
                violation_error_message=_("A team has 1 to %(max)d members (1: an individual event of single players).")
                % {"max": MAX_TEAM_SIZE},
            ),
            models.CheckConstraint(
                # A single-elimination event stores its bracket's size there once seeded (64, 128 ...).
                condition=Q(top_cut__in=[0, 2, 4, 8, 10, 16, 32, 40]) | ~Q(bracket_seeding=""),
                name="event_top_cut_choice",
                violation_error_message=_("The top cut is 0, 2, 4, 8, 16 or 32 teams."),
            ),
            models.CheckConstraint(
                condition=Q(swiss_rounds__gte=1, swiss_rounds__lte=30),
                name="event_swiss_rounds_range",
                violation_error_message=_("An event has 1 to 30 Swiss rounds."),
            ),
            models.CheckConstraint(
                condition=Q(shared_games_per_match__in=[1, 3]),
                name="event_shared_games_choice",
                violation_error_message=_("A shared-game match is one game or best of three."),
            ),
            models.CheckConstraint(
                condition=~Q(format_kind__in=["2hg_constructed", "2hg_sealed", "2hg_draft"])
                | Q(team_size=2, structure=Structure.TWO_HEADED_GIANT),
                name="event_2hg_is_two_headed_giant",
                violation_error_message=_(
                    "Two-Headed Giant formats need teams of 2 and the Two-Headed Giant structure."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(structure=Structure.TWO_HEADED_GIANT) | Q(team_size=2),
                name="event_2hg_team_of_two",
                violation_error_message=_("Two-Headed Giant is played by teams of 2."),
            ),
            models.CheckConstraint(
                condition=Q(structure__in=[Structure.SEAT_AGAINST_SEAT, Structure.MULTIPLAYER_PODS])
                | Q(shared_life__isnull=False, shared_poison__isnull=False, shared_life__gte=1, shared_poison__gte=1),
                name="event_shared_game_has_totals",
                violation_error_message=_("A shared-game event needs its starting life and poison limit."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def reviews_pairings(self) -> bool:
        """Whether a round paired now waits for "Publish": the organizer's choice (review_pairings), else on at
        Competitive and Professional REL and off at Regular REL."""
        if self.review_pairings is not None:
            return self.review_pairings
        return self.enforcement_level != EnforcementLevel.REGULAR

    @property
    def seat_letters(self) -> str:
        """The seats of this event's teams, "ABC" for teams of three."""
        return SEAT_LETTERS[: self.team_size]

    @property
    def is_single_elimination(self) -> bool:
        """A single-elimination bracket from round 1 (no Swiss rounds; top_cut is the bracket's size once seeded)."""
        return bool(self.bracket_seeding)

    @property
    def playoff_offset(self) -> int:
        """The number of rounds before the first playoff round: the Swiss rounds, none in a single-elimination
        event."""
        return 0 if self.bracket_seeding else self.swiss_rounds

    @property
    def is_individual(self) -> bool:
        """An event of single players: "teams of one" inside, "players" wherever a person reads (RULES.md 9)."""
        return self.team_size == 1

    @property
    def has_decklists(self) -> bool:
        """Constructed events register decklists (RULES.md 5); limited events register pools instead."""
        return self.format_kind in CONSTRUCTED_FORMATS

    @property
    def drafts_every_round(self) -> bool:
        """A team Rochester event whose rounds each draft at their own tables (the pod rule, MTR 7.6)."""
        return self.format_kind == FormatKind.TEAM_ROCHESTER and self.draft_structure == DraftStructure.EVERY_ROUND

    @property
    def is_shared_game(self) -> bool:
        return self.structure in SHARED_STRUCTURES

    @property
    def is_multiplayer(self) -> bool:
        """Multiplayer tables (players say pods): individuals at tables of three to five, one winner a game
        (docs/multiplayer.md)."""
        return self.structure == Structure.MULTIPLAYER_PODS
