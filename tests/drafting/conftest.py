"""Helpers for the draft tests: tables with entered packs of uniquely named cards, and moving a table's clock.

Moving the clock is a database update of the table's deadline or review end, never a mock: the services read the
server's real clock and compare it with what the row says.
"""

import datetime as dt

from django.utils import timezone

from drafting.models import DraftTable
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.tables import draft_table_enter_packs, draft_table_start
from tests.factories import DraftTableFactory, RochesterEventFactory


def card_name(pack_index: int, position: int) -> str:
    return f"Card {pack_index + 1:02d}-{position:02d}"


def make_table(*, team_size=3, pack_size=15, review=20, pick=5, first_team=1, start=True, **kwargs) -> DraftTable:
    """A table with every pack entered (cards named "Card PP-NN"), started unless start=False."""
    event = RochesterEventFactory(team_size=team_size)
    table = DraftTableFactory(event=event, review_seconds=review, pick_seconds=pick, first_team=first_team, **kwargs)
    packs = [[card_name(p, k) for k in range(1, pack_size + 1)] for p in range(table.pack_count)]
    draft_table_enter_packs(table_id=table.pk, by=None, packs=packs)
    if start:
        draft_table_start(table_id=table.pk, by=None)
    return reload(table)


def reload(table: DraftTable) -> DraftTable:
    return DraftTable.objects.select_related("event").get(pk=table.pk)


def end_review(table: DraftTable) -> DraftTable:
    """The review period of the current pack is over (the deadline keeps its distance from it)."""
    table = reload(table)
    if table.picks_open_at is not None:
        shift = table.picks_open_at - timezone.now()
        DraftTable.objects.filter(pk=table.pk).update(
            picks_open_at=None, deadline=table.deadline - shift if table.deadline else None
        )
    return reload(table)


def expire(table: DraftTable, *, ago: float = 0.001) -> DraftTable:
    """The current pick's deadline passed `ago` seconds ago."""
    DraftTable.objects.filter(pk=table.pk).update(
        picks_open_at=None, deadline=timezone.now() - dt.timedelta(seconds=ago)
    )
    return reload(table)


def seat_to_pick(table: DraftTable) -> str:
    return draft_seat_to_pick(table=reload(table))
