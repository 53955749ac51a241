"""What each stream overlay shows: only what the event's public pages show (a result once it counts, a draft
table's public state, never a pool)."""

from dataclasses import dataclass

from django.utils import timezone

from drafting.models import DraftTable
from drafting.selectors.tables import PLAYERS_SEE_TABLE, draft_table_state
from sharedgame.models import GameState
from tournaments.enums import COUNTING_STATES
from tournaments.models import Event, TeamMatch
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.events import event_latest_round
from tournaments.selectors.rounds import matches_players_see
from tournaments.selectors.standings import standings_for_event, team_names_for_event


@dataclass(frozen=True)
class TickerRow:
    rank: int
    team: str
    match_points: int
    record: str


def overlay_standings(*, event: Event, top: int) -> list[TickerRow]:
    """The top `top` teams of the standings (counting results only)."""
    names = team_names_for_event(event=event)
    return [
        TickerRow(
            rank=row.rank,
            team=names.get(row.team, ""),
            match_points=row.match_points,
            record=f"{row.wins}-{row.losses}-{row.draws}",
        )
        for row in standings_for_event(event=event)[:top]
    ]


def overlay_clock(*, event: Event) -> dict:
    """The latest round and its clock as every page shows it ({"round": Round | None, "clock": dict | None})."""
    round_ = event_latest_round(event=event, players=True)
    return {"round": round_, "clock": round_clock_state(round_=round_) if round_ else None}


@dataclass(frozen=True)
class FeatureMatch:
    match: TeamMatch
    seats: list[dict]  # {"seat", "player_a", "player_b", "result"}; result "" until the match's result counts
    counts: bool
    games: list[GameState]  # shared games: life and poison, public at the table


def overlay_match(*, event: Event, match_id: int) -> FeatureMatch | None:
    match = (
        matches_players_see(TeamMatch.objects.filter(pk=match_id, round__event=event))  # a draft's match: none
        .select_related("round", "team_a__team", "team_b__team")
        .prefetch_related("team_a__seats__player", "team_b__seats__player", "seat_matches")
        .first()
    )
    if match is None:
        return None
    counts = match.result_state in COUNTING_STATES
    results = {s.letter: s for s in match.seat_matches.all()} if counts else {}
    players_b = {s.letter: s.player.name for s in match.team_b.seats.all()} if match.team_b else {}
    seats = []
    for seat in match.team_a.seats.all():
        result = results.get(seat.letter)
        seats.append(
            {
                "seat": seat.letter,
                "player_a": seat.player.name,
                "player_b": players_b.get(seat.letter, ""),
                "result": f"{result.wins_a}-{result.wins_b}" + (f"-{result.draws}" if result.draws else "")
                if result
                else "",
            }
        )
    games = list(GameState.objects.filter(match=match).order_by("number")) if event.is_shared_game else []
    return FeatureMatch(match=match, seats=seats, counts=counts, games=games)


def overlay_draft(*, event: Event, table_id: int):
    """A team Rochester table's public state (the pack face up, each seat's latest pick of it), or None."""
    table = DraftTable.objects.filter(PLAYERS_SEE_TABLE, pk=table_id, event=event).select_related("event").first()
    if table is None:
        return None
    return draft_table_state(table=table, viewer=None, now=timezone.now())
