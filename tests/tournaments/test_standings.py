"""Standings (tournaments/standings.py, RULES.md 3). Every figure below is worked out by hand in the comments."""

import random
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.scoring import TeamMatchOutcome
from tournaments.standings import (
    PERCENTAGE_FLOOR,
    StandingsInputError,
    TeamMatchRecord,
    compute_standings,
    final_tiebreak,
)

F = Fraction
FLOOR = F(33, 100)


def _by_team(rows):
    return {row.team: row for row in rows}


# Six teams, three rounds, no byes.
#   R1: 1 beats 2, 3 draws 4, 5 beats 6
#   R2: 5 beats 1, 3 beats 2, 4 beats 6
#   R3: 5 draws 3, 1 draws 4, 2 beats 6
SIX_TEAMS = [
    TeamMatchRecord(1, 1, 2, "A"),
    TeamMatchRecord(1, 3, 4, "D"),
    TeamMatchRecord(1, 5, 6, "A"),
    TeamMatchRecord(2, 1, 5, "B"),
    TeamMatchRecord(2, 3, 2, "A"),
    TeamMatchRecord(2, 4, 6, "A"),
    TeamMatchRecord(3, 5, 3, "D"),
    TeamMatchRecord(3, 1, 4, "D"),
    TeamMatchRecord(3, 2, 6, "A"),
]

# Match points and MW% = points / (3 x 3 rounds), at least 0.33:
#   1: W L D = 4 -> 4/9      2: L L W = 3 -> 3/9 = 1/3 (0.3333 > 0.33, not floored)
#   3: D W D = 5 -> 5/9      4: D W D = 5 -> 5/9
#   5: W W D = 7 -> 7/9      6: L L L = 0 -> 0/9, floored to 33/100
SIX_MW = {1: F(4, 9), 2: F(1, 3), 3: F(5, 9), 4: F(5, 9), 5: F(7, 9), 6: FLOOR}
# OMW% = average of the opponents' MW%:
#   1 met 2, 5, 4: (3/9 + 7/9 + 5/9) / 3 = 15/27 = 5/9
#   2 met 1, 3, 6: (4/9 + 5/9 + 33/100) / 3 = (1 + 33/100) / 3 = 133/300
#   3 met 4, 2, 5: (5/9 + 3/9 + 7/9) / 3 = 5/9
#   4 met 3, 6, 1: (5/9 + 33/100 + 4/9) / 3 = 133/300
#   5 met 6, 1, 3: (33/100 + 4/9 + 5/9) / 3 = 133/300
#   6 met 5, 4, 2: (7/9 + 5/9 + 3/9) / 3 = 5/9
SIX_OMW = {1: F(5, 9), 2: F(133, 300), 3: F(5, 9), 4: F(133, 300), 5: F(133, 300), 6: F(5, 9)}


def test_six_team_event_match_points_and_mw():
    rows = _by_team(compute_standings(SIX_TEAMS))
    assert {team: row.match_points for team, row in rows.items()} == {1: 4, 2: 3, 3: 5, 4: 5, 5: 7, 6: 0}
    assert {team: row.mw.value for team, row in rows.items()} == SIX_MW
    assert (rows[5].mw.points, rows[5].mw.played, rows[5].mw.floored) == (7, 3, False)


def test_six_team_event_omw():
    rows = _by_team(compute_standings(SIX_TEAMS))
    assert {team: row.omw.value for team, row in rows.items()} == SIX_OMW
    assert rows[2].omw.parts == ((1, F(4, 9)), (3, F(5, 9)), (6, FLOOR))


def test_six_team_event_gw_equals_mw_without_byes():
    # Without byes every team match is one "game", so GW% = MW% and OGW% = OMW% for every team.
    rows = _by_team(compute_standings(SIX_TEAMS))
    assert {team: row.gw.value for team, row in rows.items()} == SIX_MW
    assert {team: row.ogw.value for team, row in rows.items()} == SIX_OMW


def test_six_team_event_order():
    # 5 (7 points); 3 and 4 (5 points) split by OMW% 5/9 > 133/300; 1 (4); 2 (3); 6 (0).
    rows = compute_standings(SIX_TEAMS)
    assert [row.team for row in rows] == [5, 3, 4, 1, 2, 6]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]
    assert [row.decided_by for row in rows] == [
        "",
        "match points",
        "OMW%",
        "match points",
        "match points",
        "match points",
    ]


def test_six_team_event_records():
    rows = _by_team(compute_standings(SIX_TEAMS))
    assert [rows[team].record for team in (1, 2, 3, 4, 5, 6)] == ["1-1-1", "1-2-0", "1-0-2", "1-0-2", "2-0-1", "0-3-0"]


def test_six_team_event_display_rounds_to_four_decimals():
    rows = _by_team(compute_standings(SIX_TEAMS))
    # 133/300 = 0.44333..., 5/9 = 0.55555...
    assert rows[4].omw.rounded == Decimal("0.4433")
    assert rows[3].omw.rounded == Decimal("0.5556")
    assert str(rows[5].mw) == "7 / (3 x 3) = 0.7778"


def test_floor_zero_wins_team_shows_and_passes_on_033():
    # Team 6 went 0-3: 0 / 9 = 0, floored to 0.33. Its opponents 5, 4 and 2 average 0.33, not 0.
    rows = _by_team(compute_standings(SIX_TEAMS))
    assert (rows[6].mw.value, rows[6].mw.floored) == (PERCENTAGE_FLOOR, True)
    assert str(rows[6].mw) == "0 / (3 x 3) = 0.0000 -> floor 0.3300"
    for opponent in (5, 4, 2):
        assert dict(rows[opponent].omw.parts)[6] == FLOOR


def test_floor_one_draw_in_three_is_floored():
    # 0-2-1: 1 point / 9 = 0.1111, floored to 0.33.
    records = [
        TeamMatchRecord(1, 1, 2, "D"),
        TeamMatchRecord(2, 1, 3, "B"),
        TeamMatchRecord(3, 1, 4, "B"),
    ]
    row = _by_team(compute_standings(records))[1]
    assert (row.mw.points, row.mw.played, row.mw.value, row.mw.floored) == (1, 3, FLOOR, True)


def test_floor_one_win_in_three_is_not_floored():
    # 1/3 = 0.3333 is above 0.33: the floor is 33/100, not one third.
    row = _by_team(compute_standings(SIX_TEAMS))[2]
    assert (row.mw.value, row.mw.floored) == (F(1, 3), False)


# Three teams, three rounds, a bye each round.
#   R1: 1 beats 2, 3 bye.   R2: 1 draws 3, 2 bye.   R3: 3 beats 2, 1 bye.
BYES = [
    TeamMatchRecord(1, 1, 2, "A"),
    TeamMatchRecord(1, 3, None, "A"),
    TeamMatchRecord(2, 1, 3, "D"),
    TeamMatchRecord(2, 2, None, "A"),
    TeamMatchRecord(3, 3, 2, "A"),
    TeamMatchRecord(3, 1, None, "A"),
]
# Match points (bye = win, 3 points); MW% counts the bye round: points / (3 x 3).
#   1: W D bye = 7 -> 7/9    2: L bye L = 3 -> 1/3    3: bye D W = 7 -> 7/9
# Games: a team event uses no game points (MTR Appendix C); a team match is one game and so is a bye, one won
# team match: one game won, not a 2-0. So GW% = points / (3 x games) = MW%:
#   1: 3 + 1 + 3 = 7 over 3 games -> 7/9    2: 0 + 3 + 0 = 3 over 3 -> 1/3    3: 3 + 1 + 3 = 7 -> 7/9
# OMW% / OGW%, byes left out (two opponents each):
#   1 met 2, 3: (1/3 + 7/9) / 2 = 5/9    2 met 1, 3: (7/9 + 7/9) / 2 = 7/9    3 met 1, 2: (7/9 + 1/3) / 2 = 5/9
# and OGW% = OMW%, as every GW% is the MW%.


def test_bye_is_a_match_win_worth_three_points_counted_in_own_mw():
    rows = _by_team(compute_standings(BYES))
    assert {team: (row.match_points, row.byes, row.record) for team, row in rows.items()} == {
        1: (7, 1, "2-0-1"),
        2: (3, 1, "1-2-0"),
        3: (7, 1, "2-0-1"),
    }
    assert {team: (row.mw.points, row.mw.played, row.mw.value) for team, row in rows.items()} == {
        1: (7, 3, F(7, 9)),
        2: (3, 3, F(1, 3)),
        3: (7, 3, F(7, 9)),
    }


def test_bye_counts_as_one_game_won_not_two_for_gw():
    rows = _by_team(compute_standings(BYES))
    assert {team: (row.gw.points, row.gw.played, row.gw.value) for team, row in rows.items()} == {
        1: (7, 3, F(7, 9)),
        2: (3, 3, F(1, 3)),
        3: (7, 3, F(7, 9)),
    }
    assert all(row.gw == row.mw for row in rows.values())


def test_bye_is_left_out_of_opponent_averages():
    rows = _by_team(compute_standings(BYES))
    assert {team: row.omw.opponents for team, row in rows.items()} == {1: (2, 3), 2: (1, 3), 3: (1, 2)}
    assert {team: row.omw.value for team, row in rows.items()} == {1: F(5, 9), 2: F(7, 9), 3: F(5, 9)}
    assert {team: row.ogw.value for team, row in rows.items()} == {1: F(5, 9), 2: F(7, 9), 3: F(5, 9)}


# Five teams, two rounds (the worked example of docs/standings.md).
#   R1: 4 beats 3, 1 beats 5, 2 bye.   R2: 3 beats 1, 2 beats 4, 5 bye.
WORKED_EXAMPLE = [
    TeamMatchRecord(1, 4, 3, "A"),
    TeamMatchRecord(1, 5, 1, "B"),
    TeamMatchRecord(1, 2, None, "A"),
    TeamMatchRecord(2, 3, 1, "A"),
    TeamMatchRecord(2, 4, 2, "B"),
    TeamMatchRecord(2, 5, None, "A"),
]
# Points: 2 = 6 (bye, W); 4, 5, 1, 3 = 3 each. MW% over 2 rounds: 2 -> 1, the others 3/6 = 1/2.
# GW% = MW%: the bye is one game won, so 2 = (3 + 3) / (3 x 2) = 1 and 5 = (0 + 3) / 6 = 1/2 (as a 2-0 it would
# have been (0 + 6) / 9 = 2/3 and put 5 above 1 and 3).
# OMW%: 4 met 3, 2: (1/2 + 1) / 2 = 3/4; 5 met 1: 1/2; 1 met 5, 3: 1/2; 3 met 4, 1: 1/2; 2 met 4: 1/2.
# OGW% = OMW%. Order: 2 (points); 4 (OMW% 3/4); 5, 1 and 3 level on everything: the seeded final tiebreak.


def test_worked_example_points_omw_then_the_final_tiebreak():
    rows = compute_standings(WORKED_EXAMPLE, seed=0)
    level = sorted((5, 1, 3), key=lambda team: (final_tiebreak(0, team), team))
    assert [row.team for row in rows] == [2, 4, *level]
    assert [row.decided_by for row in rows] == ["", "match points", "OMW%", "final tiebreak", "final tiebreak"]
    by_team = _by_team(rows)
    assert {team: row.gw.value for team, row in by_team.items()} == {
        2: 1,
        4: F(1, 2),
        5: F(1, 2),
        1: F(1, 2),
        3: F(1, 2),
    }
    assert {team: row.ogw.value for team, row in by_team.items()} == {
        2: F(1, 2),
        4: F(3, 4),
        5: F(1, 2),
        1: F(1, 2),
        3: F(1, 2),
    }
    assert (by_team[5].gw.points, by_team[5].gw.played) == (3, 2)


def test_gw_and_ogw_equal_mw_and_omw_for_every_team():
    for records in (SIX_TEAMS, BYES, WORKED_EXAMPLE):
        for row in compute_standings(records):
            assert (row.gw.value, row.ogw.value) == (row.mw.value, row.omw.value)
            assert row.decided_by != "OGW%"


# GW% (= MW%) decides only between teams level on points and OMW% that played a different number of rounds:
# here team 5, a late entry from round 2 whose missed round is not counted as a loss.
#   R1: 2 beats 4, 1 beats 3.   R2: 5 beats 1, 3 beats 2, 4 bye.
# Every team has 3 points. MW%: 5 = 3 / (3 x 1) = 1, the others 3 / 6 = 1/2 (4's bye is one game won of two).
# OMW%: 1 met 3, 5: (1/2 + 1) / 2 = 3/4; 5 met 1, 4 met 2, 3 met 1 and 2, 2 met 4 and 3: 1/2 each.
# Order: 1 (OMW% 3/4); 5 (GW% 1); 4, 3, 2 by the final tiebreak.
LATE_ENTRY = [
    TeamMatchRecord(1, 2, 4, "A"),
    TeamMatchRecord(1, 1, 3, "A"),
    TeamMatchRecord(2, 5, 1, "A"),
    TeamMatchRecord(2, 3, 2, "A"),
    TeamMatchRecord(2, 4, None, "A"),
]


def test_gw_decides_only_between_teams_with_different_rounds_played():
    rows = compute_standings(LATE_ENTRY, seed=0)
    level = sorted((4, 3, 2), key=lambda team: (final_tiebreak(0, team), team))
    assert [row.team for row in rows] == [1, 5, *level]
    assert [row.decided_by for row in rows] == ["", "OMW%", "GW%", "final tiebreak", "final tiebreak"]
    by_team = _by_team(rows)
    assert (by_team[5].gw.value, by_team[4].gw.value) == (1, F(1, 2))


def test_equal_everything_falls_to_the_seeded_tiebreak():
    # Teams 1 and 3 are level on 7 points, OMW% 5/9, GW% 7/9, OGW% 5/9: only the final tiebreak splits them.
    for seed in (0, 1, "event-42"):
        rows = compute_standings(BYES, seed=seed)
        first_two = sorted((1, 3), key=lambda team: (final_tiebreak(seed, team), team))
        assert [row.team for row in rows] == [*first_two, 2]
        assert rows[1].decided_by == "final tiebreak"
        assert rows[0].tiebreak == final_tiebreak(seed, rows[0].team)


def test_final_tiebreak_depends_on_the_seed_and_is_reproducible():
    orders = {tuple(row.team for row in compute_standings(BYES, seed=seed))[:2] for seed in range(40)}
    # With 40 seeds both orders of teams 1 and 3 occur, so the seed, not the team id, decides.
    assert orders == {(1, 3), (3, 1)}
    assert final_tiebreak(7, 3) == final_tiebreak(7, 3)
    assert final_tiebreak(7, 3) != final_tiebreak(8, 3)


def test_order_is_the_same_whatever_the_record_order():
    expected = [row.team for row in compute_standings(SIX_TEAMS)]
    shuffled = list(SIX_TEAMS)
    random.Random(3).shuffle(shuffled)
    assert [row.team for row in compute_standings(shuffled)] == expected


def test_team_without_results_appears_floored_with_no_opponents():
    # MTR Appendix C's floor holds for a team that never played as for every other (issue 46: the no-show).
    rows = compute_standings(SIX_TEAMS, teams=[1, 2, 3, 4, 5, 6, 7])
    late = rows[-1]
    assert (late.team, late.rank, late.match_points) == (7, 7, 0)
    assert (late.mw.value, late.omw.value, late.gw.value, late.ogw.value) == (
        Fraction(33, 100),
        0,
        Fraction(33, 100),
        0,
    )
    assert late.gw.floored and str(late.gw) == "nothing played -> floor 0.3300"
    assert late.omw.parts == ()
    assert str(late.omw) == "no opponents -> 0"


def test_no_results_at_all_lists_the_teams():
    rows = compute_standings([], teams=[4, 9])
    assert sorted(row.team for row in rows) == [4, 9]
    assert compute_standings([]) == ()


def test_team_match_outcome_enum_is_accepted_as_outcome():
    records = [TeamMatchRecord(1, 1, 2, TeamMatchOutcome.B_WINS)]
    rows = _by_team(compute_standings(records))
    assert (rows[2].match_points, rows[1].match_points) == (3, 0)


def test_rematch_counts_the_opponent_twice():
    # 1 beat 2 twice. OMW% averages per match played, so 2 (0-2, MW floored to 0.33) appears twice for 1.
    records = [TeamMatchRecord(1, 1, 2, "A"), TeamMatchRecord(2, 1, 2, "A")]
    row = _by_team(compute_standings(records))[1]
    assert row.omw.parts == ((2, FLOOR), (2, FLOOR))
    assert row.omw.value == FLOOR


def test_bye_that_is_not_a_win_is_refused():
    with pytest.raises(StandingsInputError) as error:
        compute_standings([TeamMatchRecord(1, 5, None, "D")])
    assert str(error.value) == (
        "Result 1 (round 1): a round without an opponent is a bye (outcome 'A') "
        "or a missed round counted as a loss (outcome 'B') for team 5, got 'D'"
    )


def test_unknown_outcome_is_refused():
    with pytest.raises(StandingsInputError) as error:
        compute_standings([TeamMatchRecord(1, 1, 2, "W")])
    assert "outcome must be 'A', 'B' or 'D', got 'W'" in str(error.value)


def test_team_playing_itself_is_refused():
    with pytest.raises(StandingsInputError):
        compute_standings([TeamMatchRecord(1, 1, 1, "A")])


def test_two_results_for_a_team_in_one_round_are_refused():
    with pytest.raises(StandingsInputError) as error:
        compute_standings([TeamMatchRecord(2, 1, 2, "A"), TeamMatchRecord(2, 3, 1, "A")])
    assert str(error.value) == "Round 2: team 1 has more than one result"


def test_round_zero_is_refused():
    with pytest.raises(StandingsInputError):
        compute_standings([TeamMatchRecord(0, 1, 2, "A")])


def _random_event(rng, teams, rounds):
    records = []
    ids = list(range(1, teams + 1))
    for round_number in range(1, rounds + 1):
        rng.shuffle(ids)
        for i in range(0, teams - 1, 2):
            records.append(TeamMatchRecord(round_number, ids[i], ids[i + 1], rng.choice("ABD")))
        if teams % 2:
            records.append(TeamMatchRecord(round_number, ids[-1], None, "A"))
    return records


@settings(max_examples=60, deadline=None)
@given(teams=st.integers(2, 17), rounds=st.integers(1, 6), seed=st.integers(0, 10_000))
def test_random_events_keep_the_sums_and_the_order_rules(teams, rounds, seed):
    records = _random_event(random.Random(seed), teams, rounds)
    rows = compute_standings(records, seed=seed)
    decisive = sum(1 for r in records if r.team_b is not None and r.outcome != "D")
    drawn = sum(1 for r in records if r.outcome == "D")
    byes = sum(1 for r in records if r.team_b is None)
    # Every decisive match hands out 3 points, a draw 2 (1 each), a bye 3.
    assert sum(row.match_points for row in rows) == 3 * decisive + 2 * drawn + 3 * byes
    assert [row.rank for row in rows] == list(range(1, teams + 1))
    mw = {row.team: row.mw.value for row in rows}
    for row in rows:
        assert row.mw.value >= FLOOR and row.gw.value >= FLOOR
        assert (row.gw, row.ogw.value) == (row.mw, row.omw.value)
        assert row.mw.value == max(F(row.match_points, 3 * rounds), FLOOR)
        # OMW% recomputed the slow way, straight from the definition.
        faced = row.omw.opponents
        assert row.omw.value == (sum(mw[o] for o in faced) / len(faced) if faced else 0)
    keys = [(-r.match_points, -r.omw.value, -r.gw.value, -r.ogw.value, r.tiebreak, r.team) for r in rows]
    assert keys == sorted(keys)


def test_missed_round_counts_as_a_loss_without_an_opponent():
    # Team 3 joins in round 2 with round 1 counted as a loss; it then beats team 1.
    records = [
        TeamMatchRecord(1, 1, 2, "A"),
        TeamMatchRecord(1, 3, None, "B"),
        TeamMatchRecord(2, 3, 1, "A"),
        TeamMatchRecord(2, 2, None, "A"),
    ]
    rows = {row.team: row for row in compute_standings(records, seed=1)}
    late = rows[3]
    assert (late.match_points, late.record, late.mw.played) == (3, "1-1-0", 2)
    assert late.mw.value == Fraction(3, 6)
    # Game figures: a missed round is one game lost, the played match one game won: 3 points over 2 games.
    assert (late.gw.points, late.gw.played, late.gw.value) == (3, 2, Fraction(3, 6))
    assert late.omw.opponents == (1,)


# An event seeded by rating (tournaments/standings.py, `ratings`): teams tied on every tiebreaker go to the
# higher rating before the random final tiebreak.
TIED = [TeamMatchRecord(1, 1, 2, "D"), TeamMatchRecord(1, 3, 4, "D")]  # four teams, all 1 point, all figures equal


def test_standings_without_ratings_break_full_ties_by_the_seeded_hash():
    rows = compute_standings(TIED, seed=7)
    assert [row.team for row in rows] == sorted([1, 2, 3, 4], key=lambda t: (final_tiebreak(7, t), t))
    assert {row.decided_by for row in rows[1:]} == {"final tiebreak"}


def test_standings_seeded_by_rating_order_full_ties_by_rating_higher_first():
    ratings = {1: 1500.0, 2: 1720.0, 3: 1600.0, 4: 1650.0}
    rows = compute_standings(TIED, seed=7, ratings=ratings)
    assert [row.team for row in rows] == [2, 4, 3, 1]
    assert [row.decided_by for row in rows] == ["", "rating", "rating", "rating"]
    assert rows[0].tiebreak == final_tiebreak(7, 2)  # the hash itself is still what the row shows


def test_standings_rating_never_outranks_a_real_tiebreaker():
    records = [TeamMatchRecord(1, 1, 2, "A"), TeamMatchRecord(1, 3, 4, "D")]
    rows = compute_standings(records, seed=7, ratings={1: 1000.0, 2: 2000.0, 3: 1900.0, 4: 1800.0})
    assert [row.team for row in rows] == [1, 3, 4, 2]  # points first; 3 and 4 tied, the rating orders them
    assert [row.decided_by for row in rows] == ["", "match points", "rating", "match points"]


def test_standings_equal_ratings_fall_back_to_the_hash_and_unrated_teams_come_last():
    rows = compute_standings(TIED, seed=7, ratings={1: 1600.0, 2: 1600.0, 4: 1500.0})
    first_two = sorted([1, 2], key=lambda t: (final_tiebreak(7, t), t))
    assert [row.team for row in rows] == [*first_two, 4, 3]
    assert [row.decided_by for row in rows] == ["", "final tiebreak", "rating", "rating"]
