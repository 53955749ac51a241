"""The live team Rochester draft (RULES.md 6): settings per event, tables, the cards laid out, the audit log.

A DraftTable row serialises everything that happens at its table: every pick, timeout and organizer action locks
it (services.timers.table_lock) and checks the pick it expects. See docs/drafting.md.
"""

import datetime as dt

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drafting import booster, thg
from drafting.passing import PassingDraft
from tournaments.models import Event, Registration, Round

DEFAULT_REVIEW_SECONDS = 20
DEFAULT_PICK_SECONDS = 5
DEFAULT_ROUND_REVIEW_SECONDS = 30


class DraftStatus(models.TextChoices):
    SETUP = "setup", _("Being set up")
    RUNNING = "running", _("Drafting")
    PAUSED = "paused", _("Paused")
    FINISHED = "finished", _("Finished")


class PickVia(models.TextChoices):
    """Who made a pick. TIMER, SWEEP, READ and LATE are the "oldest card" rule applied for a player out of time;
    LAST is the one card left in a pack, which has nobody to choose between and goes to its taker at once."""

    PLAYER = "player", _("The player")
    TIMER = "timer", _("Timer task")
    SWEEP = "sweep", _("Periodic sweep")
    READ = "read", _("Applied on reading the table")
    LATE = "late", _("Player was too late")
    JUDGE = "judge", _("Judge's action")
    LAST = "last", _("Last card of the pack, taken at once")


class PackSource(models.TextChoices):
    GENERATED = "generated", _("Generated from the set's booster configuration")
    ENTERED = "entered", _("Entered from real packs")
    PAPER = "paper", _("Real packs drafted on the table (a called draft)")


class DraftAction(models.TextChoices):
    TABLES_CREATED = "tables_created", _("Tables created")
    CHOICE = "choice", _("Team chose who picks first")
    PACKS = "packs", _("Packs loaded")
    START = "start", _("Started")
    PAUSE = "pause", _("Paused")
    REVIEW_BREAK = "review_break", _("Review break granted")
    RESUME = "resume", _("Resumed")
    UNDO = "undo", _("Last pick undone")
    END = "end", _("Ended")
    TIMING = "timing", _("Timing changed")
    PODS_SEATED = "pods_seated", _("Pods seated")


class PodFormat(models.TextChoices):
    """The formats that draft in pods, every seat picking under one clock (drafting.passing)."""

    THG = "2hg", _("Two-Headed Giant booster draft")
    BOOSTER = "booster", _("Booster draft")


class DraftSettings(models.Model):
    """How an event drafts: the set its packs come from and its timers (empty means no limit)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="draft_settings", verbose_name=_("event")
    )
    set_code = models.CharField(
        _("set"),
        max_length=10,
        blank=True,
        help_text=_("The set packs are generated from; empty if packs are entered."),
    )
    review_seconds = models.PositiveSmallIntegerField(
        _("review seconds"),
        null=True,
        blank=True,
        default=DEFAULT_REVIEW_SECONDS,
        help_text=_("Time to look at a pack once it is laid out. Empty: no limit."),
    )
    pick_seconds = models.PositiveSmallIntegerField(
        _("seconds per pick"),
        null=True,
        blank=True,
        default=DEFAULT_PICK_SECONDS,
        validators=[MinValueValidator(1)],
        help_text=_("Empty: no limit."),
    )
    thg_pick_seconds = models.JSONField(
        _("Two-Headed Giant pick seconds"),
        default=dict,
        blank=True,
        help_text=_(
            'Seconds for a two-card pick by the cards in the pack, e.g. {"15": 80, "9": 40, "3": 10}. '
            "Empty: the default table (longer for full packs, shrinking as packs empty)."
        ),
    )
    booster_pick_seconds = models.JSONField(
        _("booster draft pick seconds"),
        default=dict,
        blank=True,
        help_text=_(
            'Seconds for a pick by the cards in the pack, e.g. {"15": 40, "9": 20, "2": 5}. '
            "Empty: the MTR's booster draft table (Appendix B)."
        ),
    )

    pods_every_round = models.BooleanField(
        _("pair within the pod every round"),
        default=False,
        help_text=_("Booster draft: every Swiss round pairs within the draft pod, not only round 1."),
    )

    class Meta:
        verbose_name = _("draft settings")
        verbose_name_plural = _("draft settings")

    def __str__(self) -> str:
        return f"{self.event.name}: draft settings"


class DraftBase(models.Model):
    """What every live draft row has, whatever its format (drafting.core runs the lifecycle on it): the packs'
    source and sizes, the status (waiting = setup, running, paused or a review break, finished), the end of the
    review period, the current pick's deadline, the time left while paused, and a `version` counter that goes up
    with every change a page could show. The row is the draft's lock (core.draft_lock)."""

    set_code = models.CharField(_("set"), max_length=10, blank=True)
    booster_seed = models.CharField(_("booster seed"), max_length=40, blank=True)
    pack_source = models.CharField(_("packs"), max_length=10, choices=PackSource.choices, blank=True)
    pack_sizes = models.JSONField(_("pack sizes"), default=list, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=DraftStatus.choices, default=DraftStatus.SETUP)
    review_break = models.BooleanField(_("review break"), default=False)
    picks_open_at = models.DateTimeField(_("picks open at"), null=True, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    paused_deadline_left = models.FloatField(null=True, blank=True)
    paused_review_left = models.FloatField(null=True, blank=True)
    version = models.PositiveBigIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def deck_building_ends_at(self):
        """When deck building after the draft ends, or None: no clock, or the draft isn't over."""
        if self.status != DraftStatus.FINISHED or self.finished_at is None or self.deck_building_minutes is None:
            return None
        return self.finished_at + dt.timedelta(minutes=self.deck_building_minutes)


class DraftTable(DraftBase):
    """Two teams drafting together, and where their draft stands.

    `chooser` is the team the random draw picked to decide, `first_team` what it decided (1 or 2, null until then).
    `pack_index` (0-based) and `pick_number` (1-based, within the pack) name the pick the table waits for.
    `deadline` is when that pick times out (null: no limit, or not running); `picks_open_at` ends the review
    period. While paused, `paused_deadline_left` and `paused_review_left` hold the seconds that were left.
    `version` goes up with every change players could see; pages poll with it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="draft_tables", verbose_name=_("event"))
    # The round whose match this table's two teams play (the pod rule, MTR 7.6); its number is the match's table
    # number. Empty for the one draft of an event that lifts the pod rule. Deleting a round deletes its tables.
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="draft_tables", null=True, blank=True, verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    team1 = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="+", verbose_name=_("team 1"))
    team2 = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="+", verbose_name=_("team 2"))
    seed = models.BigIntegerField(_("seed"), help_text=_("Decides the draw and, unless given, the packs."))
    chooser = models.PositiveSmallIntegerField(_("team that won the draw"), choices=[(1, "1"), (2, "2")])
    first_team = models.PositiveSmallIntegerField(
        _("team that picks first"), choices=[(1, "1"), (2, "2")], null=True, blank=True
    )
    review_seconds = models.FloatField(_("review seconds"), null=True, blank=True)
    pick_seconds = models.FloatField(_("seconds per pick"), null=True, blank=True)
    deck_building_minutes = models.PositiveSmallIntegerField(
        _("deck building minutes"), null=True, blank=True, help_text=_("The clock after the draft; empty: none.")
    )

    pack_index = models.PositiveSmallIntegerField(_("pack"), default=0)
    pick_number = models.PositiveSmallIntegerField(_("pick"), default=1)

    class Meta:
        ordering = ["event", "round__number", "number"]
        verbose_name = _("draft table")
        verbose_name_plural = _("draft tables")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                condition=Q(round__isnull=True),
                name="drafttable_number_once_per_event",
                violation_error_message=_("This event already has a draft table with this number."),
            ),
            models.UniqueConstraint(
                fields=["round", "number"],
                condition=Q(round__isnull=False),
                name="drafttable_number_once_per_round",
                violation_error_message=_("This round already has a draft table with this number."),
            ),
            models.CheckConstraint(
                condition=~Q(team1=models.F("team2")),
                name="drafttable_two_teams",
                violation_error_message=_("A team can't draft against itself."),
            ),
            models.CheckConstraint(
                condition=Q(pick_number__gte=1),
                name="drafttable_pick_number_positive",
                violation_error_message=_("Picks are numbered from 1."),
            ),
        ]

    def __str__(self) -> str:
        if self.round_id is None:
            return f"{self.event.name}, draft table {self.number}"
        return f"{self.event.name}, {self.round.name}, draft table {self.number}"

    @property
    def team_size(self) -> int:
        return self.event.team_size

    @property
    def pack_count(self) -> int:
        """Packs in the whole draft: three per player."""
        return 3 * 2 * self.team_size

    @property
    def pick_count(self) -> int:
        return sum(self.pack_sizes)

    @property
    def picks_made(self) -> int:
        """Picks recorded so far (the table's position, so no query)."""
        if self.status == DraftStatus.SETUP or not self.pack_sizes:
            return 0
        done = sum(self.pack_sizes[: self.pack_index])
        if self.pack_index >= len(self.pack_sizes):
            return done
        return done + self.pick_number - 1


class DraftCard(models.Model):
    """One card laid out at a table: which pack, where in the layout, and who took it with which pick.

    The card's data is copied from the booster card (or the organizer's entry) so a draft never changes after it.
    The unique (table, pack, pick) constraint is the last line against a doubled pick.
    """

    table = models.ForeignKey(DraftTable, on_delete=models.CASCADE, related_name="cards")
    pack_index = models.PositiveSmallIntegerField(_("pack"))
    position = models.PositiveSmallIntegerField(_("laid out"), help_text=_("1 is laid out first (the oldest card)."))
    uuid = models.CharField(max_length=36, blank=True)
    name = models.CharField(_("name"), max_length=200)
    set_code = models.CharField(max_length=10, blank=True)
    rarity = models.CharField(max_length=10, blank=True)
    colors = models.CharField(max_length=5, blank=True, help_text=_("WUBRG letters"))
    types = models.CharField(max_length=100, blank=True)
    mana_value = models.FloatField(default=0)
    foil = models.BooleanField(default=False)
    picked_by = models.CharField(_("picked by"), max_length=2, blank=True)
    pick_number = models.PositiveSmallIntegerField(_("pick"), null=True, blank=True)
    picked_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, help_text=_("The deadline the pick was made against."))
    via = models.CharField(max_length=10, choices=PickVia.choices, blank=True)

    class Meta:
        ordering = ["table", "pack_index", "position"]
        verbose_name = _("draft card")
        verbose_name_plural = _("draft cards")
        constraints = [
            models.UniqueConstraint(fields=["table", "pack_index", "position"], name="draftcard_position_once"),
            models.UniqueConstraint(
                fields=["table", "pack_index", "pick_number"],
                name="draftcard_pick_once",
                condition=Q(pick_number__isnull=False),
            ),
            models.CheckConstraint(
                condition=Q(pick_number__isnull=True, picked_by="") | Q(pick_number__isnull=False) & ~Q(picked_by=""),
                name="draftcard_pick_has_seat",
            ),
        ]
        indexes = [models.Index(fields=["table", "picked_by"], name="draftcard_pool")]

    def __str__(self) -> str:
        return self.name


# --- Two-Headed Giant booster draft in pods (RULES.md 7, MTR 9.7; the rules are drafting.thg) -----------------------


class Pod(DraftBase):
    """Three or four teams (five when confirmed) drafting together, and where their draft stands.

    The whole pod picks under one clock: `pack_round` (0..5) and `step` (0-based) name the pick step the pod waits
    for; `deadline` is when it times out. The row is the pod's lock: every pick, timeout and organizer action locks
    it (services.timers.pod_lock), so two teammates pressing at once, or a pick racing its timer, record one pick.
    `pack_sizes` holds the sizes of every pack, by round then opener seat. `version` goes up with every change a page
    could show.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pods", verbose_name=_("event"))
    format = models.CharField(_("format"), max_length=10, choices=PodFormat.choices, default=PodFormat.THG)
    number = models.PositiveSmallIntegerField(_("pod"))
    seed = models.BigIntegerField(_("seed"))
    pick_seconds = models.JSONField(_("pick seconds"), default=dict, blank=True)
    review_between_picks = models.BooleanField(
        _("pool visible between picks"),
        default=False,
        help_text=_("Regular REL only: teams may look through their pool between picks."),
    )
    deck_building_minutes = models.PositiveSmallIntegerField(_("deck building minutes"), null=True, blank=True)
    round_review_seconds = models.FloatField(
        _("review seconds between pack rounds"),
        null=True,
        blank=True,
        default=DEFAULT_ROUND_REVIEW_SECONDS,
        help_text=_("Before each pack round after the first, the teams look through their pool. Empty: none."),
    )
    review_seconds_by_round = models.JSONField(
        _("review seconds before each pack round"),
        default=list,
        blank=True,
        help_text=_("The review before pack 2, pack 3, ... (e.g. [30, 45]); empty: the review seconds above for each."),
    )

    phase_number = models.PositiveSmallIntegerField(
        _("phase"),
        null=True,
        blank=True,
        help_text=_("The phase of the event's plan this pod drafts in; empty for an event without phases."),
    )

    pack_round = models.PositiveSmallIntegerField(_("pack round"), default=0)
    step = models.PositiveSmallIntegerField(_("pick"), default=0)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("draft pod")
        verbose_name_plural = _("draft pods")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                name="pod_number_once_per_event",
                violation_error_message=_("This event already has a pod with this number."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, pod {self.number}"

    @property
    def rules(self) -> PassingDraft:
        """The pure rules of the pod's format (pack rounds, cards a pick, pick times)."""
        return booster.RULES if self.format == PodFormat.BOOSTER else thg.RULES

    @property
    def step_key(self) -> int:
        """The current pick step as one number that only grows (PodTeam.picked_through compares with it)."""
        return step_key(self.pack_round, self.step)


def step_key(pack_round: int, step: int) -> int:
    return pack_round * 100 + step


class PodTeam(models.Model):
    """A team's seat in its pod (0 first, clockwise; teammates side by side), the last step it picked in, and the
    two cards a teammate has chosen but not yet confirmed (shown live to the other)."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="teams", verbose_name=_("pod"))
    registration = models.ForeignKey(
        Registration, on_delete=models.RESTRICT, related_name="pod_seats", verbose_name=_("team")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    picked_through = models.IntegerField(default=-1)
    tentative = models.JSONField(default=list, blank=True)
    tentative_by = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["pod", "seat"]
        verbose_name = _("pod team")
        verbose_name_plural = _("pod teams")
        constraints = [
            models.UniqueConstraint(fields=["pod", "seat"], name="podteam_seat_once"),
            models.UniqueConstraint(fields=["registration"], name="podteam_one_pod_per_team"),
        ]

    def __str__(self) -> str:
        return f"{self.pod}: seat {self.seat + 1}"


class PodCard(models.Model):
    """One card of one booster of a pod: its pack round, the seat that opened it, its place in the pack, and which
    team took it at which step. The unique (team, round, step, slot) constraint is the last line against a doubled
    pick: a team takes at most two cards from each pack that reaches it."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="cards")
    pack_round = models.PositiveSmallIntegerField(_("pack round"))
    opener = models.PositiveSmallIntegerField(_("opened by seat"))
    position = models.PositiveSmallIntegerField(_("position"), help_text=_("1 is the oldest card of the pack."))
    uuid = models.CharField(max_length=36, blank=True)
    name = models.CharField(_("name"), max_length=200)
    set_code = models.CharField(max_length=10, blank=True)
    rarity = models.CharField(max_length=10, blank=True)
    colors = models.CharField(max_length=5, blank=True)
    types = models.CharField(max_length=100, blank=True)
    mana_value = models.FloatField(default=0)
    foil = models.BooleanField(default=False)
    team = models.ForeignKey(PodTeam, on_delete=models.CASCADE, null=True, blank=True, related_name="picks")
    pick_step = models.PositiveSmallIntegerField(null=True, blank=True)
    pick_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    picked_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True)
    via = models.CharField(max_length=10, choices=PickVia.choices, blank=True)

    class Meta:
        ordering = ["pod", "pack_round", "opener", "position"]
        verbose_name = _("pod card")
        verbose_name_plural = _("pod cards")
        constraints = [
            models.UniqueConstraint(fields=["pod", "pack_round", "opener", "position"], name="podcard_position_once"),
            models.UniqueConstraint(
                fields=["team", "pack_round", "pick_step", "pick_slot"],
                name="podcard_two_per_pick",
                condition=Q(team__isnull=False),
            ),
        ]
        indexes = [models.Index(fields=["pod", "pack_round", "opener"], name="podcard_pack")]

    def __str__(self) -> str:
        return self.name


class TimerKind(models.TextChoices):
    CALLED_DRAFT = "draft", _("Called draft")
    DECK_BUILDING = "build", _("Deck building")


class EventTimer(models.Model):
    """A timer every page computes by itself (drafting.called): the called draft of a paper draft (a booster or
    Two-Headed Giant draft's pods, one pod, or one team Rochester table of a round), or the deck building time of
    any limited event (a draft or sealed with real product). The schedule is frozen at the start; the stopwatch is
    `started_at`, `paused_at` (set while paused) and the seconds it stood paused before. `version` goes up with
    every change, so a page knows when to fetch it again.

    Its scope: the whole event (no pod, no table), one pod, or one draft table (a round's table of a team
    Rochester draft); each scope has at most one timer of a kind, so every table of every round has its call."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="timers", verbose_name=_("event"))
    pod = models.ForeignKey(
        "Pod", on_delete=models.CASCADE, related_name="timers", null=True, blank=True, verbose_name=_("pod")
    )
    table = models.ForeignKey(
        DraftTable,
        on_delete=models.CASCADE,
        related_name="timers",
        null=True,
        blank=True,
        verbose_name=_("draft table"),
    )
    kind = models.CharField(_("timer"), max_length=5, choices=TimerKind.choices)
    schedule = models.JSONField(_("schedule"), default=list)
    started_at = models.DateTimeField(_("started at"))
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    paused_seconds = models.FloatField(_("seconds paused"), default=0)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        verbose_name = _("event timer")
        verbose_name_plural = _("event timers")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "kind"],
                condition=Q(pod__isnull=True, table__isnull=True),
                name="one_timer_of_a_kind_per_event",
            ),
            models.UniqueConstraint(
                fields=["pod", "kind"], condition=Q(pod__isnull=False), name="one_timer_of_a_kind_per_pod"
            ),
            models.UniqueConstraint(
                fields=["table", "kind"], condition=Q(table__isnull=False), name="one_timer_of_a_kind_per_table"
            ),
            models.CheckConstraint(
                condition=Q(pod__isnull=True) | Q(table__isnull=True), name="timer_of_a_pod_or_a_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}: {self.get_kind_display()}"
