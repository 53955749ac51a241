"""A team forming on the portal before it is registered (docs/registration.md).

A captain's TeamSignup holds the seats taken so far (SignupSeat) and one Invitation per open seat. When every seat
is filled the team is complete; it then takes a place (a real tournaments.Registration, made by the existing
registration service), waits for the organizer's approval, or waits on the waitlist in the order of completion.
"""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournaments.enums import SEAT_LETTERS
from tournaments.models import Event, Player, Registration


class SignupStatus(models.TextChoices):
    FORMING = "forming", _("Forming")
    AWAITING_APPROVAL = "awaiting_approval", _("Awaiting approval")
    WAITLISTED = "waitlisted", _("Waitlisted")
    REGISTERED = "registered", _("Registered")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    REFUSED = "refused", _("Refused")


# A sign-up in one of these holds its name and its players in the event.
ACTIVE_STATUSES = (
    SignupStatus.FORMING,
    SignupStatus.AWAITING_APPROVAL,
    SignupStatus.WAITLISTED,
    SignupStatus.REGISTERED,
)


class TeamSignup(models.Model):
    """A team a captain signs up for an event on the portal."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="signups", verbose_name=_("event"))
    name = models.CharField(_("team name"), max_length=120)
    captain = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("captain"))
    status = models.CharField(_("status"), max_length=20, choices=SignupStatus.choices, default=SignupStatus.FORMING)
    completed_at = models.DateTimeField(
        _("completed at"), null=True, blank=True, help_text=_("When the last seat was filled: the waitlist's order.")
    )
    registration = models.OneToOneField(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="signup",
        verbose_name=_("registration"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created_at"]
        verbose_name = _("team sign-up")
        verbose_name_plural = _("team sign-ups")
        constraints = [
            models.UniqueConstraint(
                "event",
                Lower("name"),
                condition=Q(status__in=[s.value for s in ACTIVE_STATUSES]),
                name="signup_name_once_per_event",
                violation_error_message=_("Another team of this event has this name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES


class SignupSeat(models.Model):
    """A player who has taken a seat of a forming team. `event` repeats the sign-up's so the database refuses a
    player on two active sign-ups of one event."""

    signup = models.ForeignKey(TeamSignup, on_delete=models.CASCADE, related_name="seats")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+", editable=False)
    letter = models.CharField(_("seat"), max_length=1, choices=[(c, c) for c in SEAT_LETTERS])
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="signup_seats", verbose_name=_("player"))
    active = models.BooleanField(default=True, editable=False)

    class Meta:
        ordering = ["signup", "letter"]
        verbose_name = _("sign-up seat")
        verbose_name_plural = _("sign-up seats")
        constraints = [
            models.UniqueConstraint(fields=["signup", "letter"], name="signup_seat_letter_once"),
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(active=True),
                name="signup_seat_player_once_per_event",
                violation_error_message=_("This player is already on a team in this event."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.signup} {self.letter}: {self.player}"


class Invitation(models.Model):
    """A link that lets one person take one seat of a forming team. Used once; expires."""

    signup = models.ForeignKey(TeamSignup, on_delete=models.CASCADE, related_name="invitations")
    letter = models.CharField(_("seat"), max_length=1, choices=[(c, c) for c in SEAT_LETTERS])
    token = models.CharField(max_length=64, unique=True, editable=False)
    email = models.EmailField(_("e-mail"), blank=True, help_text=_("Only the account with this address may accept."))
    expires_at = models.DateTimeField(_("expires at"))
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)
    accepted_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["signup", "letter"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.signup} {self.letter}"


class EventTeamList(Event):
    """The admin's door to an event's team import and exports (signup/admin.py); no table of its own."""

    class Meta:
        proxy = True
        verbose_name = _("team import and export")
        verbose_name_plural = _("team import and export")


class JoinCode(models.Model):
    """The short code a player types (or scans as a QR) at the door to join the event (portal /join/<code>/).
    Made the first time the desk or the projector shows it; one per event; never reused."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="join_code", verbose_name=_("event"))
    code = models.CharField(_("join code"), max_length=12, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("join code")
        verbose_name_plural = _("join codes")

    def __str__(self) -> str:
        return self.code
