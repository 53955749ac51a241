"""Celery tasks of the ratings: thin, primitive ids in, one service call (docs/ratings.md)."""

from celery import shared_task

from ratings.services import event_ratings_update

EVENT_CLOSED_TASK = "ratings.event_closed"


@shared_task(name=EVENT_CLOSED_TASK, ignore_result=True, acks_late=True)
def event_closed(event_id: int) -> str | None:
    """Sent after an event is closed: rebuild the ratings of its category (idempotent, so a redelivery is safe)."""
    summary = event_ratings_update(event_id=event_id)
    return summary.category if summary else None
