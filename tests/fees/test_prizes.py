"""The payout engine (fees/prizes.py): place lines, record lines, ties by tiebreakers or split evenly."""

from decimal import Decimal

from fees.prizes import Placed, PrizeLine, prize_payouts

LINES = [
    PrizeLine(item="Packs", amount=Decimal(10), place_from=1),
    PrizeLine(item="Packs", amount=Decimal(6), place_from=2),
    PrizeLine(item="Packs", amount=Decimal(3), place_from=3, place_to=4),
    PrizeLine(item="Trophy", amount=Decimal(1), place_from=1),
    PrizeLine(item="Store credit", amount=Decimal("5.00"), place_from=3, place_to=4, divisible=True),
    PrizeLine(item="Promo", amount=Decimal(1), min_match_points=9),
]


def _placed(*ties, points=(12, 9, 9, 9, 3)):
    return [Placed(place=i, team=100 + i, match_points=points[i - 1], tie=tie) for i, tie in enumerate(ties, start=1)]


def _prizes(awards, team):
    return {(a.item, a.amount, a.shared_by) for a in awards if a.team == team}


def test_prize_payouts_by_tiebreakers_give_each_place_its_own_lines():
    awards = prize_payouts(placed=_placed("a", "b", "b", "b", "c"), lines=LINES, split_evenly=False)
    assert _prizes(awards, 101) == {("Packs", 10, 1), ("Trophy", 1, 1), ("Promo", 1, 1)}
    assert _prizes(awards, 102) == {("Packs", 6, 1), ("Promo", 1, 1)}
    assert _prizes(awards, 104) == {("Packs", 3, 1), ("Store credit", Decimal("5.00"), 1), ("Promo", 1, 1)}
    assert _prizes(awards, 105) == set()


def test_prize_payouts_split_evenly_pool_the_tied_places_and_share_leftovers_in_placing_order():
    # places 2-4 tied: packs 6 + 3 + 3 = 12 -> 4 each; credit 5.00 + 5.00 (place 2 has none) over 3 -> 3.34, 3.33, 3.33
    awards = prize_payouts(placed=_placed("a", "b", "b", "b", "c"), lines=LINES, split_evenly=True)
    for team in (102, 103, 104):
        assert ("Packs", Decimal(4), 3) in _prizes(awards, team)
    credit = [a.amount for a in awards if a.item == "Store credit"]
    assert credit == [Decimal("3.34"), Decimal("3.33"), Decimal("3.33")]
    assert sum(credit) == Decimal("10.00")
    assert _prizes(awards, 101) == {("Packs", 10, 1), ("Trophy", 1, 1), ("Promo", 1, 1)}


def test_prize_payouts_split_whole_items_never_in_fractions():
    lines = [
        PrizeLine(item="Packs", amount=Decimal(5), place_from=1),
        PrizeLine(item="Packs", amount=Decimal(2), place_from=2),
    ]
    awards = prize_payouts(placed=_placed("a", "a", points=(9, 9)), lines=lines, split_evenly=True)
    assert [(a.team, a.amount) for a in awards] == [(101, 4), (102, 3)]


def test_prize_payouts_record_lines_are_not_split():
    awards = prize_payouts(placed=_placed("x", "x", "x", "x", "x"), lines=LINES[-1:], split_evenly=True)
    assert [a.team for a in awards] == [101, 102, 103, 104]
    assert {a.shared_by for a in awards} == {1}
