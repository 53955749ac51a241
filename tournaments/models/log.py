from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .event import Event


class EventLogEntry(models.Model):
    """One recorded change to an event that judges and the organizer must be able to trace afterwards: a judge's
    seat correction, a drop, a reinstatement, a disqualification, a round taken back (RULES.md 1).

    `action` is a short machine-readable word (see tournaments.services.eventlog.LogAction); `message` is the
    sentence shown to people; `data` keeps the details (ids, old and new values) for exports.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries", verbose_name=_("event"))
    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("by")
    )
    # Who did it, in words, when it wasn't a person's own session: "token Desk 2 (of alice)" (issue 25).
    actor = models.CharField(_("acting as"), max_length=200, blank=True, default="")
    action = models.CharField(_("action"), max_length=40)
    message = models.TextField(_("what happened"))
    data = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["event", "at", "pk"]
        verbose_name = _("event log entry")
        verbose_name_plural = _("event log")

    @property
    def by(self) -> str:
        """Who did it, in words: the token by name when it was one, else the person's username ('' for Hydra)."""
        return self.actor or (self.user.get_username() if self.user_id else "")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.message}"
