"""Celery tasks of the notifications: thin, ids in, one service call."""

import logging

from celery import shared_task
from django.conf import settings

from common.tasks import task_send

from notifications.drafts import draft_started_notify
from notifications.services import (
    FROM_LOG_TASK,
    PUSH_TASK,
    notices_from_log_entry,
    notifications_digest,
    notifications_push,
    notifications_push_again,
    time_nearly_up_notices,
)

log = logging.getLogger(__name__)

DRAFT_TASK = "notifications.draft_started"
DIGEST_TASK = "notifications.digest"
TIME_TASK = "notifications.time_nearly_up"
PUSH_AGAIN_TASK = "notifications.push_again"
PUSH_RETRIES = 3
PUSH_BACKOFF_SECONDS = 30  # 30 s, 60 s, 120 s


@shared_task(name=FROM_LOG_TASK, ignore_result=True, acks_late=True)
def notify_from_log_entry(entry_id: int) -> int:
    """Who is told about one event log entry; stores their notifications and sends the push batches."""
    return len(notices_from_log_entry(entry_id=entry_id))


@shared_task(name=PUSH_TASK, ignore_result=True, acks_late=True)
def notify_push(ids: list[int]) -> dict:
    """Hand one batch of notifications to the push services; those whose service failed for now (a 5xx, a
    timeout) are tried again later by notify_push_again."""
    figures = notifications_push(ids=ids)
    if figures["retry"]:
        task_send(PUSH_AGAIN_TASK, figures["retry"], countdown=PUSH_BACKOFF_SECONDS, what="the pushes again")
    return figures


@shared_task(name=PUSH_AGAIN_TASK, bind=True, ignore_result=True, acks_late=True, max_retries=PUSH_RETRIES - 1)
def notify_push_again(self, pairs: list[list[int]]) -> dict:
    """Try the failed pushes again: PUSH_RETRIES tries at most (this run is the first), each after a doubling
    wait; then log and leave them (the inbox has them anyway)."""
    figures = notifications_push_again(pairs=pairs)
    if figures["retry"]:
        if self.request.retries >= PUSH_RETRIES - 1:
            log.warning(
                "Push gave up after %d tries: %d pushes failed (%r)",
                PUSH_RETRIES,
                len(figures["retry"]),
                figures["retry"][:10],
            )
            return figures
        raise self.retry(args=[figures["retry"]], countdown=PUSH_BACKOFF_SECONDS * 2 ** (self.request.retries + 1))
    return figures


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
    task_send(DRAFT_TASK, event_id, data, what="the draft's notifications")
