"""One place decides an event's standings and final order, whatever its structure (issue 56).

Most structures rank by the Swiss standings of their matches (tournaments.standings) and place by the top cut's
bracket (tournaments.placements). A structure that keeps its own results (a Commander night's pods: `multiplayer`)
registers here, in its AppConfig.ready(), how it ranks and places, so that `standings_for_event` and
`placements_for_event`, which every page, export, season, payout and event file reads, answer from it:

    structure_order_register(structure=Structure.MULTIPLAYER_PODS, standings=..., placings=...)

Tournaments imports no feature (docs/architecture.md, "Registries"): the feature's import points down to here.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.models import Event
from tournaments.placements import Placing
from tournaments.standings import StandingRow

# (event=, upto_round=) -> the structure's standings as the core's rows, best first, every registered entrant once.
StandingsProvider = Callable[..., Sequence[StandingRow]]
# (event=) -> the final placings (the placings so far before the end), every registered entrant once.
PlacingsProvider = Callable[..., list[Placing]]


# (event=, round_number=) -> the numbers of the round's tables without a counting result ([] when complete), or None
# when the round isn't paired (the Day 2 cut asks before it is made: tournaments/selectors/daytwo.py).
OpenTablesProvider = Callable[..., list[int] | None]


@dataclass(frozen=True)
class StructureOrder:
    standings: StandingsProvider
    placings: PlacingsProvider
    open_tables: OpenTablesProvider | None = None


_ORDERS: dict[str, StructureOrder] = {}


def structure_order_register(
    *,
    structure: str,
    standings: StandingsProvider,
    placings: PlacingsProvider,
    open_tables: OpenTablesProvider | None = None,
) -> None:
    """Make events of `structure` ranked by `standings` and placed by `placings` (the last registration wins); its
    rounds' tables still waiting for a result are `open_tables`' answer."""
    _ORDERS[structure] = StructureOrder(standings=standings, placings=placings, open_tables=open_tables)


def structure_order(*, event: Event) -> StructureOrder | None:
    """The registered standings and placings of the event's structure, or None (the core's own: matches, bracket)."""
    return _ORDERS.get(event.structure)
