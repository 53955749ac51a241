from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.enums import SEAT_LETTERS, Outcome, ResultState, RoundKind
from tournaments.topcut import TopCutError, playoff_round_name

from .event import Event
from .registration import Registration


class Round(models.Model):
    """One round of an event; its random seed is stored so its pairing can be reproduced."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=10, choices=RoundKind.choices, default=RoundKind.SWISS)
    seed = models.BigIntegerField(_("pairing seed"), default=0)
    is_finished = models.BooleanField(_("finished"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Issue 53: when players may see the round. Empty while the organizer reviews its pairings (the event's
    # reviews_pairings); the pairing services set it, and a round written any other way (an imported event file)
    # is published as it is written.
    published_at = models.DateTimeField(_("published"), null=True, blank=True, default=timezone.now)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                name="round_number_once_per_event",
                violation_error_message=_("This event already has a round with this number."),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="round_number_positive",
                violation_error_message=_("Rounds are numbered from 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, {self.name}"

    @property
    def name(self) -> str:
        """What every page, the admin and the API call the round: "Round 3" for a Swiss round, "Quarterfinal",
        "Semifinal" or "Final" for a playoff round (never "Round 5"), "Top pod" for a Commander night's, in the active
        language."""
        if self.kind == RoundKind.PLAYOFF and self.event.is_multiplayer:  # one pod, not a bracket (issue 56)
            return str(_("Top pod"))
        if self.kind == RoundKind.PLAYOFF:
            try:
                english = playoff_round_name(
                    top_cut=self.event.top_cut, playoff_round=self.number - self.event.playoff_offset
                )
            except TopCutError:
                english = ""
            names = {"Quarterfinal": _("Quarterfinal"), "Semifinal": _("Semifinal"), "Final": _("Final")}
            if english in names:
                return str(names[english])
            if english:  # a top 16 or 32, a bigger single-elimination bracket: "Round of 16" ...
                return str(_("Round of %(n)s") % {"n": english.rsplit(" ", 1)[1]})
            return str(_("Playoff round %(n)d") % {"n": self.number - self.event.playoff_offset})
        return str(_("Round %(n)d") % {"n": self.number})

    @property
    def is_published(self) -> bool:
        """Players see the round (tournaments.selectors.rounds.rounds_players_see)."""
        return self.published_at is not None


class TeamMatch(models.Model):
    """Two teams at a table, or one team and the bye (team_b empty)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    team_a = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="matches_as_a", verbose_name=_("team A")
    )
    team_b = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="matches_as_b",
        null=True,
        blank=True,
        verbose_name=_("team B"),
        help_text=_("Empty for a bye."),
    )
    # Shared-game matches (2HG, 3HS) keep their games here; seat-against-seat matches in SeatMatch rows.
    games_won_a = models.PositiveSmallIntegerField(_("games won by A"), default=0)
    games_won_b = models.PositiveSmallIntegerField(_("games won by B"), default=0)
    games_drawn = models.PositiveSmallIntegerField(_("games drawn"), default=0)
    outcome = models.CharField(_("outcome"), max_length=1, choices=Outcome.choices, blank=True)
    result_state = models.CharField(
        _("result"), max_length=10, choices=ResultState.choices, default=ResultState.PENDING
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reported_at = models.DateTimeField(_("reported at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    dispute_note = models.TextField(_("dispute"), blank=True, help_text=_("Why the other team disputes the report."))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"],
                name="match_table_once_per_round",
                violation_error_message=_("Two matches can't share a table in one round."),
            ),
            models.UniqueConstraint(
                fields=["round", "team_a"],
                name="match_team_a_once_per_round",
                violation_error_message=_("This team already plays in this round."),
            ),
            models.UniqueConstraint(
                fields=["round", "team_b"],
                name="match_team_b_once_per_round",
                violation_error_message=_("This team already plays in this round."),
            ),
            models.CheckConstraint(
                condition=~Q(team_a=F("team_b")),
                name="match_two_different_teams",
                violation_error_message=_("A team can't play itself."),
            ),
            models.CheckConstraint(
                condition=Q(team_b__isnull=False) | Q(outcome=Outcome.A_WINS, result_state=ResultState.FINAL),
                name="match_bye_is_a_final_win",
                violation_error_message=_("A bye is a final match win for its team."),
            ),
            models.CheckConstraint(
                condition=Q(result_state__in=[ResultState.PENDING]) | ~Q(outcome=""),
                name="match_reported_has_outcome",
                violation_error_message=_("A reported result needs an outcome."),
            ),
        ]

    def __str__(self) -> str:
        if self.team_b_id is None:
            return f"Table {self.table}: {self.team_a} (bye)"
        return f"Table {self.table}: {self.team_a} v {self.team_b}"

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None


class SeatMatch(models.Model):
    """The individual best-of-three match of seat A against seat A (and B against B ...), games from A's side."""

    team_match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="seat_matches")
    letter = models.CharField(_("seat"), max_length=1, choices=[(c, c) for c in SEAT_LETTERS])
    wins_a = models.PositiveSmallIntegerField(_("games won by team A's player"), default=0)
    wins_b = models.PositiveSmallIntegerField(_("games won by team B's player"), default=0)
    draws = models.PositiveSmallIntegerField(_("games drawn"), default=0)

    class Meta:
        ordering = ["team_match", "letter"]
        verbose_name = _("seat match")
        verbose_name_plural = _("seat matches")
        constraints = [
            models.UniqueConstraint(
                fields=["team_match", "letter"],
                name="seatmatch_once_per_seat",
                violation_error_message=_("Each seat plays one match per team match."),
            ),
            # A best of three (scoring checks it); a playoff may be a best of five, as published events have them.
            models.CheckConstraint(
                condition=Q(wins_a__lte=3, wins_b__lte=3, draws__lte=3) & ~Q(wins_a=3, wins_b=3),
                name="seatmatch_best_of_five_at_most",
                violation_error_message=_("An individual match is at most a best of five: at most 3 wins per player."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.letter}: {self.wins_a}-{self.wins_b}-{self.draws}"
