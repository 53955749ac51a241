"""The organizer's pairing constraints (issue 42) in the pure engine (tournaments/pairing.py): byes earned in
advance, fixed tables, pairs to avoid."""

import random

import pytest

from tournaments.pairing import (
    PairingConstraints,
    PairingEntrant,
    avoided_pairs_made,
    check_pairing,
    number_tables,
    pair_round_constrained,
    split_advance_byes,
    untangle_avoided,
    with_avoidance,
)
from tests.tournaments.test_pairing import record_results, standings
from tournaments.simulation import event_constraints, simulate_swiss


def fresh_field(n):
    return [PairingEntrant(id=i, points=0, rank=i) for i in range(1, n + 1)]


def play(entrants, pairing, rng):
    """The next round's entrants after random results (a bye, in advance or not, is a win: 3 points)."""
    points = {e.id: e.points for e in entrants}
    opponents = {e.id: set(e.opponents) for e in entrants}
    byes = {e.id: e.byes for e in entrants}
    for team in (*pairing.advance_byes, *([pairing.bye] if pairing.bye is not None else [])):
        points[team] += 3
        byes[team] += 1
    record_results(pairing.pairs, points, opponents, rng)
    return standings(points, opponents, byes, rng)


def test_split_advance_byes_sits_out_rounds_one_to_n():
    field = fresh_field(6)
    byes = {1: 1, 2: 3, 3: 0}
    assert [e.id for e in split_advance_byes(field, byes, 1)[0]] == [3, 4, 5, 6]
    assert split_advance_byes(field, byes, 1)[1] == (1, 2)
    assert split_advance_byes(field, byes, 2)[1] == (2,)
    assert split_advance_byes(field, byes, 3)[1] == (2,)
    assert split_advance_byes(field, byes, 4)[1] == ()


def test_with_avoidance_adds_partners_as_opponents_only_to_the_pair():
    field = fresh_field(4)
    changed = with_avoidance(field, {frozenset((1, 3))})
    assert [e.opponents for e in changed] == [frozenset({3}), frozenset(), frozenset({1}), frozenset()]
    assert with_avoidance(field, set())[1] is field[1]


def test_number_tables_keeps_fixed_tables_and_flows_around_them():
    pairs = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    assert number_tables(pairs, {}) == (1, 2, 3, 4, 5)
    # team 8 keeps table 1, team 3 table 9; the others take 2, 3, 4 in order.
    assert number_tables(pairs, {8: 1, 3: 9}) == (2, 9, 3, 1, 4)
    # Both teams of a pair hold a table: the first team's wins; the other table is free for the others.
    assert number_tables([(1, 2), (3, 4)], {1: 2, 2: 1}) == (2, 1)


def test_avoided_pair_of_two_is_made_and_reported():
    pairing = pair_round_constrained(
        fresh_field(2), seed=1, round_number=1, constraints=PairingConstraints(avoid=frozenset({frozenset((1, 2))}))
    )
    assert pairing.pairs == ((1, 2),)
    assert pairing.avoided == ((1, 2),)
    assert pairing.rematches == 0


def test_avoided_pair_counts_like_a_rematch_never_more():
    # 1 has met 3 and 4; 1-2 is avoided. Each of 1's partners costs one "rematch" unit: one of them is made,
    # and the engine says which kind it was.
    field = [
        PairingEntrant(id=1, points=0, rank=0, opponents=frozenset({3, 4})),
        PairingEntrant(id=2, points=0, rank=1),
        PairingEntrant(id=3, points=0, rank=2, opponents=frozenset({1})),
        PairingEntrant(id=4, points=0, rank=3, opponents=frozenset({1})),
    ]
    rules = PairingConstraints(avoid=frozenset({frozenset((1, 2))}))
    for seed in range(20):
        pairing = pair_round_constrained(field, seed=seed, round_number=2, constraints=rules)
        assert pairing.rematches + len(pairing.avoided) == 1


def test_check_pairing_names_an_avoided_pair():
    problems = check_pairing(fresh_field(2), [(1, 2)], None, names={1: "Ann", 2: "Bo"}, avoid={frozenset((1, 2))})
    assert [(p.code, p.teams) for p in problems] == [("avoided", (1, 2))]
    assert "Ann and Bo" in problems[0].message
    assert avoided_pairs_made([(2, 1), (3, 4)], {frozenset((1, 2))}) == ((2, 1),)


def test_avoided_pairs_never_meet_in_1000_events_where_avoidable():
    """1,000 simulated events of 10-40 players, 1-3 avoided pairs (one player may be in two), some byes in
    advance: the rounds are few enough that every player still has more than half the field to meet (Dirac), so
    a pairing without the avoided pairs always exists, and the engine must find it every round."""
    rng = random.Random(42)
    rounds_paired = 0
    for event in range(1000):
        n = rng.randint(10, 40)
        rounds = rng.randint(1, min(5, n // 2 - 4))
        ids = list(range(1, n + 1))
        avoid = frozenset(frozenset(rng.sample(ids, 2)) for _ in range(rng.randint(1, 3)))
        holders = rng.sample(ids, rng.randint(0, 2))
        rules = PairingConstraints(
            avoid=avoid, advance_byes={t: rng.randint(1, 3) for t in holders}, fixed_tables={ids[0]: 3}
        )
        entrants = fresh_field(n)
        for number in range(1, rounds + 1):
            pairing = pair_round_constrained(
                entrants, seed=rng.getrandbits(32), round_number=number, rounds_left=rounds - number, constraints=rules
            )
            assert pairing.avoided == (), (event, number)
            assert not any(frozenset(p) in avoid for p in pairing.pairs)
            assert pairing.rematches == 0
            assert len(set(pairing.tables)) == len(pairing.pairs)
            seated = [t for p in pairing.pairs for t in p] + list(pairing.advance_byes)
            seated += [pairing.bye] if pairing.bye is not None else []
            assert sorted(seated) == ids
            entrants = play(entrants, pairing, rng)
            rounds_paired += 1
    assert rounds_paired > 1000


def test_300_players_with_advance_byes_and_fixed_tables():
    """A 300-player event: 12 players hold 1 to 3 byes, two players hold tables 1 and 40."""
    rng = random.Random(7)
    ids = list(range(1, 301))
    holders = rng.sample(ids, 12)
    advance = {t: 1 + k % 3 for k, t in enumerate(holders)}
    fixed_players = [t for t in ids if t not in advance][:2]
    rules = PairingConstraints(advance_byes=advance, fixed_tables={fixed_players[0]: 1, fixed_players[1]: 40})
    entrants = fresh_field(300)
    byes_had: dict[int, int] = {}
    for number in range(1, 10):
        pairing = pair_round_constrained(
            entrants, seed=number, round_number=number, rounds_left=9 - number, constraints=rules
        )
        assert set(pairing.advance_byes) == {t for t, n in advance.items() if n >= number}
        table_of = {team: table for (a, b), table in zip(pairing.pairs, pairing.tables) for team in (a, b)}
        assert table_of[fixed_players[0]] == 1 and table_of[fixed_players[1]] == 40
        assert sorted(pairing.tables) == list(range(1, len(pairing.pairs) + 1))
        assert pairing.rematches == 0
        for team in pairing.advance_byes:
            byes_had[team] = byes_had.get(team, 0) + 1
        entrants = play(entrants, pairing, rng)
    assert byes_had == advance
    points = {e.id: e.points for e in entrants}
    # A bye counts as a match win: a player with three byes has at least 9 points.
    assert all(points[t] >= 3 * n for t, n in advance.items())


def test_simulation_with_constraints_reports_them():
    figures = simulate_swiss(teams=200, rounds=6, seed=3, constraints=True)
    rules = event_constraints(teams=200, seed=3)
    assert figures["advance_byes"] == sum(min(n, 6) for n in rules.advance_byes.values())
    assert figures["avoided"] == 0
    assert figures["rematches"] == 0
    assert "advance_byes" not in simulate_swiss(teams=20, rounds=3, seed=3)


@pytest.mark.parametrize("n", [2, 3])
def test_tiny_fields_with_advance_byes(n):
    pairing = pair_round_constrained(
        fresh_field(n), seed=1, round_number=1, constraints=PairingConstraints(advance_byes={1: 1, 2: 2})
    )
    assert pairing.pairs == ()
    assert set(pairing.advance_byes) == {1, 2}
    assert pairing.bye == (3 if n == 3 else None)


def test_untangle_avoided_swaps_with_a_neighbour_only_when_that_helps():
    pairs = [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert untangle_avoided(pairs, set()) == tuple(pairs)
    # 2 v 6 is avoided: 6 swaps with 7 (the next pair's second team).
    assert untangle_avoided(pairs, {frozenset((2, 6))}) == ((1, 5), (2, 7), (3, 6), (4, 8))
    # The last pair swaps with the previous one.
    assert untangle_avoided(pairs, {frozenset((4, 8))}) == ((1, 5), (2, 6), (3, 8), (4, 7))
    # Two players only: nothing to swap with, the pair stays (and is reported as an avoided pair made).
    assert untangle_avoided([(1, 2)], {frozenset((1, 2))}) == ((1, 2),)
