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

from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors import draft_seat_to_pick

from . import timers

log = logging.getLogger(__name__)

SWEEP_GRACE_SECONDS = 0.5  # the timer task normally fires first; the sweep only catches what it missed


class DraftRefused(Exception):
    """An action the rules don't allow right now; the message says why, for the person who tried."""


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
                raise DraftRefused(_("%(card)s has already been taken.") % {"card": card.name})
            return _take(table, card=card, seat=seat, via=PickVia.PLAYER, now=now)
    raise DraftRefused(_("Your time ran out: you got the oldest card, %(card)s.") % {"card": late_card.name})


def draft_timeout_apply(*, table_id: int, pack_index: int, pick_number: int, via: str = PickVia.TIMER) -> bool:
    """If pick (`pack_index`, `pick_number`) is still awaited and its deadline has passed, take the oldest card
    (the first laid out of those still there) for the seat to pick. Returns whether it did.

    Safe to call any number of times, early or late: a pick already made, a paused or finished table, or a deadline
    not reached (a stale timer after a pause or an undo) leave everything as it is.
    """
    # Most timer tasks find their pick made long ago: a plain read says so without a transaction or a lock.
    current = DraftTable.objects.filter(pk=table_id).values_list("status", "pack_index", "pick_number", "deadline").first()
    if current is None or current[:3] != (DraftStatus.RUNNING, pack_index, pick_number):
        return False
    if current[3] is None or current[3] > timers.now():
        return False
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        now = timers.now()
        if table.status != DraftStatus.RUNNING or (table.pack_index, table.pick_number) != (pack_index, pick_number):
            return False
        if not _overdue(table, now):
            return False
        _take(table, card=_oldest_card(table), seat=draft_seat_to_pick(table=table), via=via, now=now)
        return True


def draft_timeout_early(*, table_id: int, pack_index: int, pick_number: int) -> dt.datetime | None:
    """The deadline of pick (`pack_index`, `pick_number`) when that pick is still awaited but its deadline is still
    ahead: a timer delivered early (clocks apart, or sent before a pause moved the deadline). None otherwise."""
    current = DraftTable.objects.filter(pk=table_id).values_list("status", "pack_index", "pick_number", "deadline").first()
    if current is None or current[:3] != (DraftStatus.RUNNING, pack_index, pick_number):
        return None
    deadline = current[3]
    return deadline if deadline is not None and deadline > timers.now() else None


def draft_tables_sweep_overdue(*, grace_seconds: float = SWEEP_GRACE_SECONDS) -> int:
    """Apply the timeout of every running table whose deadline passed more than `grace_seconds` ago without its
    timer task running (a worker that died, or no worker at all). Returns the number of picks made."""
    cutoff = timers.now() - dt.timedelta(seconds=grace_seconds)
    overdue = DraftTable.objects.filter(status=DraftStatus.RUNNING, deadline__lte=cutoff).values_list(
        "pk", "pack_index", "pick_number"
    )
    made = 0
    for table_id, pack_index, pick_number in overdue:
        if draft_timeout_apply(table_id=table_id, pack_index=pack_index, pick_number=pick_number, via=PickVia.SWEEP):
            made += 1
            log.info("Draft sweep: table %s pick %s.%s timed out without its timer; took the oldest card.",
                     table_id, pack_index + 1, pick_number)
    return made


def draft_table_refresh(*, table: DraftTable) -> DraftTable:
    """The table as it stands by the server's clock: if its deadline has passed, apply the timeout first.

    Every read of a draft's state goes through this, so a deadline that is over never shows as running, even
    with no worker at all. Returns `table` itself when nothing was overdue (no extra query).
    """
    if table.status != DraftStatus.RUNNING or table.deadline is None or table.deadline > timers.now():
        return table
    draft_timeout_apply(table_id=table.pk, pack_index=table.pack_index, pick_number=table.pick_number, via=PickVia.READ)
    return DraftTable.objects.select_related("event").get(pk=table.pk)


def draft_tables_refresh(*, event) -> int:
    """Apply the timeout of every running table of `event` whose deadline is over (one query when none is), so a
    list of tables read by the server's clock never shows an expired deadline. Returns the number of picks made."""
    overdue = DraftTable.objects.filter(event=event, status=DraftStatus.RUNNING, deadline__lte=timers.now()).values_list(
        "pk", "pack_index", "pick_number"
    )
    return sum(
        draft_timeout_apply(table_id=pk, pack_index=pack_index, pick_number=pick_number, via=PickVia.READ)
        for pk, pack_index, pick_number in overdue
    )


def _check_running(table: DraftTable) -> None:
    if table.status == DraftStatus.PAUSED:
        raise DraftRefused(_("The draft is paused; wait for the organizer to resume it."))
    if table.status == DraftStatus.FINISHED:
        raise DraftRefused(_("The draft is over."))
    if table.status != DraftStatus.RUNNING:
        raise DraftRefused(_("The draft hasn't started yet."))


def _overdue(table: DraftTable, now: dt.datetime) -> bool:
    return table.deadline is not None and now >= table.deadline


def _oldest_card(table: DraftTable) -> DraftCard:
    card = (
        DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True)
        .order_by("position")
        .first()
    )
    if card is None:  # the table says a pick is awaited, so the pack can't be empty
        raise RuntimeError(f"Draft table {table.pk}: pack {table.pack_index} has no card left for pick {table.pick_number}.")
    return card


def _take(table: DraftTable, *, card: DraftCard, seat: str, via: str, now: dt.datetime) -> DraftCard:
    """Record the pick on the locked table, move the table to the next pick and schedule its timer."""
    card.picked_by, card.pick_number, card.picked_at, card.deadline_at, card.via = (
        seat, table.pick_number, now, table.deadline, via,
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
        table.status == DraftStatus.RUNNING and table.pick_number > 1
        and table.pick_number == table.pack_sizes[table.pack_index]
    )
