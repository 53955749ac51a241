"""Series standings (docs/series.md): points per event, best N counted, tiebreakers, who qualifies. Pure: no ORM,
plain data in and out (a rules engine, CONTRIBUTING.md).

A player's points at an event come from the series' points table by their place (a place below the table earns
the participation points), or are the match points they made. With `best_of`, only their best N events count.
Order: total counted points, then events played, then best placing, then total match points; players equal on all
four share a rank. Who qualifies: rank within the top N, or counted points at or above the threshold.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

PLACING, MATCH_POINTS = "placing", "match_points"


@dataclass(frozen=True)
class SeriesRules:
    points_source: str = PLACING
    points_table: Sequence[int] = ()
    participation_points: int = 0
    best_of: int | None = None
    qualify_top: int | None = None
    qualify_points: int | None = None


@dataclass(frozen=True)
class EventResult:
    event: int
    player: int
    place: int
    match_points: int


@dataclass
class SeriesRow:
    player: int
    rank: int = 0
    points: dict[int, int] = field(default_factory=dict)  # event -> points earned there
    counted: frozenset[int] = frozenset()  # the events whose points count
    total: int = 0
    events_played: int = 0
    best_place: int = 0
    match_points: int = 0
    qualified: bool = False


def event_points(*, rules: SeriesRules, place: int, match_points: int) -> int:
    """What one result earns: the table's points for the place (participation below the table), or the match
    points."""
    if rules.points_source == MATCH_POINTS:
        return match_points
    if 1 <= place <= len(rules.points_table):
        return max(rules.points_table[place - 1], rules.participation_points)
    return rules.participation_points


def _sort_key(row: SeriesRow) -> tuple:
    return (-row.total, -row.events_played, row.best_place, -row.match_points)


def series_standings(
    *, rules: SeriesRules, results: Iterable[EventResult], event_order: Sequence[int] = ()
) -> list[SeriesRow]:
    """Every player with a result, ranked. `event_order` (the events by date) breaks ties between equal scores
    when choosing the best N: the earlier event counts. Promises: ranks start at 1, equal keys share a rank and
    the next rank skips (1, 1, 3); `total` is the sum of the counted events' points."""
    position = {event: index for index, event in enumerate(event_order)}
    rows: dict[int, SeriesRow] = {}
    for result in results:
        row = rows.setdefault(result.player, SeriesRow(player=result.player))
        row.points[result.event] = event_points(rules=rules, place=result.place, match_points=result.match_points)
        row.events_played += 1
        row.best_place = result.place if not row.best_place else min(row.best_place, result.place)
        row.match_points += result.match_points
    for row in rows.values():
        best = sorted(row.points, key=lambda e: (-row.points[e], position.get(e, len(position)), e))
        if rules.best_of is not None:
            best = best[: rules.best_of]
        row.counted = frozenset(best)
        row.total = sum(row.points[e] for e in best)
    ordered = sorted(rows.values(), key=lambda r: (_sort_key(r), r.player))
    for index, row in enumerate(ordered):
        same = index and _sort_key(ordered[index - 1]) == _sort_key(row)
        row.rank = ordered[index - 1].rank if same else index + 1
        row.qualified = bool(
            (rules.qualify_top is not None and row.rank <= rules.qualify_top)
            or (rules.qualify_points is not None and row.total >= rules.qualify_points)
        )
    return ordered
