"""Pairings reads: a round's tables, and the same list alphabetically by team so players find their table."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import AvoidedPairing, Registration, Round, TeamMatch
from tournaments.pairing import PairingConstraints
from tournaments.wording import result_state_label


@dataclass(frozen=True)
class TableLine:
    table: int
    team: str
    opponent: str | None  # None: the bye
    team_players: str
    opponent_players: str
    outcome: str
    state: str


def _players(registration) -> str:
    return ", ".join(f"{s.letter}: {s.player.name}" for s in registration.seats.all())


def round_tables(*, round_: Round, tables=None) -> list[TeamMatch]:
    """The round's matches by table, with teams and players loaded (a fixed number of queries); only the tables
    numbered in `tables` when given (a page of a large round)."""
    matches = round_.matches.all() if tables is None else round_.matches.filter(table__in=list(tables))
    return list(
        matches.select_related("team_a__team", "team_b__team")
        .prefetch_related("team_a__seats__player", "team_b__seats__player", "seat_matches")
        .order_by("table")
    )


def round_lines_by_team(*, round_: Round) -> list[TableLine]:
    """One line per team (both sides of every match), sorted by team name: where each team sits."""
    lines = []
    for match in round_tables(round_=round_):
        sides = [(match.team_a, match.team_b)]
        if match.team_b is not None:
            sides.append((match.team_b, match.team_a))
        for team, opponent in sides:
            lines.append(
                TableLine(
                    table=match.table,
                    team=team.team.name,
                    opponent=opponent.team.name if opponent else None,
                    team_players=_players(team),
                    opponent_players=_players(opponent) if opponent else "",
                    outcome=match.outcome,
                    state=result_state_label(match=match),
                )
            )
    return sorted(lines, key=lambda line: (line.team.casefold(), line.table))


def pairing_constraints_for_event(*, event) -> PairingConstraints:
    """The organizer's constraints of `event` as the pairing engine takes them (two queries): byes in advance and
    fixed tables by registration id, pairings to avoid as pairs of registration ids."""
    advance, fixed = {}, {}
    for pk, byes, table in (
        Registration.objects.filter(event=event)
        .filter(Q(byes_in_advance__gt=0) | Q(fixed_table__isnull=False))
        .values_list("pk", "byes_in_advance", "fixed_table")
    ):
        if byes:
            advance[pk] = byes
        if table is not None:
            fixed[pk] = table
    avoid = frozenset(
        frozenset(pair) for pair in AvoidedPairing.objects.filter(event=event).values_list("first_id", "second_id")
    )
    return PairingConstraints(advance_byes=advance, avoid=avoid, fixed_tables=fixed)


def avoided_pairings_for_event(*, event):
    """The event's pairings to avoid with both teams' names loaded (one query), in the order they were named."""
    return AvoidedPairing.objects.filter(event=event).select_related("first__team", "second__team").order_by("pk")
