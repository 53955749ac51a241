"""What the event day records beyond the rounds: check-in and announcements (docs/desk.md). The desk ticks and
posts them, the portal checks a team in and shows them, the projector and the event file read them; they are the
event's, so they live here (issue 55), beside the round clocks (clock.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .event import Event
from .registration import Registration
from .rounds import Round


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
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("round"),
        help_text=_("The round it was made in; empty before round 1."),
    )
    text = models.CharField(_("announcement"), max_length=280)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    is_active = models.BooleanField(_("shown"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
