"""Tests for the Swiss pairing engine (tournaments/pairing.py, RULES.md 4).

Fields of up to EXACT_LIMIT + 1 teams are paired by the exact matching, bigger ones by the greedy pass with
local repair, so most rules are checked on both a small and a big field.
"""

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    EXACT_LIMIT,
    PairingEntrant,
    bye_candidates,
    check_pairing,
    pair_first_round_seeded,
    pair_round,
)

SMALL = 8
BIG = EXACT_LIMIT * 2 + 6  # well past the exact limit, so the greedy pass does the work


def fresh_field(n):
    return [PairingEntrant(id=i, points=0, rank=i) for i in range(n)]


def field_with_groups(sizes_by_points):
    """Teams with the given number of teams per point total, ranked by points, no history."""
    entrants = []
    for points in sorted(sizes_by_points, reverse=True):
        for _ in range(sizes_by_points[points]):
            entrants.append(PairingEntrant(id=len(entrants), points=points, rank=len(entrants)))
    return entrants


def play_rounds(n, rounds, rng):
    """Entrants for the next round after `rounds` rounds paired by the engine with random results."""
    points = dict.fromkeys(range(n), 0)
    byes = dict.fromkeys(range(n), 0)
    opponents = {i: set() for i in range(n)}
    for _ in range(rounds):
        pairing = pair_round(standings(points, opponents, byes, rng), seed=rng.getrandbits(32))
        if pairing.bye is not None:
            byes[pairing.bye] += 1
            points[pairing.bye] += 3
        record_results(pairing.pairs, points, opponents, rng)
    return standings(points, opponents, byes, rng)


def record_results(pairs, points, opponents, rng):
    """Random results for `pairs` (45 % either team wins, 10 % draw) added to points and opponents."""
    for a, b in pairs:
        opponents[a].add(b)
        opponents[b].add(a)
        roll = rng.random()
        if roll < 0.45:
            points[a] += 3
        elif roll < 0.9:
            points[b] += 3
        else:
            points[a] += 1
            points[b] += 1


def standings(points, opponents, byes, rng):
    order = sorted(points, key=lambda i: (-points[i], rng.random()))
    return [
        PairingEntrant(id=i, points=points[i], rank=rank, opponents=frozenset(opponents[i]), byes=byes[i])
        for rank, i in enumerate(order)
    ]


def min_rematches(entrants):
    """Fewest rematches any legal pairing can have, from a maximum matching of the 'not yet met' graph.

    Any matching of teams that have not met extends to a full pairing with rematches for the rest, so the
    minimum is (teams to pair) / 2 minus the size of a maximum such matching. With an odd field a virtual bye
    node is linked to every team the bye rule allows; a maximum matching can always be made to use it.
    """
    graph = nx.Graph()
    graph.add_nodes_from(e.id for e in entrants)
    graph.add_edges_from((a.id, b.id) for a, b in itertools.combinations(entrants, 2) if b.id not in a.opponents)
    candidates = bye_candidates(entrants)
    graph.add_edges_from(("bye", e.id) for e in candidates)
    matched = len(nx.max_weight_matching(graph, maxcardinality=True)) - (1 if candidates else 0)
    return len(entrants) // 2 - matched


def all_pairings(ids):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        for tail in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def squared_gaps(entrants, pairs):
    points = {e.id: e.points for e in entrants}
    return sum((points[a] - points[b]) ** 2 for a, b in pairs)


def seated(pairing):
    return [team for pair in pairing.pairs for team in pair] + ([pairing.bye] if pairing.bye is not None else [])


def as_sets(pairs):
    return {frozenset(pair) for pair in pairs}


# --- round 1 ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [SMALL, BIG])
def test_pair_round_first_round_same_seed_same_pairs(n):
    assert pair_round(fresh_field(n), seed=7) == pair_round(fresh_field(n), seed=7)


@pytest.mark.parametrize("n", [SMALL, BIG])
def test_pair_round_first_round_other_seed_other_pairs(n):
    results = {tuple(sorted(as_sets(pair_round(fresh_field(n), seed=seed).pairs), key=sorted)) for seed in range(5)}
    assert len(results) > 1


@pytest.mark.parametrize("n", [SMALL, BIG])
def test_pair_round_first_round_ignores_input_order(n):
    field = fresh_field(n)
    assert pair_round(field, seed=3) == pair_round(list(reversed(field)), seed=3)


@pytest.mark.parametrize("n", [SMALL, BIG])
def test_pair_round_first_round_is_not_by_rank(n):
    # Pairing 0-1, 2-3, ... (or any fixed scheme) in every seed would mean round 1 is not random.
    partners = {pair_round(fresh_field(n), seed=seed).pairs[0] for seed in range(10)}
    assert len(partners) > 1


# --- point groups and pair-downs ----------------------------------------------------------------------------


def odd_prefixes(sizes_by_points):
    """How many groups, top-down, end with an odd number of teams still unpaired: each sends one team down."""
    count, total = 0, 0
    levels = sorted(sizes_by_points, reverse=True)
    for points in levels[:-1]:
        total += sizes_by_points[points]
        count += total % 2
    return count


@pytest.mark.parametrize("sizes", [{6: 2, 3: 4, 0: 2}, {30: 10, 27: 20, 24: 30, 21: 10}])
def test_pair_round_even_groups_pair_inside_their_group(sizes):
    pairing = pair_round(field_with_groups(sizes), seed=1)
    assert (pairing.pair_downs, pairing.max_point_gap) == (0, 0)


@pytest.mark.parametrize(
    "sizes", [{6: 3, 3: 3, 0: 2}, {9: 5, 6: 15, 3: 15, 0: 5}, {9: 3, 7: 4, 6: 31, 3: 20, 1: 1, 0: 7}]
)
def test_pair_round_odd_group_pairs_down_to_nearest_group(sizes):
    entrants = field_with_groups(sizes)
    points = {e.id: e.points for e in entrants}
    levels = sorted(sizes, reverse=True)
    pairing = pair_round(entrants, seed=2)
    assert pairing.pair_downs == odd_prefixes(sizes)
    for a, b in pairing.pairs:
        # A pair-down only ever reaches the next group down.
        high, low = sorted((points[a], points[b]), reverse=True)
        assert high == low or levels.index(low) == levels.index(high) + 1


@pytest.mark.parametrize("sizes", [{6: 3, 3: 3, 0: 2}, {9: 5, 6: 15, 3: 15, 0: 5}])
def test_pair_round_pairs_higher_ranked_team_first_in_table_order(sizes):
    entrants = field_with_groups(sizes)
    by_id = {e.id: e for e in entrants}
    pairing = pair_round(entrants, seed=4)
    assert all(by_id[a].rank < by_id[b].rank for a, b in pairing.pairs)
    table_keys = [
        (max(by_id[a].points, by_id[b].points), min(by_id[a].points, by_id[b].points)) for a, b in pairing.pairs
    ]
    assert table_keys == sorted(table_keys, reverse=True)


# --- the bye --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [5, BIG + 1])
def test_pair_round_bye_to_lowest_ranked_team_without_bye(n):
    entrants = [PairingEntrant(id=100 + i, points=0, rank=i, byes=1 if i == n - 1 else 0) for i in range(n)]
    pairing = pair_round(entrants, seed=5)
    assert pairing.bye == 100 + n - 2


@pytest.mark.parametrize("n", [5, BIG + 1])
def test_pair_round_no_second_bye_while_another_team_has_none(n):
    # Only the top-ranked team has had no bye: it gets the bye, although every other team ranks lower.
    entrants = [PairingEntrant(id=i, points=3 * (n - i), rank=i, byes=0 if i == 0 else 1) for i in range(n)]
    assert pair_round(entrants, seed=6).bye == 0


def test_pair_round_even_field_has_no_bye():
    assert pair_round(fresh_field(6), seed=1).bye is None


def test_pair_round_single_team_gets_the_bye():
    pairing = pair_round(fresh_field(1), seed=1)
    assert (pairing.pairs, pairing.bye) == ((), 0)


def test_pair_round_bye_moves_up_when_lowest_team_would_force_a_rematch():
    # 0 has met 1 and 2, but 1 and 2 have not met. The lowest-ranked team, 2, would leave 0-1, a rematch;
    # only a bye for 0 allows a rematch-free round, and no team has had a bye, so 0 may have it.
    entrants = [
        PairingEntrant(id=0, points=6, rank=0, opponents=frozenset({1, 2})),
        PairingEntrant(id=1, points=3, rank=1, opponents=frozenset({0})),
        PairingEntrant(id=2, points=0, rank=2, opponents=frozenset({0})),
    ]
    pairing = pair_round(entrants, seed=1)
    assert (pairing.bye, pairing.rematches) == (0, 0)


# --- rematches ------------------------------------------------------------------------------------------------


def test_pair_round_avoids_rematch_the_point_groups_suggest():
    # Round 1: A beat B, C beat D. Round 2: A drew C, B beat D. Now A and C lead with 4 points, but they have
    # met; the only rematch-free round is A-D, B-C, which costs two pair-downs instead of none.
    a, b, c, d = 1, 2, 3, 4
    entrants = [
        PairingEntrant(id=a, points=4, rank=0, opponents=frozenset({b, c})),
        PairingEntrant(id=c, points=4, rank=1, opponents=frozenset({d, a})),
        PairingEntrant(id=b, points=3, rank=2, opponents=frozenset({a, d})),
        PairingEntrant(id=d, points=0, rank=3, opponents=frozenset({c, b})),
    ]
    pairing = pair_round(entrants, seed=1)
    assert as_sets(pairing.pairs) == {frozenset({a, d}), frozenset({b, c})}
    assert pairing.rematches == 0


def test_pair_round_avoids_rematch_in_big_field_top_group():
    # The two leaders have drawn with each other; greedy pairing inside their group would pair them again.
    n = BIG
    entrants = []
    for i in range(n):
        opponents = {1 - i} if i < 2 else set()
        entrants.append(PairingEntrant(id=i, points=7 if i < 2 else 3, rank=i, opponents=frozenset(opponents)))
    pairing = pair_round(entrants, seed=8)
    assert frozenset({0, 1}) not in as_sets(pairing.pairs)
    assert pairing.rematches == 0


def test_pair_round_group_where_everyone_has_met_pairs_down():
    # A top group of four teams that have all played each other; the rest of a big field is fresh.
    n = BIG
    top = {0, 1, 2, 3}
    entrants = [
        PairingEntrant(id=i, points=9 if i in top else 3, rank=i, opponents=frozenset(top - {i} if i in top else ()))
        for i in range(n)
    ]
    pairing = pair_round(entrants, seed=9)
    assert pairing.rematches == 0
    assert pairing.pair_downs == 4


def test_pair_round_group_that_cannot_pair_inside_takes_partners_from_above():
    # The two 6-point teams have met. Sending them down to the 3-point group costs two 3-point gaps; two teams
    # from the 7-point group coming down to them costs two 1-point gaps, which is the pairing to make.
    sizes = {7: 20, 6: 2, 3: 20, 0: 10}
    plain = field_with_groups(sizes)
    x, y = [e.id for e in plain if e.points == 6]
    entrants = [
        PairingEntrant(id=e.id, points=e.points, rank=e.rank, opponents=frozenset({x + y - e.id}))
        if e.id in (x, y)
        else e
        for e in plain
    ]
    pairing = pair_round(entrants, seed=3)
    assert (pairing.rematches, pairing.pair_downs, pairing.max_point_gap) == (0, 2, 1)


def test_pair_round_unavoidable_rematch_is_made_and_reported():
    entrants = [
        PairingEntrant(id=1, points=6, rank=0, opponents=frozenset({2})),
        PairingEntrant(id=2, points=0, rank=1, opponents=frozenset({1})),
    ]
    pairing = pair_round(entrants, seed=1)
    assert (pairing.pairs, pairing.rematches) == (((1, 2),), 1)


def test_pair_round_round_robin_complete_reports_every_rematch():
    # After a full round robin of 6 teams every pairing is a rematch.
    n = 6
    entrants = [PairingEntrant(id=i, points=0, rank=i, opponents=frozenset(set(range(n)) - {i})) for i in range(n)]
    assert pair_round(entrants, seed=1).rematches == n // 2


def test_pair_round_rejects_duplicate_ids():
    with pytest.raises(ValueError):
        pair_round([PairingEntrant(id=1, points=0, rank=0), PairingEntrant(id=1, points=0, rank=1)], seed=1)


# --- check_pairing --------------------------------------------------------------------------------------------


NAMES = {1: "Alpha", 2: "Beta", 3: "Gamma", 4: "Delta", 5: "Epsilon"}


def checked_field():
    return [
        PairingEntrant(id=1, points=6, rank=0, opponents=frozenset({2, 3})),
        PairingEntrant(id=2, points=3, rank=1, opponents=frozenset({1}), byes=1),
        PairingEntrant(id=3, points=3, rank=2, opponents=frozenset({1})),
        PairingEntrant(id=4, points=3, rank=3, opponents=frozenset({5}), byes=1),
        PairingEntrant(id=5, points=0, rank=4, opponents=frozenset({4})),
    ]


def test_check_pairing_engine_result_has_no_problems():
    field = checked_field()
    pairing = pair_round(field, seed=1)
    assert check_pairing(field, pairing.pairs, pairing.bye) == []


def test_check_pairing_reports_rematch_by_name():
    problems = check_pairing(checked_field(), [(1, 2), (3, 4)], 5, names=NAMES)
    assert [(p.code, p.teams, p.message) for p in problems] == [
        ("rematch", (1, 2), "Alpha and Beta have already played each other.")
    ]


def test_check_pairing_reports_second_bye_while_another_team_has_none():
    problems = check_pairing(checked_field(), [(1, 4), (3, 5)], 2, names=NAMES)
    assert [p.code for p in problems] == ["bye_not_earned"]
    assert problems[0].message == "Beta would get bye number 2 while Alpha, Gamma and Epsilon have had none."


def test_check_pairing_reports_team_paired_twice_and_team_left_out():
    problems = check_pairing(checked_field(), [(1, 4), (3, 4)], 5, names=NAMES)
    assert [(p.code, p.message) for p in problems] == [
        ("paired_twice", "Delta appears 2 times in this round's pairings."),
        ("left_out", "Beta is neither paired nor given the bye."),
    ]


def test_check_pairing_reports_unknown_team_without_names():
    problems = check_pairing(checked_field(), [(1, 4), (3, 2), (5, 99)], None)
    assert [(p.code, p.message) for p in problems] == [
        ("unknown_team", "team #99 is not an active team in this event.")
    ]


def test_check_pairing_reports_team_paired_with_itself():
    problems = check_pairing(checked_field(), [(1, 4), (3, 3)], 5, names=NAMES)
    codes = [p.code for p in problems]
    assert ("self_pairing" in codes, "left_out" in codes) == (True, True)


# --- properties over random event histories -------------------------------------------------------------------


def check_round(entrants, pairing):
    ids = sorted(e.id for e in entrants)
    assert sorted(seated(pairing)) == ids
    assert (pairing.bye is not None) == (len(entrants) % 2 == 1)
    if pairing.bye is not None:
        byes = {e.id: e.byes for e in entrants}
        assert byes[pairing.bye] == min(byes.values())
    # min_rematches is never negative, so a rematch-free round needs no (slow) exact check.
    assert pairing.rematches == 0 or pairing.rematches == min_rematches(entrants)
    assert check_pairing(entrants, pairing.pairs, pairing.bye) == [] or pairing.rematches > 0


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 11), rounds=st.integers(0, 12), seed=st.integers(0, 2**32))
def test_pair_round_small_random_history_rules_hold(n, rounds, seed):
    entrants = play_rounds(n, rounds, random.Random(seed))
    pairing = pair_round(entrants, seed=seed)
    check_round(entrants, pairing)
    # Small fields are paired optimally: no pairing with this bye and as few rematches has smaller gaps.
    by_id = {e.id: e for e in entrants}
    rest = [e.id for e in entrants if e.id != pairing.bye]
    if len(rest) <= 8:
        best = min(
            squared_gaps(entrants, p)
            for p in all_pairings(rest)
            if sum(1 for a, b in p if b in by_id[a].opponents) == pairing.rematches
        )
        assert squared_gaps(entrants, pairing.pairs) == best


@settings(max_examples=12, deadline=None)
@given(n=st.integers(BIG - 6, BIG + 12), rounds=st.integers(0, 9), seed=st.integers(0, 2**32))
def test_pair_round_big_random_history_rules_hold(n, rounds, seed):
    entrants = play_rounds(n, rounds, random.Random(seed))
    check_round(entrants, pair_round(entrants, seed=seed))


@settings(max_examples=20, deadline=None)
@given(n=st.integers(2, BIG + 12), rounds=st.integers(0, 6), seed=st.integers(0, 2**32))
def test_pair_round_same_history_same_seed_same_pairing(n, rounds, seed):
    entrants = play_rounds(n, rounds, random.Random(seed))
    assert pair_round(entrants, seed=seed) == pair_round(list(reversed(entrants)), seed=seed)


# --- up to 64 teams: the exact optimum, checked against networkx ----------------------------------------------


def optimum(entrants):
    """(rematches, bye place, squared gaps) of the best pairing, by networkx's blossom on the same objective."""
    candidates = bye_candidates(entrants)
    graph = nx.Graph()
    big = 10**9
    huge = big * 10**4
    for a, b in itertools.combinations(entrants, 2):
        cost = (a.points - b.points) ** 2 + (huge if b.id in a.opponents else 0)
        graph.add_edge(a.id, b.id, weight=-cost)
    for place, e in enumerate(candidates):
        graph.add_edge("bye", e.id, weight=-place * big)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    by_id = {e.id: e for e in entrants}
    pairs = [(a, b) for a, b in matching if "bye" not in (a, b)]
    bye = next((b if a == "bye" else a for a, b in matching if "bye" in (a, b)), None)
    return (
        sum(1 for a, b in pairs if b in by_id[a].opponents),
        [e.id for e in candidates].index(bye) if bye is not None else 0,
        squared_gaps(entrants, pairs),
    )


@settings(max_examples=25, deadline=None)
@given(n=st.integers(12, EXACT_LIMIT + 1), rounds=st.integers(0, 14), seed=st.integers(0, 2**32))
def test_pair_round_up_to_64_teams_is_exact(n, rounds, seed):
    entrants = play_rounds(n, rounds, random.Random(seed))
    pairing = pair_round(entrants, seed=seed)
    check_round(entrants, pairing)
    order = [e.id for e in bye_candidates(entrants)]
    got = (
        pairing.rematches,
        order.index(pairing.bye) if pairing.bye is not None else 0,
        squared_gaps(entrants, pairing.pairs),
    )
    assert got == optimum(entrants)


# --- adversarial large histories ------------------------------------------------------------------------------


def random_history(n, rounds, rng, *, active=None, bye_rounds=0):
    """Entrants after `rounds` rounds of random pairings (so any team may have met any other) and random
    results; `active` keeps only that many teams (the others dropped). Built without the engine, fast."""
    met = {i: set() for i in range(n)}
    points = dict.fromkeys(range(n), 0)
    ids = list(range(n))
    for _ in range(rounds):
        rng.shuffle(ids)
        for a, b in zip(ids[0::2], ids[1::2]):
            met[a].add(b)
            met[b].add(a)
            points[rng.choice((a, b))] += 3
    keep = sorted(rng.sample(range(n), active)) if active is not None else list(range(n))
    byes = {i: (1 if k < bye_rounds else 0) for k, i in enumerate(keep)}
    order = sorted(keep, key=lambda i: (-points[i], rng.random()))
    return [
        PairingEntrant(id=i, points=points[i], rank=rank, opponents=frozenset(met[i]), byes=byes[i])
        for rank, i in enumerate(order)
    ]


def fast_min_rematches(entrants):
    """min_rematches with rustworkx (a maximum matching of the 'not yet met' graph), for big fields."""
    import rustworkx as rx

    index = {e.id: i for i, e in enumerate(entrants)}
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(entrants) + 1))
    graph.add_edges_from_no_data(
        [(index[a.id], index[b.id]) for a, b in itertools.combinations(entrants, 2) if b.id not in a.opponents]
    )
    candidates = bye_candidates(entrants)
    graph.add_edges_from_no_data([(len(entrants), index[e.id]) for e in candidates])
    matched = len(rx.max_weight_matching(graph, max_cardinality=True)) - (1 if candidates else 0)
    return len(entrants) // 2 - matched


def check_big_round(entrants, pairing):
    ids = sorted(e.id for e in entrants)
    assert sorted(seated(pairing)) == ids
    assert (pairing.bye is not None) == (len(entrants) % 2 == 1)
    if pairing.bye is not None:
        byes = {e.id: e.byes for e in entrants}
        assert byes[pairing.bye] == min(byes.values())


@pytest.mark.parametrize(("n", "rounds", "active"), [(256, 400, 255), (256, 700, 256), (300, 500, 201)])
def test_pair_round_most_teams_already_met_has_fewest_rematches(n, rounds, active):
    # Late rounds of a very long event: every team has met most of the field (random pairings repeat some
    # opponents, so "met" is below `rounds`). The rematches made must be the fewest possible.
    entrants = random_history(n, rounds, random.Random(rounds), active=active)
    assert min(len(e.opponents) for e in entrants) > n // 2
    pairing = pair_round(entrants, seed=5)
    check_big_round(entrants, pairing)
    assert pairing.rematches == fast_min_rematches(entrants)


def test_pair_round_complete_history_reports_every_rematch_in_a_big_field():
    n = 130
    entrants = [PairingEntrant(id=i, points=i % 7, rank=i, opponents=frozenset(set(range(n)) - {i})) for i in range(n)]
    pairing = pair_round(entrants, seed=2)
    check_big_round(entrants, pairing)
    assert pairing.rematches == n // 2


@pytest.mark.parametrize(("n", "rounds", "active"), [(1024, 30, 601), (2048, 25, 1999)])
def test_pair_round_many_drops_late_in_a_long_event(n, rounds, active):
    entrants = random_history(n, rounds, random.Random(n), active=active, bye_rounds=active // 3)
    pairing = pair_round(entrants, seed=9)
    check_big_round(entrants, pairing)
    assert pairing.rematches == 0


def test_pair_round_8192_teams_after_30_rounds_with_drops():
    entrants = random_history(8192, 30, random.Random(30), active=7001)
    pairing = pair_round(entrants, seed=3)
    check_big_round(entrants, pairing)
    assert pairing.rematches == 0
    # Pair-downs only where the odd groups need them, each to the next group (no group skipped).
    levels = sorted({e.points for e in entrants if e.id != pairing.bye}, reverse=True)
    points = {e.id: e.points for e in entrants}
    for a, b in pairing.pairs:
        high, low = sorted((points[a], points[b]), reverse=True)
        assert levels.index(low) - levels.index(high) <= 1


def test_pair_round_rounds_left_must_not_be_negative():
    with pytest.raises(ValueError):
        pair_round(fresh_field(4), seed=1, rounds_left=-1)


# Round 1 of an event seeded by rating (pair_first_round_seeded): rank is the rating order, best first.
def test_seeded_first_round_pairs_the_top_half_against_the_bottom_half():
    result = pair_first_round_seeded([PairingEntrant(id=10 + i, points=0, rank=i) for i in range(8)])
    assert result.pairs == ((10, 14), (11, 15), (12, 16), (13, 17))
    assert (result.bye, result.rematches, result.pair_downs) == (None, 0, 0)


def test_seeded_first_round_gives_the_bye_to_the_lowest_rated_team_in_any_input_order():
    entrants = [PairingEntrant(id=100 - i, points=0, rank=i) for i in range(7)]
    result = pair_first_round_seeded(entrants)
    assert result.bye == 94  # rank 6, the lowest
    assert result.pairs == ((100, 97), (99, 96), (98, 95))
    assert pair_first_round_seeded(list(reversed(entrants))) == result
    assert pair_first_round_seeded(random.Random(3).sample(entrants, 7)) == result


@pytest.mark.parametrize("history", [{"points": 3}, {"opponents": frozenset({1})}, {"byes": 1}])
def test_seeded_pairing_is_only_for_a_first_round(history):
    entrants = fresh_field(4)
    entrants[0] = PairingEntrant(id=0, rank=0, **{"points": 0, **history})
    with pytest.raises(ValueError, match="only a first round"):
        pair_first_round_seeded(entrants)
