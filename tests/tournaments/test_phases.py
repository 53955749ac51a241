"""The phases engine (tournaments/phases.py): the rounds of each phase, pod sizes, pods seated by the standings and
round 1 across each pod by seat."""

import random

import pytest

from tournaments.phases import (
    PlanRefused,
    pair_across_pods,
    phase_of_round,
    phase_spans,
    pod_sizes,
    seat_pods_by_standings,
)


def test_phases_number_their_rounds_through_the_event():
    spans = phase_spans([3, 3, 2])
    assert [(s.first_round, s.last_round) for s in spans] == [(1, 3), (4, 6), (7, 8)]
    assert [phase_of_round(spans, n).number for n in range(1, 9)] == [1, 1, 1, 2, 2, 2, 3, 3]
    assert phase_of_round(spans, 9) is None and phase_of_round([], 1) is None


def test_a_phase_of_no_rounds_is_refused():
    with pytest.raises(PlanRefused):
        phase_spans([3, 0])


@pytest.mark.parametrize(
    ("count", "size", "sizes"),
    [
        (64, 8, [8] * 8),
        (20, 8, [7, 7, 6]),
        (9, 8, [5, 4]),
        (8, 8, [8]),
        (2, 8, [2]),
        (13, 4, [4, 3, 3, 3]),
    ],
)
def test_pod_sizes_are_as_few_and_as_even_as_can_be(count, size, sizes):
    assert pod_sizes(count, pod_size=size) == sizes


def test_pods_need_two_entrants_and_a_size_of_two():
    with pytest.raises(PlanRefused):
        pod_sizes(1, pod_size=8)
    with pytest.raises(PlanRefused):
        pod_sizes(10, pod_size=1)


def test_pods_are_seated_by_standings_seats_at_random():
    ranked = list(range(1, 65))  # 1 is the leader
    for seed in range(20):
        pods = seat_pods_by_standings(ranked, pod_size=8, rng=random.Random(seed))
        assert [sorted(pod) for pod in pods] == [list(range(8 * k + 1, 8 * k + 9)) for k in range(8)]
    seats_of_leader = {seat_pods_by_standings(ranked, pod_size=8, rng=random.Random(s))[0].index(1) for s in range(30)}
    assert len(seats_of_leader) > 1  # the leader is not always seat 1


def test_round_one_pairs_across_each_pod_by_seat():
    pairs, bye = pair_across_pods([list("ABCDEFGH"), [1, 2, 3], [4, 5, 6]])
    assert pairs[:4] == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    assert (1, 2) in pairs and (4, 5) in pairs and (3, 6) in pairs and bye is None
    assert pair_across_pods([[1, 2, 3]]) == ([(1, 2)], 3)


def test_round_one_across_the_pod_untangles_a_pair_to_avoid_within_its_pod():
    pods = [list("ABCDEFGH"), list("IJKL")]
    plain, _bye = pair_across_pods(pods)
    assert ("A", "E") in plain
    pairs, bye = pair_across_pods(pods, {frozenset("AE")})
    assert bye is None and frozenset("AE") not in {frozenset(p) for p in pairs}
    assert ("C", "G") in pairs and ("D", "H") in pairs and ("I", "K") in pairs  # one swap with the nearest pair
    pod_of = {p: n for n, pod in enumerate(pods) for p in pod}
    assert all(pod_of[a] == pod_of[b] for a, b in pairs)  # never across two pods
    # A pod of two can't untangle: the pair stays (the pairing reports it as an avoided pair made).
    assert pair_across_pods([["A", "B"], ["C", "D"]], {frozenset("AB")})[0] == [("A", "B"), ("C", "D")]


def test_round_one_across_the_pod_avoids_every_pair_that_can_be_avoided():
    rng = random.Random(7)
    for _ in range(300):
        players = list(range(8))
        rng.shuffle(players)
        avoid = {frozenset(rng.sample(players, 2)) for _ in range(2)}
        pairs, _bye = pair_across_pods([players], avoid)
        assert sorted(p for pair in pairs for p in pair) == list(range(8))
        assert not avoid & {frozenset(p) for p in pairs}, (players, avoid, pairs)
