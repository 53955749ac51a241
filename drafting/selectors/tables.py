"""Reads of the team Rochester draft tables, and what every draft page shares (the clock, the one draft log). What a
player may see is decided here, on the server (RULES.md 6)."""

from __future__ import annotations
from collections import Counter

import datetime as dt
import math
from dataclasses import dataclass
from functools import lru_cache

from django.db.models import Q, QuerySet
from django.utils import translation
from django.utils.translation import gettext as _

from common.refusals import NotAllowed
from cards.selectors import card_name_index, card_printed_names
from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.rochester import PackPlan, draft_plan
from tournaments.models import EventLogEntry
from tournaments.models import Seat as TeamSeat
from tournaments.pools import TeamPool


class PoolHidden(NotAllowed):
    """A player asked for their picks while the draft runs and no review break is granted."""


@lru_cache(maxsize=128)
def _plan(team_size: int, pack_size: int, first_team: int) -> tuple[PackPlan, ...]:
    return tuple(draft_plan(team_size=team_size, pack_size=pack_size, first_team=first_team))


def draft_table_plan(*, table: DraftTable) -> tuple[PackPlan, ...]:
    """The order of play of the table (drafting.rochester), once the first team is chosen.

    Built for the largest pack; a smaller pack uses the first picks of its row, which is the same snake cut short.
    """
    pack_size = max(table.pack_sizes or [15])
    return _plan(table.team_size, pack_size, table.first_team or 1)


def draft_seat_to_pick(*, table: DraftTable) -> str | None:
    """The seat ("1B") whose pick the table waits for, or None when nobody is to pick (setup, finished)."""
    if table.status not in (DraftStatus.RUNNING, DraftStatus.PAUSED) or table.pack_index >= len(table.pack_sizes):
        return None
    return str(draft_table_plan(table=table)[table.pack_index].picks[table.pick_number - 1])


def draft_seat_players(*, table: DraftTable) -> dict[str, TeamSeat]:
    """Every seat of the table ("1A" ...) with its player, in the table's clockwise order."""
    seats = TeamSeat.objects.filter(registration__in=[table.team1_id, table.team2_id]).select_related("player")
    team_of = {table.team1_id: 1, table.team2_id: 2}
    by_name = {f"{team_of[s.registration_id]}{s.letter}": s for s in seats}
    return dict(sorted(by_name.items()))


def draft_seat_of_user(*, table: DraftTable, user) -> str | None:
    """The seat of this login at the table, or None if they don't draft there."""
    if not user.is_authenticated:
        return None
    row = (
        TeamSeat.objects.filter(registration__in=[table.team1_id, table.team2_id], player__user=user)
        .values_list("registration_id", "letter")
        .first()
    )
    if row is None:
        return None
    return f"{1 if row[0] == table.team1_id else 2}{row[1]}"


# A draft table players may see: the event's one draft, or a round's once the round is published (a round whose
# pairings the organizer reviews seats its drafts too, and they would tell who plays whom: issue 53).
PLAYERS_SEE_TABLE = Q(round__isnull=True) | Q(round__published_at__isnull=False)


def draft_tables_for_user(*, user) -> QuerySet[DraftTable]:
    """The tables this login drafts at, newest event first, and within an event by round (the latest last); a
    table of a round still a draft (not published) left out."""
    return (
        DraftTable.objects.filter(Q(team1__seats__player__user=user) | Q(team2__seats__player__user=user))
        .filter(PLAYERS_SEE_TABLE)
        .select_related("event", "round", "team1__team", "team2__team")
        .distinct()
        .order_by("-event__date", "event_id", "round__number", "number")
    )


def draft_table_for_match(*, match) -> DraftTable | None:
    """The draft table whose two teams play `match` (same round, same table number), or None: a bye, an event that
    doesn't draft every round."""
    if match.team_b_id is None:
        return None
    return DraftTable.objects.filter(round_id=match.round_id, number=match.table).first()


def draft_tables_progress(*, event, players: bool = False) -> QuerySet[DraftTable]:
    """Every table of the event with its round and teams, for the organizer's overview (one query); with `players`
    (the players' and the public's reads) those of a round still a draft left out."""
    tables = DraftTable.objects.filter(event=event)
    if players:
        tables = tables.filter(PLAYERS_SEE_TABLE)
    return tables.select_related("event", "round", "team1__team", "team2__team")


def draft_in_review(*, table: DraftTable, now: dt.datetime) -> bool:
    return table.status == DraftStatus.RUNNING and table.picks_open_at is not None and now < table.picks_open_at


def draft_state_etag(*, table: DraftTable, now: dt.datetime) -> str:
    """Changes whenever what any page at the table shows changes: the version, and the end of a review period."""
    return f"{table.version}{'r' if draft_in_review(table=table, now=now) else ''}"


def draft_pool_visible(*, table: DraftTable) -> bool:
    """Players see their own picks only after the draft, or in a review break the organizer grants."""
    return table.status == DraftStatus.FINISHED or (table.status == DraftStatus.PAUSED and table.review_break)


def draft_pool(*, table: DraftTable, seat: str) -> list[DraftCard]:
    """The cards this seat took, in pick order. Raises PoolHidden while the draft runs without a review break."""
    if not draft_pool_visible(table=table):
        raise PoolHidden(_("You may not look through your picks during the draft."))
    return list(DraftCard.objects.filter(table=table, picked_by=seat).order_by("pack_index", "pick_number"))


@dataclass(frozen=True)
class SeatView:
    seat: str
    player_name: str
    latest_pick: str | None  # the card this seat most recently took from the current pack (its English name)
    latest_pick_printed: str = ""  # that card's name as printed in the reader's language, where the data has it


class DraftClock:
    """The clock of a draft page's state, the same for every format: the deadline, the end of the review and the
    server's now as the page's script reads them, and the whole seconds left (the state has `deadline`,
    `picks_open_at`, `server_now` and `in_review`)."""

    @property
    def deadline_iso(self) -> str:
        return _iso(self.deadline)

    @property
    def picks_open_iso(self) -> str:
        return _iso(self.picks_open_at)

    @property
    def server_now_iso(self) -> str:
        return _iso(self.server_now)

    @property
    def review_seconds_left(self) -> int:
        """Whole seconds (rounded up) until picks open; 0 outside a review period."""
        if not self.in_review or self.picks_open_at is None:
            return 0
        return max(0, math.ceil((self.picks_open_at - self.server_now).total_seconds()))

    @property
    def seconds_left(self) -> int | None:
        """Whole seconds (rounded up) of the pick's time; None without a deadline."""
        if self.deadline is None:
            return None
        return max(0, math.ceil((self.deadline - self.server_now).total_seconds()))


@dataclass(frozen=True)
class TableState(DraftClock):
    """What one page at the table shows: the same for everyone except `viewer` and `is_my_turn`."""

    table: DraftTable
    viewer: str | None
    etag: str
    server_now: dt.datetime
    round: int | None
    pack_number: int | None  # 1-based, in the whole draft
    opener: str | None
    pick_number: int | None
    pack_size: int | None
    seat_to_pick: str | None
    is_my_turn: bool
    in_review: bool
    picks_open_at: dt.datetime | None
    deadline: dt.datetime | None
    pack: list[DraftCard]  # the cards still on the table, in the order they were laid out
    seats: list[SeatView]
    pool_visible: bool
    # The viewer's most recent pick of this pack when the clock made it: the phone says the timer picked, and what.
    timed_out: DraftCard | None = None
    timed_out_printed: str = ""  # its name as printed in the reader's language, where the card data has it

    @property
    def can_tap(self) -> bool:
        """A seated player's taps on the pack reach the server while the table runs, even when it isn't their pick
        or picks haven't opened yet: the answer then says why nothing was chosen instead of ignoring the tap."""
        return self.viewer is not None and self.table.status == DraftStatus.RUNNING


def _iso(moment: dt.datetime | None) -> str:
    # Milliseconds: every browser's Date.parse reads them (not all read microseconds).
    return moment.isoformat(timespec="milliseconds") if moment else ""


def draft_table_state(*, table: DraftTable, viewer: str | None, now: dt.datetime) -> TableState:
    """The table as a page shows it, in three queries. Never includes earlier picks: of the current pack only each
    seat's most recent pick, and nothing of earlier packs (RULES.md 6)."""
    seat_players = draft_seat_players(table=table)
    latest: dict[str, tuple[int, str]] = {}
    mine: DraftCard | None = None
    pack: list[DraftCard] = []
    plan_row = None
    drafting = table.status in (DraftStatus.RUNNING, DraftStatus.PAUSED) and table.pack_index < len(table.pack_sizes)
    if drafting:
        plan_row = draft_table_plan(table=table)[table.pack_index]
        for card in DraftCard.objects.filter(table=table, pack_index=table.pack_index).order_by("position"):
            if card.pick_number is None:
                pack.append(card)
            elif card.pick_number > latest.get(card.picked_by, (0, ""))[0]:
                latest[card.picked_by] = (card.pick_number, card.name)
                if card.picked_by == viewer:
                    mine = card
    seat_to_pick = draft_seat_to_pick(table=table)
    deadline = table.deadline if table.status == DraftStatus.RUNNING else None
    # The reader's language names the picks as printed (the viewer's own timed-out pick is one of the latest).
    printed = card_printed_names(names=[name for _n, name in latest.values()], language=translation.get_language())
    return TableState(
        table=table,
        viewer=viewer,
        etag=draft_state_etag(table=table, now=now),
        server_now=now,
        round=plan_row.round if plan_row else None,
        pack_number=table.pack_index + 1 if plan_row else None,
        opener=str(plan_row.opener) if plan_row else None,
        pick_number=table.pick_number if plan_row else None,
        pack_size=table.pack_sizes[table.pack_index] if plan_row else None,
        seat_to_pick=seat_to_pick,
        is_my_turn=viewer is not None and viewer == seat_to_pick and table.status == DraftStatus.RUNNING,
        in_review=draft_in_review(table=table, now=now),
        picks_open_at=table.picks_open_at if table.status == DraftStatus.RUNNING else None,
        # A deadline that is over never shows as running: the page shows 0 until the timeout lands.
        deadline=max(deadline, now) if deadline else None,
        pack=pack,
        seats=[
            SeatView(
                seat=name,
                player_name=s.player.name,
                latest_pick=latest.get(name, (0, None))[1],
                latest_pick_printed=printed.get(latest.get(name, (0, ""))[1], ""),
            )
            for name, s in seat_players.items()
        ],
        pool_visible=draft_pool_visible(table=table),
        timed_out=mine if mine is not None and mine.via in TIMEOUT_VIAS else None,
        timed_out_printed=printed.get(mine.name, "") if mine is not None else "",
    )


# A pick the clock made for a player out of time (the timer task, the sweep, a page's read, or a pick too late).
TIMEOUT_VIAS = (PickVia.TIMER, PickVia.SWEEP, PickVia.READ, PickVia.LATE)


def draft_selection_problem(*, state: TableState, card_id: int, pack_index: int, pick_number: int) -> str | None:
    """Why the viewer can't choose card `card_id` for pick (`pack_index`, `pick_number`) right now, or None.

    The first tap on a card only chooses it; the pick is recorded by a second tap that confirms it (a guard against a
    mis-tap when a new pack appears). The same checks as the pick itself, without taking anything.
    """
    table = state.table
    if table.status == DraftStatus.PAUSED:
        return _("The draft is paused; wait for the organizer to resume it.")
    if table.status != DraftStatus.RUNNING:
        return _("The draft is over.") if table.status == DraftStatus.FINISHED else _("The draft hasn't started yet.")
    if (table.pack_index, table.pick_number) != (pack_index, pick_number):
        return _("The table has moved on since you tapped; look at the pack again.")
    if state.in_review:
        return _("The pack is still being reviewed; picks open in %(n)d s.") % {"n": state.review_seconds_left}
    if not state.is_my_turn:
        return _("%(seat)s is picking.") % {"seat": state.seat_to_pick}
    if all(card.pk != card_id for card in state.pack):
        return _("That card isn't in the pack on the table.")
    return None


def draft_team_pool(registration):
    """The team's pool for deck registration (tournaments.pools): the cards its players picked at the team's latest
    draft table (each round drafts anew under the pod rule), by English name; None before the team has drafted."""
    table = (
        DraftTable.objects.filter(Q(team1=registration) | Q(team2=registration))
        .order_by("-round__number", "-number", "-pk")
        .first()
    )
    if table is None:
        return None
    team = "1" if table.team1_id == registration.pk else "2"
    names = DraftCard.objects.filter(table=table, picked_by__startswith=team).values_list("name", flat=True)
    index = card_name_index()
    return TeamPool(cards=dict(Counter(index.resolve(n).english or n for n in names)))


def draft_log_entries(*, draft) -> QuerySet[EventLogEntry]:
    """A draft table's or a pod's actions in the event's one log (tournaments.services.eventlog), oldest first."""
    key = "data__draft_table" if isinstance(draft, DraftTable) else "data__pod"
    return (
        EventLogEntry.objects.filter(event_id=draft.event_id, kind="draft", **{key: draft.pk})
        .select_related("user")
        .order_by("at", "pk")
    )
