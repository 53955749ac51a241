"""Individual events' tiebreakers (RULES.md 9, MTR Appendix C): the same engine with games=True."""

from fractions import Fraction as F

import pytest

from tournaments.standings import PERCENTAGE_FLOOR, StandingsInputError, TeamMatchRecord as R, compute_standings

# Six players, three rounds, worked by hand in the comments: a bye (5 in round 1, 2 in round 3), a late entry
# whose missed round 1 counts as a loss (6), a drop after round 2 (4), an intentional draw reported without
# games (1 v 3 in round 2, MTR 2.4: 0-0-3), a drawn game inside a won match (6 v 4: 1-0-1) and a drawn match
# with games (3 v 6: 1-1-1).
HAND_WORKED = [
    R(1, 1, 2, "A", (2, 1, 0)),
    R(1, 3, 4, "A", (2, 0, 0)),
    R(1, 5, None, "A"),
    R(1, 6, None, "B"),
    R(2, 1, 3, "D"),
    R(2, 5, 2, "A", (2, 1, 0)),
    R(2, 6, 4, "A", (1, 0, 1)),
    R(3, 1, 5, "A", (2, 1, 0)),
    R(3, 3, 6, "D", (1, 1, 1)),
    R(3, 2, None, "A"),
]


def _rows(records, **kwargs):
    return {row.team: row for row in compute_standings(records, games=True, **kwargs)}


def test_individual_match_points_and_mw_count_the_bye_and_the_missed_round():
    rows = _rows(HAND_WORKED)
    assert {t: r.match_points for t, r in rows.items()} == {1: 7, 2: 3, 3: 5, 4: 0, 5: 6, 6: 4}
    assert rows[2].mw.value == F(3, 9)  # bye + two losses: 1/3 is above the floor
    assert rows[2].mw.floored is False
    assert rows[4].mw.value == PERCENTAGE_FLOOR and rows[4].mw.played == 2  # dropped after round 2
    assert rows[6].mw.value == F(4, 9)  # missed round 1 is a round played and lost


def test_individual_gw_counts_games_byes_as_2_0_and_drawn_games_as_one_point():
    rows = _rows(HAND_WORKED)
    # 1: 2-1 (6 of 3), ID 0-0-3 (3 of 3), 2-1 (6 of 3) -> 15 / 27
    assert (rows[1].gw.points, rows[1].gw.played) == (15, 9)
    # 2: 1-2, 1-2, bye 2-0 -> (3 + 3 + 6) / (3 x 8)
    assert (rows[2].gw.points, rows[2].gw.played) == (12, 8)
    assert rows[2].gw.value == F(1, 2)
    # 3: 2-0, ID 0-0-3, 1-1-1 -> (6 + 3 + 4) / (3 x 8)
    assert rows[3].gw.value == F(13, 24)
    # 4: 0-2, 0-1-1 -> 1 / 12, floored
    assert (rows[4].gw.points, rows[4].gw.played, rows[4].gw.floored) == (1, 4, True)
    assert rows[4].gw.value == PERCENTAGE_FLOOR
    # 5: bye 2-0, 2-1, 1-2 -> 15 / 24
    assert rows[5].gw.value == F(15, 24)
    # 6: missed 0-2, 1-0-1, 1-1-1 -> 8 / 21
    assert rows[6].gw.value == F(8, 21)


def test_individual_opponent_averages_use_floored_figures_and_leave_byes_out():
    rows = _rows(HAND_WORKED)
    assert rows[1].omw.opponents == (2, 3, 5)
    assert rows[1].omw.value == (F(1, 3) + F(5, 9) + F(6, 9)) / 3
    assert rows[1].ogw.value == (F(1, 2) + F(13, 24) + F(15, 24)) / 3
    assert rows[2].omw.opponents == (1, 5)
    assert rows[2].ogw.value == (F(15, 27) + F(15, 24)) / 2
    assert rows[3].omw.value == (PERCENTAGE_FLOOR + F(7, 9) + F(4, 9)) / 3
    assert rows[3].ogw.value == (PERCENTAGE_FLOOR + F(15, 27) + F(8, 21)) / 3
    # The dropped player keeps their results for their opponents' figures, and their own.
    assert rows[4].omw.parts == ((3, F(5, 9)), (6, F(4, 9)))
    assert rows[6].ogw.parts == ((4, PERCENTAGE_FLOOR), (3, F(13, 24)))


def test_individual_order_is_points_first():
    order = [row.team for row in compute_standings(HAND_WORKED, games=True)]
    assert order == [1, 5, 3, 6, 2, 4]


def test_gw_from_games_decides_where_the_team_variant_falls_to_the_hash():
    records = [
        R(1, 1, 2, "A", (2, 0, 0)),
        R(1, 3, 4, "A", (2, 1, 0)),
        R(2, 1, 4, "A", (2, 0, 0)),
        R(2, 3, 2, "A", (2, 1, 0)),
    ]
    individual = compute_standings(records, games=True, seed=1)
    assert [row.team for row in individual[:2]] == [1, 3]
    assert individual[1].decided_by == "GW%"
    assert (individual[0].gw.value, individual[1].gw.value) == (F(1), F(2, 3))
    team = compute_standings(records, seed=1)
    assert team[1].decided_by == "final tiebreak"
    assert team[0].gw.value == team[1].gw.value == F(1)


def test_ogw_decides_after_gw():
    # 1 and 2 are level on points, OMW% and GW%; 1's opponents won 2 of 4 games each, 2's 2 of 5.
    records = [
        R(1, 1, 3, "A", (2, 0, 0)),
        R(1, 2, 4, "A", (2, 0, 0)),
        R(1, 5, 6, "A", (2, 0, 0)),
        R(1, 7, 8, "A", (2, 1, 0)),
        R(2, 1, 5, "A", (2, 0, 0)),
        R(2, 2, 7, "A", (2, 0, 0)),
        R(2, 3, 8, "A", (2, 0, 0)),
        R(2, 4, 6, "A", (2, 1, 0)),
    ]
    rows = compute_standings(records, games=True, seed=3)
    assert [row.team for row in rows[:2]] == [1, 2]
    assert rows[0].omw.value == rows[1].omw.value == F(1, 2)
    assert rows[0].gw.value == rows[1].gw.value == F(1)
    assert (rows[0].ogw.value, rows[1].ogw.value) == (F(1, 2), F(2, 5))
    assert rows[1].decided_by == "OGW%"


def test_bye_is_six_game_points_of_two_games():
    rows = _rows([R(1, 1, None, "A")])
    assert (rows[1].gw.points, rows[1].gw.played, rows[1].gw.value) == (6, 2, F(1))
    assert str(rows[1].gw) == "6 / (3 x 2) = 1.0000"


def test_intentional_draw_without_games_is_three_drawn_games():
    rows = _rows([R(1, 1, 2, "D"), R(1, 3, 4, "D", (0, 0, 0))])
    for team in (1, 2, 3, 4):
        assert (rows[team].gw.points, rows[team].gw.played) == (3, 3)
        assert rows[team].gw.value == F(1, 3)


def test_a_win_without_games_counts_as_2_0():
    rows = _rows([R(1, 1, 2, "B")])
    assert (rows[2].gw.points, rows[2].gw.played) == (6, 2)
    assert (rows[1].gw.points, rows[1].gw.floored) == (0, True)


def test_late_entry_without_losses_has_only_their_own_games():
    rows = _rows([R(1, 1, 2, "A", (2, 0, 0)), R(2, 1, 3, "B", (1, 2, 0))], teams=[1, 2, 3])
    assert (rows[3].gw.points, rows[3].gw.played) == (6, 3)
    assert rows[3].mw.played == 1


@pytest.mark.parametrize(
    "games, message",
    [
        ((1, 2, 0), "give outcome 'B'"),
        ((1, 1, 0), "give outcome 'D'"),
        ((2, -1, 0), "whole numbers"),
        ((2, 0), "whole numbers"),
    ],
)
def test_games_that_contradict_the_outcome_are_refused(games, message):
    with pytest.raises(StandingsInputError, match=message):
        compute_standings([R(1, 1, 2, "A", games)], games=True)


def test_team_events_ignore_games():
    records = [R(1, 1, 2, "A", (2, 1, 0)), R(1, 3, None, "A")]
    rows = {row.team: row for row in compute_standings(records)}
    assert rows[1].gw is rows[1].mw
    assert rows[3].gw.played == 1


def test_other_arithmetic_reproduces_a_source_but_the_mtr_is_the_default():
    from tournaments.standings import MTR_RULES, StandingsRules

    records = [R(1, 1, 2, "D"), R(1, 3, 4, "A", (2, 0, 0))]
    mtr = {row.team: row for row in compute_standings(records, games=True)}
    source = {
        row.team: row
        for row in compute_standings(records, games=True, rules=StandingsRules(floor=F(1, 3), drawn_game_points=0))
    }
    assert MTR_RULES == StandingsRules(floor=F(33, 100), drawn_game_points=1)
    assert (mtr[1].gw.points, mtr[1].gw.value) == (3, F(1, 3))
    assert (source[1].gw.points, source[1].gw.value, source[1].gw.floored) == (0, F(1, 3), True)
    assert mtr[4].mw.value == F(33, 100) and source[4].mw.value == F(1, 3)
    assert str(mtr[4].mw) == "0 / (3 x 1) = 0.0000 -> floor 0.3300"
    assert str(source[4].mw) == "0 / (3 x 1) = 0.0000 -> floor 0.3333"


def test_games_given_as_a_list_count_like_a_tuple():
    rows = _rows([R(1, 1, 2, "A", [2, 1, 0])])
    assert (rows[1].gw.points, rows[1].gw.played) == (6, 3)
    with pytest.raises(StandingsInputError, match="whole numbers"):
        compute_standings([R(1, 1, 2, "A", (2, True, 0))], games=True)


def test_a_registered_player_who_never_played_has_the_floor_like_everybody_else():
    # Issue 46: a no-show's GW% (and MW%) is the MTR's "at least 0.33", not 0; opponents' averages don't see them.
    rows = _rows(HAND_WORKED, teams=[1, 2, 3, 4, 5, 6, 7])
    assert rows[7].gw.value == PERCENTAGE_FLOOR and rows[7].gw.played == 0 and rows[7].gw.floored
    assert rows[7].mw.value == PERCENTAGE_FLOOR
    assert rows[7].omw.value == 0 and rows[7].ogw.value == 0
    assert rows[1].ogw.value == _rows(HAND_WORKED)[1].ogw.value
