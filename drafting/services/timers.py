"""Deadlines, the table lock, and the timer task (see docs/drafting.md)."""
from __future__ import annotations

import datetime as dt
import logging

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from drafting.models import DraftStatus, DraftTable, Pod

log = logging.getLogger(__name__)

TIMEOUT_TASK = "drafting.draft_timeout"
POD_TIMEOUT_TASK = "drafting.pod_timeout"


def table_lock(*, table_id: int) -> DraftTable:
    """Lock the table row for the rest of the current transaction and return it fresh.

    PostgreSQL: SELECT ... FOR UPDATE. SQLite ignores FOR UPDATE, so there a no-op UPDATE takes the database's
    write lock first; a second writer then waits (the busy timeout) instead of failing on a lock upgrade.
    Raises DraftTable.DoesNotExist.
    """
    if connection.vendor == "sqlite":
        DraftTable.objects.filter(pk=table_id).update(version=F("version"))
    return DraftTable.objects.select_for_update(of=("self",)).select_related("event").get(pk=table_id)


def pod_lock(*, pod_id: int) -> Pod:
    """Lock a Two-Headed Giant pod's row for the rest of the current transaction, as table_lock does a table's.
    Raises Pod.DoesNotExist."""
    if connection.vendor == "sqlite":
        Pod.objects.filter(pk=pod_id).update(version=F("version"))
    return Pod.objects.select_for_update(of=("self",)).select_related("event").get(pk=pod_id)


def seconds(value: float | None) -> dt.timedelta | None:
    return None if value is None else dt.timedelta(seconds=value)


def open_pack_timers(table: DraftTable, *, now: dt.datetime) -> None:
    """A pack has just been laid out: the review period, then the first pick's time (either may be unlimited)."""
    review = seconds(table.review_seconds)
    table.picks_open_at = now + review if review else None
    if table.pick_seconds is None or (table.review_seconds is None):
        table.deadline = None
    else:
        table.deadline = (table.picks_open_at or now) + seconds(table.pick_seconds)


def next_pick_timers(table: DraftTable, *, now: dt.datetime) -> None:
    """A pick within the pack has just been made: the next player's time runs from now."""
    table.picks_open_at = None
    table.deadline = None if table.pick_seconds is None else now + seconds(table.pick_seconds)


def schedule_timeout(table: DraftTable) -> None:
    """After the transaction commits, send the timer task for the table's current pick, due at its deadline.

    The task carries the pick it is for and does nothing if that pick has been made by then; the periodic sweep
    catches a timer whose worker died.
    """
    if table.deadline is None:
        return
    _send_on_commit(TIMEOUT_TASK, (table.pk, table.pack_index, table.pick_number), table.deadline)


def schedule_pod_timeout(pod: Pod) -> None:
    """After the transaction commits, send the pod's timer task for its current pick step, due at its deadline;
    like schedule_timeout, it carries the step it is for and the sweep catches a lost one."""
    if pod.deadline is None:
        return
    _send_on_commit(POD_TIMEOUT_TASK, (pod.pk, pod.pack_round, pod.step), pod.deadline)


def _send_on_commit(task: str, args: tuple, eta: dt.datetime) -> None:
    def send() -> None:
        from config.celery import app

        try:
            app.send_task(task, args=args, eta=eta)
        except Exception:  # noqa: BLE001 - the broker being down must not fail the pick; the sweep covers it
            log.exception("Could not schedule the timer %s %s", task, args)

    transaction.on_commit(send)


def now() -> dt.datetime:
    """The server's clock, the only clock of a draft."""
    return timezone.now()


def clock_stop(draft: DraftTable | Pod, *, review_break: bool) -> None:
    """Pause a running table's or pod's clock: keep the time its pick and its review had left, clear the deadlines
    and bump its version. The caller holds the row's lock, has checked it may pause, saves and logs."""
    at = now()
    draft.paused_deadline_left = _seconds_left(draft.deadline, at)
    draft.paused_review_left = _seconds_left(draft.picks_open_at, at)
    draft.deadline = draft.picks_open_at = None
    draft.status, draft.review_break = DraftStatus.PAUSED, review_break
    draft.version += 1


def clock_restart(draft: DraftTable | Pod) -> None:
    """Resume a paused table's or pod's clock with the time it had left (ends a review break) and bump its version.
    The caller holds the row's lock, has checked it is paused, saves, logs and schedules the timeout."""
    at = now()
    draft.deadline = _moment_after(at, draft.paused_deadline_left)
    draft.picks_open_at = _moment_after(at, draft.paused_review_left)
    draft.paused_deadline_left = draft.paused_review_left = None
    draft.status, draft.review_break = DraftStatus.RUNNING, False
    draft.version += 1


def _seconds_left(moment: dt.datetime | None, at: dt.datetime) -> float | None:
    return None if moment is None else max(0.0, (moment - at).total_seconds())


def _moment_after(at: dt.datetime, seconds: float | None) -> dt.datetime | None:
    return None if seconds is None else at + dt.timedelta(seconds=seconds)
