from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import SEAT_LETTERS

from .event import Event
from .people import Player, Team


class Registration(models.Model):
    """A team entered in an event. The whole team drops together (RULES.md 1)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("event"))
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("team"))
    joined_round = models.PositiveSmallIntegerField(
        _("joined in round"), default=1, help_text=_("Late entries join in a later round.")
    )
    missed_rounds_as_losses = models.BooleanField(
        _("missed rounds count as losses"),
        default=False,
        help_text=_("Otherwise a late entry starts with zero points."),
    )
    dropped_round = models.PositiveSmallIntegerField(
        _("dropped in round"), null=True, blank=True, help_text=_("The team plays no round after this one.")
    )
    disqualified_at = models.DateTimeField(
        _("disqualified at"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("A disqualified team gets no further pairings; its earlier matches still count for its opponents."),
    )
    disqualified_reason = models.TextField(_("reason for the disqualification"), blank=True, editable=False)
    deck_problems = models.JSONField(
        _("decklist problems"),
        default=list,
        blank=True,
        editable=False,
        help_text=_("The team's decklist problems as of the latest submission, each with a message."),
    )
    topcut_seed = models.PositiveSmallIntegerField(
        _("top-cut seed"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Fixed when the top cut starts; a team that drops in the playoff keeps it."),
    )
    # Issue 42: a Day 2 cut after round N marks those below its threshold; not a drop of their own choice.
    day2_cut_round = models.PositiveSmallIntegerField(
        _("did not advance after round"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Set by the event's Day 2 cut: not paired after this round, standings and placings kept."),
    )
    # Issue 42: byes earned in advance (a qualification's reward) and a table kept all event (accessibility).
    byes_in_advance = models.PositiveSmallIntegerField(
        _("byes in advance"),
        default=0,
        help_text=_("0 to 3: a bye in rounds 1 to this number, each counted as a match win."),
    )
    fixed_table = models.PositiveSmallIntegerField(
        _("fixed table"),
        null=True,
        blank=True,
        help_text=_("Keeps this table number every round (accessibility); the other tables are numbered around it."),
    )
    # The last tiebreak's key when it came with an event file (issue 39): final_tiebreak(seed, id) of the event the
    # file was exported from, so the order survives the new ids. Empty: computed from this event's own ids.
    tiebreak = models.CharField(_("final tiebreak key"), max_length=64, blank=True, default="", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "team__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "team"],
                name="registration_team_once_per_event",
                violation_error_message=_("This team is already registered for this event."),
            ),
            models.CheckConstraint(
                condition=Q(joined_round__gte=1),
                name="registration_joined_round_positive",
                violation_error_message=_("Rounds are numbered from 1."),
            ),
            models.UniqueConstraint(
                fields=["event", "topcut_seed"],
                name="registration_topcut_seed_once_per_event",
                violation_error_message=_("Two teams can't hold the same top-cut seed."),
            ),
            models.CheckConstraint(
                condition=Q(byes_in_advance__lte=3),
                name="registration_byes_in_advance_range",
                violation_error_message=_("Byes in advance are 0 to 3."),
            ),
            models.CheckConstraint(
                condition=Q(fixed_table__isnull=True) | Q(fixed_table__gte=1),
                name="registration_fixed_table_positive",
                violation_error_message=_("Tables are numbered from 1."),
            ),
            models.UniqueConstraint(
                fields=["event", "fixed_table"],
                name="registration_fixed_table_once_per_event",
                violation_error_message=_("This table is already kept by another entrant."),
            ),
            models.CheckConstraint(
                condition=Q(dropped_round__isnull=True) | Q(dropped_round__gte=models.F("joined_round") - 1),
                name="registration_drop_after_join",
                violation_error_message=_("A team can't drop before the round it joined in."),
            ),
        ]

    def __str__(self) -> str:
        return str(self.team)

    @classmethod
    def from_db(cls, db, field_names, values):
        instance = super().from_db(db, field_names, values)
        instance._stored_event_id = instance.__dict__.get("event_id")
        return instance

    def _event_change_problem(self) -> str | None:
        stored = getattr(self, "_stored_event_id", None)
        if self.pk and stored is not None and self.event_id != stored:
            return _(
                "A registration can't move to another event: its seats and results belong to this one. "
                "Register the team for the other event instead."
            )
        return None

    def clean(self):
        super().clean()
        problem = self._event_change_problem()
        if problem:
            raise ValidationError({"event": problem})

    def save(self, *args, **kwargs):
        # The seats repeat the event (Seat.event) so the database can refuse a player on two teams of one event;
        # moving the registration would leave them behind, so it is refused everywhere, not only in forms.
        problem = self._event_change_problem()
        if problem:
            raise ValidationError({"event": problem})
        super().save(*args, **kwargs)
        self._stored_event_id = self.event_id

    @property
    def is_dropped(self) -> bool:
        """Out of the event: dropped or disqualified (both get no further pairings)."""
        return self.dropped_round is not None

    @property
    def did_not_advance(self) -> bool:
        """Below the event's Day 2 cut: no longer paired, but not dropped by choice (tournaments/daytwo.py)."""
        return self.day2_cut_round is not None

    @property
    def is_disqualified(self) -> bool:
        return self.disqualified_at is not None


class AvoidedPairing(models.Model):
    """Two teams of an event the organizer asked not to pair (family, one household) while it is avoidable: the
    pairing engine treats the pair like a rematch, made only when nothing else works (issue 42).

    Stored once per pair, the lower registration id first."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="avoided_pairings", verbose_name=_("event"))
    first = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+", verbose_name=_("one side"))
    second = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+", verbose_name=_("other side"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "first", "second"]
        verbose_name = _("pairing to avoid")
        verbose_name_plural = _("pairings to avoid")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "first", "second"],
                name="avoided_pairing_once",
                violation_error_message=_("These two are already a pairing to avoid."),
            ),
            models.CheckConstraint(
                condition=Q(first__lt=models.F("second")),
                name="avoided_pairing_ordered",
                violation_error_message=_("Name two different entrants."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"


class Seat(models.Model):
    """A player on a fixed seat (A, B, C ...) of a registered team (MTR 8.2).

    `event` repeats the registration's event so the database itself can refuse a player on two teams of one event.
    """

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="seats")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+", editable=False)
    letter = models.CharField(_("seat"), max_length=1, choices=[(c, c) for c in SEAT_LETTERS])
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player"))

    class Meta:
        ordering = ["registration", "letter"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "letter"],
                name="seat_letter_once_per_team",
                violation_error_message=_("Each seat of a team holds one player."),
            ),
            models.UniqueConstraint(
                fields=["event", "player"],
                name="seat_player_once_per_event",
                violation_error_message=_("This player is already on a team in this event."),
            ),
            models.CheckConstraint(
                condition=Q(letter__in=list(SEAT_LETTERS)),
                name="seat_letter_valid",
                violation_error_message=_("Seats are lettered A to H."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} {self.letter}: {self.player}"

    def save(self, *args, **kwargs):
        # The denormalised event always follows the registration; nothing else may set it.
        self.event_id = self.registration.event_id
        super().save(*args, **kwargs)
