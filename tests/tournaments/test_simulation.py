"""Tests for the Swiss simulation (tournaments/simulation.py) and the simulate_swiss management command."""
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.simulation import simulate_swiss

KEYS = ["teams", "rounds", "pair_ms_total", "rematches", "pair_downs", "max_point_gap", "byes", "double_byes"]


def without_timing(result):
    return {key: value for key, value in result.items() if key != "pair_ms_total"}


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
    printed = json.loads(lines[0])
    assert (len(lines), list(printed)) == (1, KEYS)
    assert without_timing(printed) == without_timing(simulate_swiss(teams=21, rounds=4, seed=9))


@pytest.mark.parametrize(("teams", "rounds", "flag"), [(1, 3, "--teams"), (8, 0, "--rounds")])
def test_simulate_swiss_command_rejects_bad_arguments(teams, rounds, flag):
    with pytest.raises(CommandError, match=flag):
        call_command("simulate_swiss", teams=teams, rounds=rounds, seed=1, stdout=io.StringIO())
