"""Connects the webhooks to the domain events of tournaments.signals (after the change is committed)."""

from django.dispatch import receiver

from tournaments.signals import domain_event
from webhooks.services import webhook_deliveries_create


@receiver(domain_event, dispatch_uid="webhooks.deliveries")
def on_domain_event(sender, *, event_id: int, kind: str, data: dict, **kwargs) -> None:
    webhook_deliveries_create(event_id=event_id, kind=kind, data=data)
