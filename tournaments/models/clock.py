"""The round clocks of an event (docs/desk.md, "The round clock"): the event's round and deck-building lengths,
one clock per round and purpose, and the time added to it. The desk drives them, and the API, the portal and the
stream overlays read them; the arithmetic is tournaments/clock.py."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .event import Event
from .rounds import Round

DEFAULT_ROUND_MINUTES = 50
DEFAULT_DECKBUILDING_MINUTES = 40


class ClockPurpose(models.TextChoices):
    """What a clock times: the round's matches, or deck building before the round (limited events)."""

    MATCHES = "matches", _("Matches")
    DECKBUILDING = "deckbuilding", _("Deck building")


class ClockStatus(models.TextChoices):
    """The stored state; "over" is also reached by a running clock whose end has passed (see tournaments.clock)."""

    NOT_STARTED = "not_started", _("Not started")
    RUNNING = "running", _("Running")
    PAUSED = "paused", _("Paused")
    OVER = "over", _("Over")


class EventDesk(models.Model):
    """The event day's settings: the length of a round, and the check-in deadline."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="desk")
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=DEFAULT_ROUND_MINUTES)
    deckbuilding_minutes = models.PositiveSmallIntegerField(
        _("minutes for deck building"), default=DEFAULT_DECKBUILDING_MINUTES
    )
    check_in_deadline = models.DateTimeField(_("check-in deadline"), null=True, blank=True)

    class Meta:
        verbose_name = _("event desk")
        verbose_name_plural = _("event desks")
        constraints = [
            models.CheckConstraint(
                condition=Q(round_minutes__gte=1, round_minutes__lte=600)
                & Q(deckbuilding_minutes__gte=1, deckbuilding_minutes__lte=600),
                name="eventdesk_minutes_range",
                violation_error_message=_("A clock runs 1 to 600 minutes."),
            ),
        ]


class RoundClock(models.Model):
    """The clock of one round (or of its deck building). The server's time is the truth: a running clock stores
    when it ends, a paused one how much is left; pages count down to `ends_at` from the server's now."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clocks")
    purpose = models.CharField(_("purpose"), max_length=12, choices=ClockPurpose.choices, default=ClockPurpose.MATCHES)
    status = models.CharField(_("state"), max_length=12, choices=ClockStatus.choices, default=ClockStatus.NOT_STARTED)
    duration_seconds = models.PositiveIntegerField(_("length in seconds"))
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True)
    paused_remaining = models.FloatField(_("seconds left when paused"), null=True, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "purpose"],
                name="roundclock_once_per_round_and_purpose",
                violation_error_message=_("This round already has this clock."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} ({self.purpose})"


class ClockExtension(models.Model):
    """Time added to a clock: for the whole round (table empty), or a time extension for one table (MTR 2.6)."""

    clock = models.ForeignKey(RoundClock, on_delete=models.CASCADE, related_name="extensions")
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    seconds = models.PositiveIntegerField(_("seconds"))
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("time extension")
        verbose_name_plural = _("time extensions")
