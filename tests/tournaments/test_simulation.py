"""Tests for the Swiss simulation (tournaments/simulation.py) and the simulate_swiss management command."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.simulation import pairing_quality, simulate_swiss

KEYS = [
    "teams",
    "rounds",
    "pair_ms_total",
    "pair_ms_max_round",
    "pair_cpu_ms_total",
    "rematches",
    "pair_downs",
    "max_point_gap",
    "byes",
    "double_byes",
    "squared_gaps",
    "squared_gaps_lower_bound",
    "group_skips",
    "dropped",
]
TIMINGS = {"pair_ms_total", "pair_ms_max_round", "pair_cpu_ms_total"}


def without_timing(result):
    return {key: value for key, value in result.items() if key not in TIMINGS}


def test_simulate_swiss_same_seed_same_result_except_timing():
    assert without_timing(simulate_swiss(teams=41, rounds=6, seed=3)) == without_timing(
        simulate_swiss(teams=41, rounds=6, seed=3)
    )


def test_simulate_swiss_other_seed_other_event():
    results = {tuple(without_timing(simulate_swiss(teams=40, rounds=5, seed=s)).values()) for s in range(4)}
    assert len(results) > 1


def test_simulate_swiss_keys_in_documented_order():
    assert list(simulate_swiss(teams=4, rounds=1, seed=1)) == KEYS


@pytest.mark.parametrize("teams", [64, 63])
def test_simulate_swiss_normal_event_has_no_rematch_or_double_bye(teams):
    result = simulate_swiss(teams=teams, rounds=6, seed=2)
    assert (result["rematches"], result["double_byes"]) == (0, 0)


@pytest.mark.parametrize("teams", [9, 40, 41])
def test_simulate_swiss_one_bye_per_round_exactly_when_odd(teams):
    rounds = 5
    assert simulate_swiss(teams=teams, rounds=rounds, seed=4)["byes"] == (rounds if teams % 2 else 0)


def test_simulate_swiss_two_teams_rematch_every_round_after_the_first():
    rounds = 4
    assert simulate_swiss(teams=2, rounds=rounds, seed=1)["rematches"] == rounds - 1


def test_simulate_swiss_three_teams_never_double_bye():
    # Three teams, nine rounds: every team gets a bye every third round, never two while another has none.
    result = simulate_swiss(teams=3, rounds=9, seed=5)
    assert (result["byes"], result["double_byes"]) == (9, 0)


def test_simulate_swiss_first_round_has_no_pair_downs():
    assert simulate_swiss(teams=32, rounds=1, seed=6)["pair_downs"] == 0


def test_simulate_swiss_rejects_too_few_teams():
    with pytest.raises(ValueError):
        simulate_swiss(teams=1, rounds=3, seed=1)


def test_simulate_swiss_command_prints_one_json_line():
    out = io.StringIO()
    call_command("simulate_swiss", teams=21, rounds=4, seed=9, stdout=out)
    lines = out.getvalue().splitlines()
    printed = json.loads(lines[-1])
    assert (len(lines), list(printed)) == (1, KEYS)
    assert without_timing(printed) == without_timing(simulate_swiss(teams=21, rounds=4, seed=9))


@pytest.mark.parametrize(("teams", "rounds", "flag"), [(1, 3, "--teams"), (8, 0, "--rounds")])
def test_simulate_swiss_command_rejects_bad_arguments(teams, rounds, flag):
    with pytest.raises(CommandError, match=flag):
        call_command("simulate_swiss", teams=teams, rounds=rounds, seed=1, stdout=io.StringIO())


def test_pairing_quality_lower_bound_counts_boundaries_with_odd_teams_above():
    # Groups 9 (3 teams), 6 (2 teams), 3 (1 team), 0 (2 teams). Above 9|6: 3 teams, odd -> 3^2 = 9.
    # Above 6|3: 5, odd -> 9. Above 3|0: 6, even -> 0. Bound 18.
    points = {1: 9, 2: 9, 3: 9, 4: 6, 5: 6, 6: 3, 7: 0, 8: 0}
    at_bound = [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert pairing_quality(points, at_bound) == (9 + 9, 18, 0)
    # 3 v 6 (9 v 3) skips the 6-point group: 6^2 = 36, plus 4 v 5 and 7 v 8 at 0.
    skipping = [(1, 2), (3, 6), (4, 5), (7, 8)]
    assert pairing_quality(points, skipping) == (36, 18, 1)


def test_simulate_swiss_large_event_pairs_at_the_lower_bound_without_skips():
    result = simulate_swiss(teams=1024, rounds=10, seed=1)
    assert result["squared_gaps"] == result["squared_gaps_lower_bound"] > 0
    assert (result["group_skips"], result["rematches"]) == (0, 0)


@pytest.mark.parametrize("seed", [3, 4])
def test_simulate_swiss_never_below_the_lower_bound(seed):
    result = simulate_swiss(teams=200, rounds=7, seed=seed)
    assert result["squared_gaps_lower_bound"] <= result["squared_gaps"] <= 2 * result["squared_gaps_lower_bound"]


def test_simulate_swiss_drops_shrink_the_field():
    result = simulate_swiss(teams=120, rounds=8, seed=4, drop_rate=0.1)
    assert result["dropped"] > 0
    assert (result["rematches"], result["double_byes"]) == (0, 0)


@pytest.mark.parametrize(("teams", "rounds"), [(6, 5), (8, 7), (10, 9), (7, 7)])
def test_simulate_swiss_small_round_robin_events_finish_without_rematches(teams, rounds):
    # Without look-ahead about a quarter of such events needed a rematch in a late round.
    assert [simulate_swiss(teams=teams, rounds=rounds, seed=seed)["rematches"] for seed in range(12)] == [0] * 12


def test_simulate_swiss_rejects_bad_drop_rate():
    with pytest.raises(ValueError):
        simulate_swiss(teams=8, rounds=2, seed=1, drop_rate=1.0)
