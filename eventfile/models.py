"""The sync records of push_event / pull_event: which copy of an event on another Hydra this one was last made the
same as, and the fingerprint each side had then (eventfile/sync.py)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event


class EventSync(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="syncs", verbose_name=_("event"))
    remote_url = models.URLField(_("other Hydra"), max_length=300)
    remote_event_id = models.PositiveBigIntegerField(_("event id there"))
    local_fingerprint = models.CharField(_("fingerprint here at the last sync"), max_length=64)
    remote_fingerprint = models.CharField(_("fingerprint there at the last sync"), max_length=64)
    direction = models.CharField(_("last sync"), max_length=4, choices=[("push", _("pushed")), ("pull", _("pulled"))])
    synced_at = models.DateTimeField(_("synced at"), auto_now=True)

    class Meta:
        verbose_name = _("event sync")
        verbose_name_plural = _("event syncs")
        constraints = [models.UniqueConstraint(fields=["event", "remote_url"], name="eventsync_once_per_remote")]

    def __str__(self) -> str:
        return f"{self.event_id} <-> {self.remote_url} #{self.remote_event_id}"
