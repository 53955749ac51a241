"""Celery tasks of the notifications: thin, ids in, one service call."""
from celery import shared_task
from django.conf import settings

from notifications.drafts import draft_started_notify
from notifications.services import (
    FROM_LOG_TASK, PUSH_TASK, task_send, notices_from_log_entry, notifications_digest, notifications_push,
    time_nearly_up_notices,
)

DRAFT_TASK = "notifications.draft_started"
DIGEST_TASK = "notifications.digest"
TIME_TASK = "notifications.time_nearly_up"


@shared_task(name=FROM_LOG_TASK, ignore_result=True, acks_late=True)
def notify_from_log_entry(entry_id: int) -> int:
    """Who is told about one event log entry; stores their notifications and sends the push batches."""
    return len(notices_from_log_entry(entry_id=entry_id))


@shared_task(name=PUSH_TASK, ignore_result=True, acks_late=True)
def notify_push(ids: list[int]) -> dict:
    """Hand one batch of notifications to the push services."""
    return notifications_push(ids=ids)


@shared_task(name=DRAFT_TASK, ignore_result=True, acks_late=True)
def notify_draft_started(event_id: int, data: dict) -> int:
    return len(draft_started_notify(event_id=event_id, data=data))


@shared_task(name=DIGEST_TASK, ignore_result=True)
def notify_digest() -> int:
    """Beat: the e-mail digest of what waited at least HYDRA_NOTIFY_DIGEST_MINUTES."""
    return notifications_digest(older_than_minutes=getattr(settings, "HYDRA_NOTIFY_DIGEST_MINUTES", 15))


@shared_task(name=TIME_TASK, ignore_result=True)
def notify_time_nearly_up() -> int:
    """Beat, every 30 s: the rounds whose time is nearly up (time_nearly_up_notices)."""
    return len(time_nearly_up_notices())


def draft_started_schedule(*, event_id: int, data: dict) -> None:
    """Called after the commit already (domain events are): hand it to a worker."""
    task_send(DRAFT_TASK, event_id, data)
