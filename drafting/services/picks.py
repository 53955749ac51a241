"""Picks: a player's pick, the timeout that takes the oldest card, and the sweeps that apply overdue timeouts.

Every function here locks the table row (timers.table_lock) in a short transaction and checks the pick it expects,
so a player's pick, the timer task, the periodic sweep and a page read racing for one pick record exactly one.
"""

from __future__ import annotations

import datetime as dt
import logging
import math

from django.db import transaction
from django.utils.translation import gettext as _

from cards.selectors import card_names_read
from drafting import core
from drafting.core import SWEEP_GRACE_SECONDS, TABLE, DraftRefused
from drafting.core import draft_check_running as _check_running
from drafting.core import draft_overdue as _overdue
from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors.tables import draft_seat_to_pick
from tournaments.signals import DomainEvent, domain_event_send

from . import timers

log = logging.getLogger(__name__)

__all__ = [
    "SWEEP_GRACE_SECONDS",
    "DraftRefused",
    "draft_pick",
    "draft_table_refresh",
    "draft_tables_refresh",
    "draft_tables_sweep_overdue",
    "draft_timeout_apply",
    "draft_timeout_early",
]


def draft_pick(
    *, table_id: int, seat: str, card_id: int, pack_index: int, pick_number: int, arrived_at: dt.datetime | None = None
) -> DraftCard:
    """Record `seat` taking card `card_id` as pick (`pack_index`, `pick_number`), the pick the page showed.

    Picks are final. Raises DraftRefused, with a message for the player, when the draft isn't running, the pick has
    been made already (another tab, a double click), it isn't this seat's turn, the pack is still being reviewed, or
    the card isn't there. A pick that arrives after its deadline by the server's clock gets the oldest card, as the
    timer would have given, and is refused saying so.

    `arrived_at` is when the request reached the server (config.middleware.RequestArrivalMiddleware): the deadline is
    judged then, not when a busy server got round to it, so a pick queued behind others in a burst stays in time.
    """
    late_card = None
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        now = timers.now()
        judged = now if arrived_at is None else min(now, arrived_at)
        _check_running(table)
        if (table.pack_index, table.pick_number) != (pack_index, pick_number):
            raise DraftRefused(_("That pick has already been made; the table has moved on."))
        expected = draft_seat_to_pick(table=table)
        if seat != expected:
            raise DraftRefused(_("%(seat)s is picking.") % {"seat": expected})
        if _overdue(table, judged):
            late_card = _take(table, card=_oldest_card(table), seat=expected, via=PickVia.LATE, now=now)
        else:
            if table.picks_open_at is not None and judged < table.picks_open_at:
                wait = math.ceil((table.picks_open_at - judged).total_seconds())
                raise DraftRefused(_("The pack is still being reviewed; picks open in %(n)d s.") % {"n": wait})
            card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pk=card_id).first()
            if card is None:
                raise DraftRefused(_("That card isn't in the pack on the table."))
            if card.pick_number is not None:
                raise DraftRefused(_("%(card)s has already been taken.") % {"card": _read(card.name)})
            return _take(table, card=card, seat=seat, via=PickVia.PLAYER, now=now)
    raise DraftRefused(_("Your time ran out: you got the oldest card, %(card)s.") % {"card": _read(late_card.name)})


def draft_timeout_apply(*, table_id: int, pack_index: int, pick_number: int, via: str = PickVia.TIMER) -> bool:
    """If pick (`pack_index`, `pick_number`) is still awaited and its deadline has passed, take the oldest card
    (the first laid out of those still there) for the seat to pick. Returns whether it did (core.draft_timeout_apply).
    """
    return core.draft_timeout_apply(kind=TABLE, draft_id=table_id, position=(pack_index, pick_number), via=via)


def draft_timeout_early(*, table_id: int, pack_index: int, pick_number: int) -> dt.datetime | None:
    """The deadline of pick (`pack_index`, `pick_number`) while it is awaited and still ahead (a timer delivered
    early), else None."""
    return core.draft_timeout_early(kind=TABLE, draft_id=table_id, position=(pack_index, pick_number))


def draft_tables_sweep_overdue(*, grace_seconds: float = SWEEP_GRACE_SECONDS) -> int:
    """The beat sweep for the Rochester tables (core.drafts_sweep_overdue)."""
    return core.drafts_sweep_overdue(kind=TABLE, grace_seconds=grace_seconds)


def draft_table_refresh(*, table: DraftTable) -> DraftTable:
    """The table as it stands by the server's clock (core.draft_refresh)."""
    return core.draft_refresh(draft=table)


def draft_tables_refresh(*, event) -> int:
    """Apply every overdue timeout of the event's tables (core.drafts_refresh)."""
    return core.drafts_refresh(kind=TABLE, event=event)


def _read(name: str) -> str:
    """A card's name as the reader reads it in a sentence: as printed in their language, English beside it."""
    return card_names_read(names=[name])[name]


def _timeout(table: DraftTable, now: dt.datetime, via: str) -> None:
    """The Rochester format's timeout: the seat to pick gets the oldest card of the pack."""
    _take(table, card=_oldest_card(table), seat=draft_seat_to_pick(table=table), via=via, now=now)


def _oldest_card(table: DraftTable) -> DraftCard:
    card = (
        DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True)
        .order_by("position")
        .first()
    )
    if card is None:  # the table says a pick is awaited, so the pack can't be empty
        raise RuntimeError(
            f"Draft table {table.pk}: pack {table.pack_index} has no card left for pick {table.pick_number}."
        )
    return card


def _take(table: DraftTable, *, card: DraftCard, seat: str, via: str, now: dt.datetime) -> DraftCard:
    """Record the pick on the locked table, move the table to the next pick and schedule its timer."""
    card.picked_by, card.pick_number, card.picked_at, card.deadline_at, card.via = (
        seat,
        table.pick_number,
        now,
        table.deadline,
        via,
    )
    card.save(update_fields=["picked_by", "pick_number", "picked_at", "deadline_at", "via"])
    advance(table, now=now)
    return card


def advance(table: DraftTable, *, now: dt.datetime) -> None:
    """Move the locked table past the pick just recorded: the next pick, the next pack, or the end; save it.

    The last card of a pack is taken at once for the seat the plan names (PickVia.LAST), so a pack never waits
    for a pick nobody can choose."""
    table.pick_number += 1
    if table.pick_number > table.pack_sizes[table.pack_index]:
        table.pack_index += 1
        table.pick_number = 1
        if table.pack_index >= len(table.pack_sizes):
            table.status = DraftStatus.FINISHED
            table.finished_at = now
            table.deadline = table.picks_open_at = None
            domain_event_send(event_id=table.event_id, kind=DomainEvent.DRAFT_FINISHED, table=table.pk)
        else:
            timers.open_pack_timers(table, now=now)
    else:
        timers.next_pick_timers(table, now=now)
    table.version += 1
    table.save(
        update_fields=["pick_number", "pack_index", "status", "finished_at", "deadline", "picks_open_at", "version"]
    )
    if _last_card_left(table):
        # One card left and the plan names its taker: nothing to choose, so nobody waits for a timer (or a review).
        _take(table, card=_oldest_card(table), seat=draft_seat_to_pick(table=table), via=PickVia.LAST, now=now)
        return
    timers.schedule_timeout(table)


def _last_card_left(table: DraftTable) -> bool:
    """The table waits for the last pick of a pack already picked from: a single card is left and its taker is
    determined. (A pack of one card is laid out and reviewed like any other.)"""
    return (
        table.status == DraftStatus.RUNNING
        and table.pick_number > 1
        and table.pick_number == table.pack_sizes[table.pack_index]
    )


core.draft_format_register(kind=TABLE, timeout=_timeout)
