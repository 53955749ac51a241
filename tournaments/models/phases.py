from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import FormatKind, PairingScope
from tournaments.wording import format_label

from .event import Event
from .registration import Registration

MAX_POD_SIZE = 8


class Phase(models.Model):
    """One phase of a big event (issue 42, docs/phases.md): a run of Swiss rounds with its own format and pairing
    scope. Rounds are numbered through the event: phase 2 of a plan of 3 + 3 rounds plays rounds 4 to 6
    (tournaments.phases). An event without phase rows is one phase in its own format, as always."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="phases", verbose_name=_("event"))
    number = models.PositiveSmallIntegerField(_("phase"))
    name = models.CharField(_("name"), max_length=100, blank=True)
    format_kind = models.CharField(_("format"), max_length=30, choices=FormatKind.choices)
    constructed_format = models.CharField(
        _("constructed format"),
        max_length=30,
        blank=True,
        help_text=_("Constructed phases: as MTGJSON names it (standard, modern ...). Empty: the event's."),
    )
    rounds = models.PositiveSmallIntegerField(
        _("Swiss rounds"), validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    pairing_scope = models.CharField(
        _("pairing scope"),
        max_length=10,
        choices=PairingScope.choices,
        default=PairingScope.FIELD,
        help_text=_("The whole field, or within the phase's draft pods seated by the standings (pod 1 the top)."),
    )
    pod_size = models.PositiveSmallIntegerField(
        _("pod size"),
        default=MAX_POD_SIZE,
        validators=[MinValueValidator(2), MaxValueValidator(MAX_POD_SIZE)],
        help_text=_("Draft pods only: at most this many a pod (8 as the MTR asks)."),
    )
    seed = models.BigIntegerField(_("seating seed"), default=0)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("started by"),
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"],
                name="phase_number_once_per_event",
                violation_error_message=_("This event already has a phase with this number."),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="phase_number_positive",
                violation_error_message=_("Phases are numbered from 1."),
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1, rounds__lte=30),
                name="phase_rounds_range",
                violation_error_message=_("A phase plays 1 to 30 Swiss rounds."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, {self.label}"

    @property
    def label(self) -> str:
        """ "Phase 2: Booster draft" (in the event's words), or the phase's own name after its number."""
        return str(
            _("Phase %(n)d: %(name)s")
            % {"n": self.number, "name": self.name or format_label(event=self.event, format_kind=self.format_kind)}
        )

    @property
    def in_pods(self) -> bool:
        return self.pairing_scope == PairingScope.PODS


class PhasePod(models.Model):
    """One of a phase's draft pods, numbered from 1 (pod 1 the top of the standings when the phase started): the
    thing a seat sits in (issue 55: a reference, no longer a bare number on each seat)."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="pods", verbose_name=_("phase"))
    number = models.PositiveSmallIntegerField(_("pod"))

    class Meta:
        ordering = ["phase", "number"]
        verbose_name = _("pod")
        verbose_name_plural = _("pods")
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "number"],
                name="phasepod_number_once_per_phase",
                violation_error_message=_("This phase already has a pod with this number."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.phase}: pod {self.number}"


class PhaseSeat(models.Model):
    """Where an entrant sits in a phase's draft pods: pod 1 the top of the standings when the phase started."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="seats", verbose_name=_("phase"))
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="phase_seats", verbose_name=_("team")
    )
    pod = models.ForeignKey(PhasePod, on_delete=models.CASCADE, related_name="seats", verbose_name=_("pod"))
    seat = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        ordering = ["phase", "pod__number", "seat"]
        verbose_name = _("pod seat")
        verbose_name_plural = _("pod seats")
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "registration"],
                name="phaseseat_once_per_phase",
                violation_error_message=_("An entrant sits in one pod of a phase."),
            ),
            models.UniqueConstraint(
                fields=["pod", "seat"],
                name="phaseseat_seat_once_per_pod",
                violation_error_message=_("Two entrants can't share a seat of a pod."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration}: pod {self.pod.number}, seat {self.seat}"


class PhaseDeck(models.Model):
    """A deck as it was registered for a finished phase (a sealed deck for phase 1, a draft deck for phase 2): kept
    when the next phase starts, so judges see each phase's deck, and the next phase registers anew."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="decks", verbose_name=_("phase"))
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="phase_decks", verbose_name=_("team")
    )
    letter = models.CharField(_("seat"), max_length=1)
    player_name = models.CharField(_("player"), max_length=200, blank=True)
    text = models.TextField(_("decklist as submitted"), blank=True)
    main = models.JSONField(_("main deck"), default=dict)
    sideboard = models.JSONField(_("sideboard"), default=dict)
    pool = models.JSONField(_("pool"), default=dict, blank=True, help_text=_("The team's pool in that phase, if any."))
    submitted_at = models.DateTimeField(_("submitted at"), null=True, blank=True)

    class Meta:
        ordering = ["phase", "registration", "letter"]
        verbose_name = _("phase deck")
        verbose_name_plural = _("phase decks")
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "registration", "letter"],
                name="phasedeck_once_per_seat",
                violation_error_message=_("A seat keeps one deck per phase."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} {self.letter}: phase {self.phase.number}"
