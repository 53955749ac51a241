"""What the organizer's desk keeps beyond the tournament itself: the round clocks, check-in, announcements and the
desk's log (docs/desk.md). The rules of the event stay in tournaments/; these rows only record the event day."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Registration, Round

DEFAULT_ROUND_MINUTES = 50
DEFAULT_DECKBUILDING_MINUTES = 40


class ClockPurpose(models.TextChoices):
    """What a clock times: the round's matches, or deck building before the round (limited events)."""

    MATCHES = "matches", _("Matches")
    DECKBUILDING = "deckbuilding", _("Deck building")


class ClockStatus(models.TextChoices):
    """The stored state; "over" is also reached by a running clock whose end has passed (see desk.clock)."""

    NOT_STARTED = "not_started", _("Not started")
    RUNNING = "running", _("Running")
    PAUSED = "paused", _("Paused")
    OVER = "over", _("Over")


class EventDesk(models.Model):
    """The event day's settings: the length of a round, and the check-in deadline."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="desk")
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=DEFAULT_ROUND_MINUTES)
    deckbuilding_minutes = models.PositiveSmallIntegerField(_("minutes for deck building"), default=DEFAULT_DECKBUILDING_MINUTES)
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
            models.UniqueConstraint(fields=["round", "purpose"], name="roundclock_once_per_round_and_purpose",
                                    violation_error_message=_("This round already has this clock.")),
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


class CheckIn(models.Model):
    """A team present at the venue: checked in by a member on the portal or ticked at the desk."""

    registration = models.OneToOneField(Registration, on_delete=models.CASCADE, related_name="check_in")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at_desk = models.BooleanField(_("ticked at the desk"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")


class Announcement(models.Model):
    """A line of text to every player of the event: on their portal pages and on the projector. It belongs to the
    round it was made in (`round`; none before round 1) and shows while that round is the event's latest: pairing
    the next round, or the top cut, clears it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, null=True, blank=True, related_name="+",
                              verbose_name=_("round"), help_text=_("The round it was made in; empty before round 1."))
    text = models.CharField(_("announcement"), max_length=280)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    is_active = models.BooleanField(_("shown"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
