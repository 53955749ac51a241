"""The Rochester table's pick clock, and the names the services use for the core's lock, clock and timer task
(drafting.core owns them for every format; see docs/drafting.md)."""

from __future__ import annotations

import datetime as dt

from drafting.core import POD, TABLE, clock_restart, clock_stop, draft_lock, draft_schedule_timeout, now, seen_allowance
from drafting.models import DraftTable, Pod

__all__ = [
    "clock_restart",
    "clock_stop",
    "now",
    "open_pack_timers",
    "next_pick_timers",
    "pod_lock",
    "schedule_timeout",
    "seconds",
    "table_lock",
]

schedule_timeout = draft_schedule_timeout


def table_lock(*, table_id: int) -> DraftTable:
    """Lock a Rochester table's row (core.draft_lock). Raises DraftTable.DoesNotExist."""
    return draft_lock(kind=TABLE, draft_id=table_id)


def pod_lock(*, pod_id: int) -> Pod:
    """Lock a pod's row (core.draft_lock). Raises Pod.DoesNotExist."""
    return draft_lock(kind=POD, draft_id=pod_id)


def seconds(value: float | None) -> dt.timedelta | None:
    return None if value is None else dt.timedelta(seconds=value)


def open_pack_timers(table: DraftTable, *, now: dt.datetime) -> None:
    """A pack has just been laid out: the review period, then the first pick's time (either may be unlimited). Without
    a review the pick's time starts when the players can see the pack (core.seen_allowance)."""
    review = seconds(table.review_seconds)
    table.picks_open_at = now + review if review else None
    if table.pick_seconds is None or (table.review_seconds is None):
        table.deadline = None
    else:
        table.deadline = (table.picks_open_at or now + seen_allowance()) + seconds(table.pick_seconds)


def next_pick_timers(table: DraftTable, *, now: dt.datetime) -> None:
    """A pick within the pack has just been made: the next player's time runs from when they can see it."""
    table.picks_open_at = None
    table.deadline = None if table.pick_seconds is None else now + seen_allowance() + seconds(table.pick_seconds)
