"""The round clock as every door reads it: the desk, the portal, the API and the stream overlays
(docs/desk.md, "The round clock"). The arithmetic is tournaments/clock.py; the server's now is the only clock."""

from __future__ import annotations

from tournaments import clock as engine
from tournaments.models import ClockPurpose, EventDesk, Round, RoundClock
from tournaments.services.clock import now as server_now


def _default_seconds(event_id: int, purpose: str) -> int:
    desk = EventDesk.objects.filter(event_id=event_id).only("round_minutes", "deckbuilding_minutes").first()
    field_name = "deckbuilding_minutes" if purpose == ClockPurpose.DECKBUILDING else "round_minutes"
    minutes = getattr(desk, field_name) if desk else EventDesk._meta.get_field(field_name).default
    return minutes * 60


def round_clock(*, round_: Round, purpose: str = ClockPurpose.MATCHES) -> RoundClock | None:
    """The stored clock of the round with its extensions (two queries), or None before anyone touched it."""
    return RoundClock.objects.filter(round=round_, purpose=purpose).prefetch_related("extensions").first()


def round_clock_state(*, round_: Round, purpose: str = ClockPurpose.MATCHES, clock: RoundClock | None = None) -> dict:
    """The clock as the API and every page show it, by the server's clock (JSON-ready):
    {"state": "not_started" | "running" | "paused" | "over", "ends_at": ISO 8601 or None,
     "remaining_seconds": int, "extensions": [{"table": int | None, "seconds": int, "reason": str, "at": ISO}]}.
    A round nobody has touched is not started, with the event's round length left."""
    clock = clock if clock is not None else round_clock(round_=round_, purpose=purpose)
    at = server_now()
    if clock is None:
        reading = engine.ClockReading(engine.NOT_STARTED, None, _default_seconds(round_.event_id, purpose))
        extensions = []
    else:
        reading = engine.read_clock(
            status=clock.status,
            duration_seconds=clock.duration_seconds,
            ends_at=clock.ends_at,
            paused_remaining=clock.paused_remaining,
            now=at,
        )
        extensions = [
            {"table": x.table, "seconds": x.seconds, "reason": x.reason, "at": x.created_at.isoformat()}
            for x in clock.extensions.all()
        ]
    return {
        "state": reading.state,
        "ends_at": reading.ends_at.isoformat() if reading.ends_at else None,
        "remaining_seconds": reading.remaining_seconds,
        "extensions": extensions,
    }


def table_extensions(state: dict) -> dict[int, int]:
    """Table number -> seconds of time extension, from a round_clock_state."""
    seconds: dict[int, int] = {}
    for x in state["extensions"]:
        if x["table"] is not None:
            seconds[x["table"]] = seconds.get(x["table"], 0) + x["seconds"]
    return seconds
