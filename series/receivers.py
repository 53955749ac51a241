"""Records a series event's results when it finishes (tournaments.signals.domain_event, after the commit)."""

from django.dispatch import receiver

from series.models import SeriesEvent
from series.services import series_event_record
from tournaments.signals import DomainEvent, domain_event


@receiver(domain_event, dispatch_uid="series.record")
def on_domain_event(sender, *, event_id: int, kind: str, data: dict | None = None, **kwargs) -> None:
    if kind != DomainEvent.EVENT_FINISHED:
        return
    link = SeriesEvent.objects.filter(event_id=event_id).select_related("series", "event").first()
    if link is not None:
        series_event_record(link=link)
