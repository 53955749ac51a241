"""Prize payouts for final placings (issue 44; docs/fees.md). Pure: plain data in and out, no ORM.

A place line gives its item and amount to each place of its range; a record line to every entrant with at least its
match points. Tied entrants (the same tie key: the losers of one playoff round, or equal match points in the Swiss
part) either keep their places' own prizes (`split_evenly` off: the tiebreakers decide), or pool the place prizes of
the places they cover and share each item evenly. An even share is counted in whole units (whole packs and trophies;
cents for a divisible line such as store credit); what is left over goes one unit each to the tied entrants in placing order, so
nothing is lost and nothing is invented.
"""

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal


@dataclass(frozen=True)
class PrizeLine:
    item: str
    amount: Decimal
    place_from: int | None = None
    place_to: int | None = None
    min_match_points: int | None = None  # set for a record line, None for a place line
    divisible: bool = False  # money (store credit) splits to the cent; an item (packs, a trophy) in whole units


@dataclass(frozen=True)
class Placed:
    place: int
    team: int
    match_points: int
    tie: Hashable  # entrants with equal keys next to each other are tied


@dataclass(frozen=True)
class Award:
    place: int
    team: int
    item: str
    amount: Decimal
    shared_by: int = 1  # how many tied entrants shared this item's pool (1: not shared)


def _shown(amount: Decimal, divisible: bool) -> Decimal:
    """Money to the cent (5.00), a whole item as a whole number (6, not 6.00)."""
    if divisible or amount != amount.to_integral_value():
        return amount.quantize(Decimal("0.01"))
    return amount.quantize(Decimal(1))


def _place_prizes(lines: Sequence[PrizeLine], place: int) -> list[PrizeLine]:
    return [
        line
        for line in lines
        if line.min_match_points is None
        and line.place_from is not None
        and line.place_from <= place <= (line.place_to or line.place_from)
    ]


def _tie_groups(placed: Sequence[Placed]) -> list[list[Placed]]:
    groups: list[list[Placed]] = []
    for entry in sorted(placed, key=lambda p: p.place):
        if groups and groups[-1][-1].tie == entry.tie:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    return groups


def _shared(group: list[Placed], lines: Sequence[PrizeLine]) -> list[Award]:
    pools: dict[str, list[Decimal]] = defaultdict(list)
    divisible: set[str] = set()
    for entry in group:
        for line in _place_prizes(lines, entry.place):
            pools[line.item].append(line.amount)
            if line.divisible:
                divisible.add(line.item)
    awards = []
    for item, amounts in pools.items():
        unit = Decimal("0.01") if item in divisible else Decimal(1)
        units = int(sum(amounts) / unit)
        share, left = divmod(units, len(group))
        for index, entry in enumerate(group):
            amount = ((share + (1 if index < left else 0)) * unit).quantize(unit, rounding=ROUND_DOWN)
            if amount:
                awards.append(Award(entry.place, entry.team, item, amount, shared_by=len(group)))
    return awards


def prize_payouts(*, placed: Sequence[Placed], lines: Sequence[PrizeLine], split_evenly: bool) -> list[Award]:
    """Every award of the event, in placing order (place prizes before record prizes for each entrant).

    Promises: without ties, or with `split_evenly` off, each place gets exactly its lines; with it on, the total of
    each item over a tied group equals the total its places carry, and the shares differ by at most one unit."""
    awards: list[Award] = []
    for group in _tie_groups(placed):
        if split_evenly and len(group) > 1:
            awards += _shared(group, lines)
        else:
            awards += [
                Award(entry.place, entry.team, line.item, _shown(line.amount, line.divisible))
                for entry in group
                for line in _place_prizes(lines, entry.place)
            ]
    for entry in placed:
        awards += [
            Award(entry.place, entry.team, line.item, _shown(line.amount, line.divisible))
            for line in lines
            if line.min_match_points is not None and entry.match_points >= line.min_match_points
        ]
    return sorted(awards, key=lambda award: award.place)  # stable: place prizes stay before record prizes
