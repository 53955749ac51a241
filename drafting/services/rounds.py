"""Draft tables of a round: team Rochester drafts every round within its pod (RULES.md 6, MTR 7.6 and 8.5).

Pairing a round (tournaments.services.pairing) calls `draft_tables_for_round` in the same transaction (through
`draft_tables_seat_round`, which drafting.apps registers as its seater in tournaments.drafts): each pair
of teams gets a draft table with the number of their match table, the bye team drafts nothing. Pairing a round
again or swapping teams calls it again; it keeps the tables whose teams did not change and refuses (so the whole
pairing change is rolled back) when a table whose teams would change has started drafting.
"""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from common.textlist import text_list
from drafting.core import draft_log
from drafting.models import DraftAction, DraftStatus, DraftTable, EventTimer, PackSource
from tournaments.enums import FormatKind
from tournaments.models import Round

from .picks import DraftRefused
from .seating import draft_empty_seats_problem, rochester_team_size_problem
from .tables import draft_settings_for


def draft_tables_for_round(*, round_: Round, by=None) -> list[DraftTable]:
    """Seat each pair of teams of `round_` at a draft table numbered like their match (the bye team drafts nothing)
    and draw, from the round's stored seed, the team that decides who picks first. Returns the round's tables.

    Only for a team Rochester event that drafts every round; any other event gets none. Call it inside the
    transaction that writes the round's pairings. Raises DraftRefused (write nothing then) when the teams' size
    can't draft, a seat has no player, or a table whose teams would change has already started drafting.
    """
    event = round_.event
    if event.format_kind != FormatKind.TEAM_ROCHESTER or not event.drafts_every_round:
        return []
    problem = rochester_team_size_problem(event=event)
    if problem:
        raise DraftRefused(problem)
    pairs = {
        table: (a, b)
        for table, a, b in round_.matches.filter(team_b__isnull=False).values_list("table", "team_a_id", "team_b_id")
    }
    problem = draft_empty_seats_problem(event=event, registration_ids={t for pair in pairs.values() for t in pair})
    if problem:
        raise DraftRefused(problem)
    existing = {t.number: t for t in DraftTable.objects.select_for_update().filter(round=round_)}
    stale = [t for number, t in existing.items() if pairs.get(number) != (t.team1_id, t.team2_id)]
    started = [t.number for t in stale if t.status != DraftStatus.SETUP]
    # A paper table whose draft is being called (drafting.services.paper) has started too: stop its call first.
    called = set(EventTimer.objects.filter(table__in=[t.pk for t in stale]).values_list("table__number", flat=True))
    if called:
        raise DraftRefused(
            _(
                "%(round)s: the drafts of table(s) %(tables)s are being called, so their teams can't change. Stop "
                "those calls first, or leave the pairing as it is."
            )
            % {"round": round_.name, "tables": text_list(sorted(called), conjunction=False)}
        )
    if started:
        raise DraftRefused(
            _(
                "%(round)s: draft table(s) %(tables)s have started drafting, so their teams can't change. End and "
                "delete those drafts first, or leave the pairing as it is."
            )
            % {"round": round_.name, "tables": text_list(sorted(started), conjunction=False)}
        )
    DraftTable.objects.filter(pk__in=[t.pk for t in stale]).delete()
    for t in stale:
        existing.pop(t.number)
    settings = draft_settings_for(event=event)
    for number, (team1, team2) in sorted(pairs.items()):
        if number in existing:
            continue
        # Each table's draw comes from the round's stored seed, so the round can be reproduced.
        table_seed = int(random.Random(f"{round_.seed}-{number}").random() * 2**48)
        table = DraftTable.objects.create(
            event=event,
            round=round_,
            number=number,
            team1_id=team1,
            team2_id=team2,
            seed=table_seed,
            chooser=1 if random.Random(table_seed).random() < 0.5 else 2,
            set_code=settings.set_code,
            review_seconds=settings.review_seconds,
            pick_seconds=settings.pick_seconds,
            deck_building_minutes=event.deck_building_minutes,
            # Real product: the teams draft real boosters at the table, called from the paper draft's page.
            pack_source=PackSource.PAPER if event.real_product else "",
        )
        draft_log(
            table,
            DraftAction.TABLES_CREATED,
            by=by,
            round_=round_,
            detail=f"round {round_.number}, table {number} (round seed {round_.seed}); draw seed {table_seed}: "
            f"team {table.chooser} decides",
        )
        existing[number] = table
    return [existing[n] for n in sorted(existing)]


def draft_tables_seat_round(*, round_: Round) -> None:
    """Pairing's seater (tournaments.drafts, registered in drafting.apps): draft_tables_for_round, its refusal
    (DraftRefused) the pairing's ValidationError, so the round's pairing is rolled back with it."""
    try:
        draft_tables_for_round(round_=round_)
    except DraftRefused as exc:
        raise ValidationError(str(exc)) from exc
