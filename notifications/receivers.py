"""Connects the notifications to what happened: each new event log entry (every change an organizer, a judge or a
player makes is one, tournaments.services.eventlog) and the drafts' domain event DRAFT_STARTED. Both only schedule
work for after the commit; a worker decides who is told."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from notifications.services import notices_schedule
from notifications.tasks import draft_started_schedule
from tournaments.models import EventLogEntry
from tournaments.signals import DomainEvent, domain_event


@receiver(post_save, sender=EventLogEntry, dispatch_uid="notifications.from_log_entry")
def on_log_entry(sender, *, instance: EventLogEntry, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw and settings.HYDRA_NOTIFY:
        notices_schedule(entry_id=instance.pk, action=instance.action)


@receiver(domain_event, dispatch_uid="notifications.draft_started")
def on_domain_event(sender, *, event_id: int, kind: str, data: dict, **kwargs) -> None:
    if kind == DomainEvent.DRAFT_STARTED:
        draft_started_schedule(event_id=event_id, data=data)
