"""The pure Two-Headed Giant booster draft engine (drafting.thg, RULES.md 7)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drafting import thg


@pytest.mark.parametrize(
    ("teams", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (13, [4, 3, 3, 3]),
        (64, [4] * 16),
    ],
)
def test_pod_sizes_three_or_four_as_equal_as_possible(teams, sizes):
    assert thg.pod_sizes(teams) == sizes


def test_pod_sizes_five_teams_only_when_confirmed():
    with pytest.raises(thg.PodsRefused, match="confirm"):
        thg.pod_sizes(5)
    assert thg.pod_sizes(5, allow_five=True) == [5]


@pytest.mark.parametrize("teams", [0, 1, 2])
def test_pod_sizes_too_few_teams_refused(teams):
    with pytest.raises(thg.PodsRefused, match="at least 3"):
        thg.pod_sizes(teams)


@given(st.integers(min_value=6, max_value=400))
def test_pod_sizes_property_every_team_seated_in_pods_of_three_or_four(teams):
    sizes = thg.pod_sizes(teams)
    assert sum(sizes) == teams
    assert all(3 <= s <= 4 for s in sizes)
    assert max(sizes) - min(sizes) <= 1


def test_seat_pods_random_but_reproducible_and_complete():
    teams = list(range(8))
    pods = thg.seat_pods(teams, rng=random.Random(5))
    assert sorted(t for pod in pods for t in pod) == teams
    assert pods == thg.seat_pods(teams, rng=random.Random(5))
    assert [len(p) for p in pods] == [4, 4]


def test_direction_left_right_alternately_over_six_rounds():
    assert [thg.direction(r) for r in range(thg.PACK_ROUNDS)] == [1, -1, 1, -1, 1, -1]


def test_pack_passes_left_in_round_one_and_right_in_round_two():
    # Seat 0 opens; in round 1 its pack goes to seat 1 (left), in round 2 to seat 3 (right) of a pod of four.
    assert [thg.holder(pod_size=4, pack_round=0, step=s, opener=0) for s in range(5)] == [0, 1, 2, 3, 0]
    assert [thg.holder(pod_size=4, pack_round=1, step=s, opener=0) for s in range(5)] == [0, 3, 2, 1, 0]
    assert thg.passes_to(pod_size=3, pack_round=0, seat=2) == 0
    assert thg.passes_to(pod_size=3, pack_round=1, seat=0) == 2


@given(st.integers(3, 5), st.integers(0, 5), st.integers(0, 10))
def test_every_team_holds_exactly_one_pack_each_step(pod_size, pack_round, step):
    holders = [thg.holder(pod_size=pod_size, pack_round=pack_round, step=step, opener=o) for o in range(pod_size)]
    assert sorted(holders) == list(range(pod_size))
    for opener, seat in enumerate(holders):
        assert thg.pack_in_front_of(pod_size=pod_size, pack_round=pack_round, step=step, seat=seat) == opener


@given(st.integers(3, 5), st.lists(st.integers(1, 16), min_size=1, max_size=1), st.integers(0, 5))
def test_a_round_drafts_every_card_two_at_a_time(pod_size, sizes, pack_round):
    size = sizes[0]
    packs = {o: list(range(size)) for o in range(pod_size)}
    pools = {s: [] for s in range(pod_size)}
    for step in range(thg.steps_in_round([size] * pod_size)):
        for seat in range(pod_size):
            opener = thg.pack_in_front_of(pod_size=pod_size, pack_round=pack_round, step=step, seat=seat)
            assert len(packs[opener]) == thg.cards_left(size, step)
            taken = thg.oldest_two(packs[opener]) if thg.cards_to_take(len(packs[opener])) == 2 else packs[opener][:1]
            thg.check_pick(chosen=taken, pack=packs[opener])
            pools[seat] += [(opener, c) for c in taken]
            packs[opener] = [c for c in packs[opener] if c not in taken]
    assert all(not cards for cards in packs.values())
    assert sum(len(p) for p in pools.values()) == size * pod_size
    # Identical pack sizes: every team ends the round with as many cards as every other.
    assert len({len(p) for p in pools.values()}) == 1


def test_steps_and_cards_left_fifteen_and_fourteen_card_packs():
    assert thg.steps_in_round([15, 15, 15]) == 8
    assert [thg.cards_left(15, s) for s in range(8)] == [15, 13, 11, 9, 7, 5, 3, 1]
    assert thg.steps_in_round([14] * 4) == 7
    assert thg.needs_choice(3) and not thg.needs_choice(2) and not thg.needs_choice(1)


def test_pick_seconds_longer_for_full_packs_and_shrinking():
    times = [thg.pick_seconds(c) for c in range(15, 2, -1)]
    assert times[0] == 80 and times == sorted(times, reverse=True) and times[-1] == 10
    assert thg.pick_seconds(20) == 80  # beyond the table: its largest entry


def test_pick_seconds_event_table_overrides_and_fills_gaps():
    table = {"10": 60, "5": 30, "3": 0}
    assert thg.pick_seconds(15, table) == 60
    assert thg.pick_seconds(7, table) == 30
    assert thg.pick_seconds(3, table) is None  # 0: no limit
    assert thg.pick_seconds(2, {"5": 30}) == 30


def test_step_seconds_uses_fullest_choosing_pack_and_none_without_a_choice():
    assert thg.step_seconds([15, 15, 15], 0) == 80
    assert thg.step_seconds([15, 15, 15], 7) is None  # one card left each: nothing to choose


def test_oldest_two_are_the_lowest_positions():
    assert thg.oldest_two([9, 4, 12, 7]) == [4, 7]


@pytest.mark.parametrize("chosen", [[1], [1, 2, 3], [1, 1]])
def test_check_pick_refuses_one_three_or_the_same_card_twice(chosen):
    with pytest.raises(thg.PickInvalid, match="exactly 2"):
        thg.check_pick(chosen=chosen, pack=[1, 2, 3, 4])


def test_check_pick_refuses_a_card_not_in_the_pack():
    with pytest.raises(thg.PickInvalid, match="isn't in the pack"):
        thg.check_pick(chosen=[1, 9], pack=[1, 2, 3])
    thg.check_pick(chosen=[5], pack=[5])


def test_next_position_steps_rounds_and_finish():
    assert thg.next_position(pack_round=0, step=0, pack_sizes=[15] * 4) == thg.Position(0, 1)
    assert thg.next_position(pack_round=0, step=7, pack_sizes=[15] * 4) == thg.Position(1, 0)
    assert thg.next_position(pack_round=5, step=7, pack_sizes=[15] * 4).finished


def test_pool_visible_at_round_end_and_after_draft_only():
    assert not thg.pool_visible(finished=False, round_over=False, review_between_picks=False)
    assert thg.pool_visible(finished=False, round_over=True, review_between_picks=False)
    assert thg.pool_visible(finished=True, round_over=False, review_between_picks=False)
    assert thg.pool_visible(finished=False, round_over=False, review_between_picks=True)
