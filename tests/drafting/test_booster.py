"""The booster draft's pure rules (drafting.booster on drafting.passing): pods of up to eight, three packs passing
left-right-left, one card a pick, the MTR's pick times, the first round across the pod."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drafting import booster, passing
from drafting.passing import PHONE_PICK_FLOOR_SECONDS


def test_booster_pod_sizes_fill_pods_of_eight_as_equally_as_possible():
    assert booster.pod_sizes(8) == [8]
    assert booster.pod_sizes(9) == [5, 4]
    assert booster.pod_sizes(128) == [8] * 16
    assert booster.pod_sizes(2) == [2]


def test_booster_pod_sizes_refuse_a_single_player():
    with pytest.raises(booster.PodsRefused, match="at least 2 players; 1 registered"):
        booster.pod_sizes(1)


@given(st.integers(min_value=2, max_value=300))
def test_booster_pods_hold_every_player_once_in_pods_of_at_most_eight(count):
    pods = booster.seat_pods(list(range(count)), rng=random.Random(count))
    assert sorted(p for pod in pods for p in pod) == list(range(count))
    assert max(len(pod) for pod in pods) <= 8
    assert max(len(pod) for pod in pods) - min(len(pod) for pod in pods) <= 1


def test_booster_packs_pass_left_right_left_one_card_a_pick():
    rules = booster.RULES
    assert [rules.direction(r) for r in range(3)] == [passing.LEFT, passing.RIGHT, passing.LEFT]
    assert rules.holder(pod_size=8, pack_round=0, step=1, opener=0) == 1
    assert rules.holder(pod_size=8, pack_round=1, step=1, opener=0) == 7
    assert rules.steps_in_round([15] * 8) == 15
    assert rules.cards_to_take(15) == 1
    assert rules.oldest([9, 4, 7]) == [4]


def test_booster_last_card_of_a_pack_goes_on_without_a_choice():
    assert booster.RULES.needs_choice(2)
    assert not booster.RULES.needs_choice(1)


def test_booster_pick_times_are_the_mtr_table_and_shrink_as_the_pack_empties():
    times = [booster.RULES.pick_seconds(cards) for cards in range(15, 1, -1)]
    assert times == [40, 40, 35, 30, 25, 25, 20, 20, 15, 10, 10, 10, 10, 10]  # MTR's 5 s raised to the phone floor
    assert (
        min(times) == PHONE_PICK_FLOOR_SECONDS and booster.RULES.pick_seconds(3, {"3": 5}) == 5
    )  # the organizer's own
    assert booster.RULES.pick_seconds(15, {"15": 60, "5": 10}) == 60
    assert booster.RULES.pick_seconds(9, {"15": 60, "5": 10}) == 10


def test_booster_review_is_30_s_before_pack_2_and_45_s_before_pack_3():
    assert [booster.review_seconds(r) for r in range(3)] == [None, 30, 45]
    assert booster.review_seconds(2, []) is None


def test_booster_first_round_pairs_seat_n_against_seat_n_plus_4_in_a_pod_of_eight():
    pairs, bye = booster.first_round_pairs([list("ABCDEFGH")])
    assert pairs == [("A", "E"), ("B", "F"), ("C", "G"), ("D", "H")]
    assert bye is None


def test_booster_first_round_pairs_the_odd_pods_last_seats_together_and_gives_one_bye():
    pairs, bye = booster.first_round_pairs([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13]])
    assert pairs == [(1, 3), (2, 4), (6, 8), (7, 9), (11, 12), (5, 10)]
    assert bye == 13


@given(st.lists(st.integers(min_value=1, max_value=8), min_size=1, max_size=20))
def test_booster_first_round_pairs_everyone_once(sizes):
    pods, start = [], 0
    for size in sizes:
        pods.append(list(range(start, start + size)))
        start += size
    pairs, bye = booster.first_round_pairs(pods)
    seen = [p for pair in pairs for p in pair] + ([] if bye is None else [bye])
    assert sorted(seen) == list(range(start))
    assert (bye is None) == (start % 2 == 0)
