"""sharedgame.rules: starting totals per preset, changes, and when a team has lost (RULES.md 2)."""

import pytest

from sharedgame import rules
from sharedgame.rules import Totals, TotalsError
from tournaments.enums import Structure


@pytest.mark.parametrize(
    ("structure", "team_size", "custom", "expected"),
    [
        (Structure.TWO_HEADED_GIANT, 2, (None, None), (30, 15)),
        (Structure.THREE_HEADED_SERPENT, 2, (None, None), (40, 20)),
        (Structure.THREE_HEADED_SERPENT, 3, (None, None), (60, 30)),
        (Structure.THREE_HEADED_SERPENT, 4, (None, None), (80, 40)),
        (Structure.CUSTOM_SHARED, 4, (50, 25), (50, 25)),
        (Structure.CUSTOM_SHARED, 3, (45, 18), (45, 18)),
    ],
)
def test_starting_totals_presets_for_teams_of_two_three_and_four(structure, team_size, custom, expected):
    life, poison = custom
    assert rules.starting_totals(structure=structure, team_size=team_size, life=life, poison=poison) == expected


def test_starting_totals_custom_game_without_numbers_is_refused():
    with pytest.raises(TotalsError):
        rules.starting_totals(structure=Structure.CUSTOM_SHARED, team_size=2, life=None, poison=10)


def test_apply_change_changes_only_the_team_named():
    start = Totals(30, 0, 30, 0, 15)
    assert rules.apply_change(start, team="A", life=-3, poison=1) == Totals(27, 1, 30, 0, 15)
    assert rules.apply_change(start, team="B", life=4, poison=0) == Totals(30, 0, 34, 0, 15)


def test_apply_change_refuses_poison_below_zero_empty_and_huge_changes():
    start = Totals(30, 0, 30, 0, 15)
    for kwargs in (
        {"team": "A", "life": 0, "poison": -1},
        {"team": "A", "life": 0, "poison": 0},
        {"team": "A", "life": -1000, "poison": 0},
        {"team": "C", "life": 1, "poison": 0},
    ):
        with pytest.raises(TotalsError):
            rules.apply_change(start, **kwargs)


def test_apply_change_life_may_go_below_zero():
    assert rules.apply_change(Totals(2, 0, 30, 0, 15), team="A", life=-7, poison=0).life_a == -5


@pytest.mark.parametrize(
    ("totals", "outcome"),
    [
        (Totals(30, 0, 30, 0, 15), None),
        (Totals(0, 0, 30, 0, 15), "B"),
        (Totals(30, 0, -2, 0, 15), "A"),
        (Totals(30, 15, 30, 0, 15), "B"),
        (Totals(30, 14, 1, 14, 15), None),
        (Totals(0, 0, 30, 15, 15), "D"),
    ],
)
def test_game_outcome_zero_life_or_poison_limit_loses(totals, outcome):
    assert rules.game_outcome(totals) == outcome


def test_match_games_and_decided_count_finished_games_only():
    assert rules.match_games(["A", "D", "B", None]) == (1, 1, 1)
    assert rules.match_decided(["D", "A"], best_of=1)
    assert not rules.match_decided(["D"], best_of=1)
    assert not rules.match_decided(["A", "B"], best_of=3)
    assert rules.match_decided(["A", "B", "A"], best_of=3)


def test_poison_refusal_reads_in_the_singular_for_one_counter():
    with pytest.raises(TotalsError, match=r"^Team A has 1 poison counter; it can't lose 2\.$"):
        rules.apply_change(Totals(30, 1, 30, 0, 15), team="A", life=0, poison=-2)
    with pytest.raises(TotalsError, match=r"^Team B has 0 poison counters; it can't lose 1\.$"):
        rules.apply_change(Totals(30, 0, 30, 0, 15), team="B", life=0, poison=-1)
