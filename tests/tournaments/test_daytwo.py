"""The Day 2 cut's decision (tournaments/daytwo.py): pure, over standings data."""

import pytest

from tournaments.daytwo import CutEntrant, CutError, cut_min_points, day_two_cut, threshold_label
from tournaments.standings import TeamMatchRecord, compute_standings


def _entrants(points: dict[int, int]) -> list[CutEntrant]:
    return [CutEntrant(id=pk, points=p) for pk, p in sorted(points.items(), key=lambda item: -item[1])]


def test_cut_min_points_record_is_three_points_a_round_not_lost():
    assert cut_min_points(kind="record", threshold=2, rounds=8) == 18  # "6-2 or better": 18 points
    assert cut_min_points(kind="record", threshold=1, rounds=3) == 6
    assert cut_min_points(kind="record", threshold=5, rounds=3) == 0


def test_cut_min_points_points_is_the_threshold():
    assert cut_min_points(kind="points", threshold=18, rounds=8) == 18


@pytest.mark.parametrize("kind, threshold, rounds", [("elo", 1, 3), ("record", 1, 0), ("points", -1, 3)])
def test_cut_min_points_refuses_what_is_no_cut(kind, threshold, rounds):
    with pytest.raises(CutError):
        cut_min_points(kind=kind, threshold=threshold, rounds=rounds)


def test_day_two_cut_by_record_draws_count_their_one_point():
    # After 8 rounds, X-2 or better: 6-2 (18) and 6-1-1 (19) go on; 5-1-2 (17) and 5-2-1 (16) don't.
    cut = day_two_cut(_entrants({1: 18, 2: 19, 3: 17, 4: 16, 5: 24}), kind="record", threshold=2, rounds=8)
    assert cut.min_points == 18
    assert cut.advanced == (5, 2, 1)
    assert cut.not_advanced == (3, 4)


def test_day_two_cut_by_points_keeps_the_order_given():
    cut = day_two_cut(_entrants({1: 9, 2: 6, 3: 4, 4: 3}), kind="points", threshold=6, rounds=3)
    assert (cut.advanced, cut.not_advanced) == ((1, 2), (3, 4))


def test_day_two_cut_byes_count_as_wins_from_the_standings():
    # Team 1 had a bye in round 1 and won round 2, lost round 3: 2-1, six points, like team 2's 2-1.
    records = [
        TeamMatchRecord(round=1, team_a=1, team_b=None, outcome="A"),
        TeamMatchRecord(round=1, team_a=2, team_b=3, outcome="A"),
        TeamMatchRecord(round=2, team_a=1, team_b=3, outcome="A"),
        TeamMatchRecord(round=2, team_a=2, team_b=4, outcome="A"),
        TeamMatchRecord(round=3, team_a=1, team_b=2, outcome="B"),
        TeamMatchRecord(round=3, team_a=3, team_b=4, outcome="D"),
    ]
    rows = compute_standings(records, teams=[1, 2, 3, 4])
    cut = day_two_cut(
        [CutEntrant(id=r.team, points=r.match_points) for r in rows], kind="record", threshold=1, rounds=3
    )
    assert set(cut.advanced) == {1, 2}
    assert set(cut.not_advanced) == {3, 4}  # 0-2-1 (1 point) and 0-2-1


def test_day_two_cut_decides_only_the_entrants_given():
    # A team that dropped before the cut is not handed to it: it is in neither list.
    cut = day_two_cut(_entrants({1: 9, 2: 0}), kind="record", threshold=1, rounds=3)
    assert set(cut.advanced) | set(cut.not_advanced) == {1, 2}


def test_day_two_cut_that_lets_nobody_through_is_refused_with_the_best_score():
    with pytest.raises(CutError, match="best has 6"):
        day_two_cut(_entrants({1: 6, 2: 3}), kind="points", threshold=7, rounds=3)


def test_day_two_cut_of_nobody_is_refused():
    with pytest.raises(CutError):
        day_two_cut([], kind="record", threshold=1, rounds=3)


def test_threshold_label_says_it_as_organizers_do():
    assert threshold_label(kind="record", threshold=2) == "X-2 or better"
    assert threshold_label(kind="points", threshold=18) == "18 match points or more"
