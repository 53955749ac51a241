"""The arithmetic of a round clock (pure: plain values in, plain values out). The server's now is passed in, so
every page and the API agree on one clock; services and selectors supply it (tournaments.services.clock.now)."""

import datetime as dt
import math
from dataclasses import dataclass

NOT_STARTED, RUNNING, PAUSED, OVER = "not_started", "running", "paused", "over"


@dataclass(frozen=True)
class ClockReading:
    state: str
    ends_at: dt.datetime | None
    remaining_seconds: int


def read_clock(
    *,
    status: str,
    duration_seconds: int,
    ends_at: dt.datetime | None,
    paused_remaining: float | None,
    now: dt.datetime,
) -> ClockReading:
    """The clock as it stands at `now`: a running clock whose end has passed is over, with 0 seconds left;
    remaining seconds are rounded up, so "0" is shown only when the time is really up."""
    if status == RUNNING and ends_at is not None:
        left = (ends_at - now).total_seconds()
        if left <= 0:
            return ClockReading(OVER, ends_at, 0)
        return ClockReading(RUNNING, ends_at, math.ceil(left))
    if status == PAUSED:
        return ClockReading(PAUSED, None, math.ceil(max(0.0, paused_remaining or 0.0)))
    if status == OVER:
        return ClockReading(OVER, ends_at, 0)
    return ClockReading(NOT_STARTED, None, int(duration_seconds))


def table_deadline(ends_at: dt.datetime | None, extension_seconds: int) -> dt.datetime | None:
    """When a table's time is over: the round's end plus the table's own time extensions (MTR 2.6)."""
    if ends_at is None:
        return None
    return ends_at + dt.timedelta(seconds=extension_seconds)
