"""Top cut (tournaments/topcut.py, RULES.md 4, last bullet): seeding, advancement and refusals."""

import random

import pytest

from tournaments.topcut import (
    PlayoffDrawError,
    PlayoffResult,
    TopCutError,
    bracket_order,
    bracket_state,
)

# Swiss standings order: team 101 finished first, 102 second, ... 110 tenth.
STANDINGS = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110]


def _pairs(matches):
    return [(m.team_a, m.team_b) for m in matches]


def test_bracket_order_for_each_cut_size():
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)


def test_top_eight_seeds_one_v_eight_four_v_five_two_v_seven_three_v_six():
    bracket = bracket_state(standings_order=STANDINGS, size=8)
    quarterfinals = bracket.rounds[0]
    assert _pairs(quarterfinals) == [(101, 108), (104, 105), (102, 107), (103, 106)]
    assert [(m.seed_a, m.seed_b) for m in quarterfinals] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [m.name for m in quarterfinals] == ["Quarterfinal"] * 4
    assert bracket.next_matches == quarterfinals
    assert _pairs(bracket.rounds[1]) == [(None, None), (None, None)]
    assert _pairs(bracket.rounds[2]) == [(None, None)]
    assert bracket.champion is None


def test_top_four_and_top_two_seeding():
    four = bracket_state(standings_order=STANDINGS, size=4)
    assert _pairs(four.rounds[0]) == [(101, 104), (102, 103)]
    assert [m.name for m in four.rounds[0]] == ["Semifinal", "Semifinal"]
    two = bracket_state(standings_order=STANDINGS, size=2)
    assert _pairs(two.rounds[0]) == [(101, 102)]
    assert two.rounds[0][0].name == "Final"


def test_winners_advance_in_bracket_position():
    # Quarterfinal upsets: 8 beats 1, 4 beats 5, 2 beats 7, 6 beats 3 (reported with either team first).
    results = [
        PlayoffResult(101, 108, "B"),
        PlayoffResult(105, 104, "B"),
        PlayoffResult(102, 107, "A"),
        PlayoffResult(106, 103, "A"),
    ]
    bracket = bracket_state(standings_order=STANDINGS, size=8, results=results)
    assert [m.winner for m in bracket.rounds[0]] == [108, 104, 102, 106]
    # The 1/8 winner meets the 4/5 winner; the 2/7 winner meets the 3/6 winner.
    assert _pairs(bracket.rounds[1]) == [(108, 104), (102, 106)]
    assert [(m.seed_a, m.seed_b) for m in bracket.rounds[1]] == [(8, 4), (2, 6)]
    assert bracket.next_matches == bracket.rounds[1]
    assert bracket.champion is None


def test_champion_after_the_final():
    results = [
        PlayoffResult(101, 108, "A"),
        PlayoffResult(104, 105, "A"),
        PlayoffResult(102, 107, "A"),
        PlayoffResult(103, 106, "A"),
        PlayoffResult(101, 104, "A"),
        PlayoffResult(102, 103, "B"),
        PlayoffResult(103, 101, "A"),
    ]
    bracket = bracket_state(standings_order=STANDINGS, size=8, results=results)
    assert _pairs(bracket.rounds[2]) == [(101, 103)]
    assert bracket.rounds[2][0].name == "Final"
    assert bracket.champion == 103
    assert bracket.next_matches == ()


def test_results_in_any_order_give_the_same_bracket():
    results = [
        PlayoffResult(101, 108, "A"),
        PlayoffResult(104, 105, "B"),
        PlayoffResult(102, 107, "B"),
        PlayoffResult(103, 106, "A"),
        PlayoffResult(101, 105, "A"),
        PlayoffResult(107, 103, "A"),
    ]
    expected = bracket_state(standings_order=STANDINGS, size=8, results=results)
    shuffled = list(results)
    random.Random(5).shuffle(shuffled)
    assert bracket_state(standings_order=STANDINGS, size=8, results=shuffled) == expected
    assert _pairs(expected.next_matches) == [(101, 107)]


def test_partly_played_round_lists_only_ready_matches():
    results = [PlayoffResult(101, 108, "A"), PlayoffResult(104, 105, "A")]
    bracket = bracket_state(standings_order=STANDINGS, size=8, results=results)
    # Semifinal 1 (101 v 104) is ready; the other two quarterfinals still are.
    assert _pairs(bracket.next_matches) == [(102, 107), (103, 106), (101, 104)]


def test_drawn_playoff_match_is_refused():
    with pytest.raises(PlayoffDrawError) as error:
        bracket_state(standings_order=STANDINGS, size=4, results=[PlayoffResult(101, 104, "D")])
    assert str(error.value) == (
        "Playoff result 101 v 104: a playoff match can't end in a draw; the teams replay until one of them wins"
    )


def test_result_for_teams_that_do_not_meet_is_refused():
    with pytest.raises(TopCutError) as error:
        bracket_state(standings_order=STANDINGS, size=8, results=[PlayoffResult(101, 102, "A")])
    assert str(error.value).startswith("Playoff result 101 v 102: these teams don't meet in this bracket")


def test_result_for_a_team_outside_the_cut_is_refused():
    with pytest.raises(TopCutError):
        bracket_state(standings_order=STANDINGS, size=4, results=[PlayoffResult(101, 105, "A")])


def test_semifinal_result_before_its_quarterfinals_is_refused():
    with pytest.raises(TopCutError):
        bracket_state(standings_order=STANDINGS, size=8, results=[PlayoffResult(101, 104, "A")])


def test_result_for_an_eliminated_team_is_refused():
    results = [PlayoffResult(101, 104, "A"), PlayoffResult(102, 103, "A"), PlayoffResult(104, 102, "A")]
    with pytest.raises(TopCutError):
        bracket_state(standings_order=STANDINGS, size=4, results=results)


def test_second_result_for_the_same_match_is_refused():
    results = [PlayoffResult(101, 102, "A"), PlayoffResult(102, 101, "A")]
    with pytest.raises(TopCutError) as error:
        bracket_state(standings_order=STANDINGS, size=2, results=results)
    assert str(error.value) == "Playoff result 102 v 101: this match already has a result"


def test_unknown_outcome_is_refused():
    with pytest.raises(TopCutError):
        bracket_state(standings_order=STANDINGS, size=2, results=[PlayoffResult(101, 102, "X")])


def test_cut_size_other_than_a_power_of_two_is_refused():
    for size in (0, 1, 3, 6, 12):
        with pytest.raises(TopCutError) as error:
            bracket_state(standings_order=STANDINGS, size=size)
        assert str(error.value) == f"A bracket is 2, 4, 8, 16, 32 ... teams, not {size}"


def test_fewer_teams_than_the_cut_is_refused():
    with pytest.raises(TopCutError) as error:
        bracket_state(standings_order=STANDINGS[:7], size=8)
    assert str(error.value) == "A top 8 needs 8 teams; the standings have 7"


def test_team_twice_in_the_standings_is_refused():
    with pytest.raises(TopCutError):
        bracket_state(standings_order=[101, 102, 101, 103], size=4)


def test_exactly_as_many_teams_as_the_cut_is_fine():
    bracket = bracket_state(standings_order=STANDINGS[:4], size=4)
    assert _pairs(bracket.rounds[0]) == [(101, 104), (102, 103)]


def test_better_seeds_winning_meet_as_the_seeding_promises():
    # If the better seed always wins, 1 meets 4 and 2 meets 3 in the semifinals and 1 meets 2 in the final.
    results = []
    bracket = bracket_state(standings_order=STANDINGS, size=8)
    while bracket.next_matches:
        for match in bracket.next_matches:
            better_is_a = match.seed_a < match.seed_b
            results.append(PlayoffResult(match.team_a, match.team_b, "A" if better_is_a else "B"))
        bracket = bracket_state(standings_order=STANDINGS, size=8, results=results)
    assert [(m.seed_a, m.seed_b) for m in bracket.rounds[1]] == [(1, 4), (2, 3)]
    assert [(m.seed_a, m.seed_b) for m in bracket.rounds[2]] == [(1, 2)]
    assert bracket.champion == 101


@pytest.mark.parametrize(
    ("cut", "names"),
    [
        (8, ["Quarterfinal", "Semifinal", "Final"]),
        (4, ["Semifinal", "Final"]),
        (2, ["Final"]),
        (16, ["Round of 16", "Quarterfinal", "Semifinal", "Final"]),
        (32, ["Round of 32", "Round of 16", "Quarterfinal", "Semifinal", "Final"]),
    ],
)
def test_playoff_round_names(cut, names):
    from tournaments.topcut import playoff_round_name

    assert [playoff_round_name(top_cut=cut, playoff_round=k) for k in range(1, len(names) + 1)] == names
    with pytest.raises(TopCutError):
        playoff_round_name(top_cut=cut, playoff_round=len(names) + 1)


def test_a_match_between_two_teams_out_in_the_same_round_is_a_placement_match():
    # Top 4: 101 v 104 and 102 v 103; the semifinal losers play for third place (issue 46).
    results = [PlayoffResult(101, 104, "A"), PlayoffResult(102, 103, "B"), PlayoffResult(104, 102, "A")]
    bracket = bracket_state(standings_order=STANDINGS, size=4, results=results)
    (third,) = bracket.placement_matches
    assert (third.team_a, third.team_b, third.winner, third.round, third.name) == (102, 104, 104, 1, "placement")
    assert bracket.champion is None and [(m.team_a, m.team_b) for m in bracket.next_matches] == [(101, 103)]


def test_a_match_between_teams_out_in_different_rounds_is_still_refused():
    results = [
        PlayoffResult(101, 104, "A"),
        PlayoffResult(102, 103, "A"),
        PlayoffResult(101, 102, "A"),
        PlayoffResult(104, 102, "A"),
    ]
    with pytest.raises(TopCutError, match="don't meet in this bracket"):
        bracket_state(standings_order=STANDINGS, size=4, results=results)


# --- top 16, top 32 and single elimination from round 1 (issue 42) ------------------------------------------


# The MTR's brackets, written out (seed pairs of round 1, top of the bracket first).
MTR_BRACKET = {
    16: (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11),
    32: (
        1,
        32,
        16,
        17,
        8,
        25,
        9,
        24,
        4,
        29,
        13,
        20,
        5,
        28,
        12,
        21,
        2,
        31,
        15,
        18,
        7,
        26,
        10,
        23,
        3,
        30,
        14,
        19,
        6,
        27,
        11,
        22,
    ),
}


@pytest.mark.parametrize("size", [16, 32])
def test_top_16_and_top_32_are_seeded_as_the_mtr_bracket(size):
    standings = list(range(1, 41))
    bracket = bracket_state(standings_order=standings, size=size)
    first = bracket.rounds[0]
    # Round 1: every seed s meets size + 1 - s, and 1 and 2 are in opposite halves, 1-4 in different quarters.
    assert all(m.seed_a + m.seed_b == size + 1 for m in first)
    assert tuple(s for m in first for s in (m.seed_a, m.seed_b)) == MTR_BRACKET[size]
    # If the better seed always wins, every later round again pairs s with (teams + 1 - s).
    results = []
    while bracket.champion is None:
        for match in bracket.next_matches:
            better = match.team_a if match.seed_a < match.seed_b else match.team_b
            assert match.seed_a + match.seed_b == 2 * len(bracket.next_matches) + 1
            results.append(PlayoffResult(match.team_a, match.team_b, "A" if better == match.team_a else "B"))
        bracket = bracket_state(standings_order=standings, size=size, results=results)
    assert bracket.champion == 1
    assert len(bracket.rounds) == size.bit_length() - 1


def test_top_16_first_round_by_seed():
    bracket = bracket_state(standings_order=list(range(101, 121)), size=16)
    assert [(m.seed_a, m.seed_b) for m in bracket.rounds[0]] == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]
    assert {m.name for m in bracket.rounds[0]} == {"Round of 16"}


def test_bracket_size_is_the_next_power_of_two():
    from tournaments.topcut import bracket_size

    assert [bracket_size(n) for n in (2, 3, 4, 5, 8, 9, 13, 16, 17, 100)] == [2, 4, 4, 8, 8, 16, 16, 16, 32, 128]
    with pytest.raises(TopCutError):
        bracket_size(1)


def test_single_elimination_of_13_gives_the_byes_to_the_top_3_seeds():
    field = list(range(201, 214))  # 13 players, seed 1 first
    bracket = bracket_state(standings_order=field, size=16, byes=True)
    first = bracket.rounds[0]
    byes = [m for m in first if m.bye]
    assert sorted(m.seed_a for m in byes) == [1, 2, 3]
    assert all(m.team_b is None and m.winner == m.team_a for m in byes)
    assert sorted((m.seed_a, m.seed_b) for m in bracket.next_matches) == [(4, 13), (5, 12), (6, 11), (7, 10), (8, 9)]
    # The byes advance: seeds 1, 2 and 3 already stand in the quarterfinals.
    assert sorted(s for m in bracket.rounds[1] for s in (m.seed_a, m.seed_b) if s) == [1, 2, 3]
    # Play it out, the worse seed winning each time: 12 matches, everyone but the champion loses once.
    results, played = [], 0
    while bracket.champion is None:
        for match in bracket.next_matches:
            worse = match.team_a if match.seed_a > match.seed_b else match.team_b
            results.append(PlayoffResult(match.team_a, match.team_b, "A" if worse == match.team_a else "B"))
            played += 1
        bracket = bracket_state(standings_order=field, size=16, results=results, byes=True)
    assert played == 12
    from tournaments.placements import final_placings

    placings = final_placings(swiss_order=field, bracket=bracket)
    assert sorted(p.team for p in placings) == field
    assert placings[0].team == bracket.champion


def test_single_elimination_refuses_a_bracket_of_the_wrong_size():
    with pytest.raises(TopCutError):
        bracket_state(standings_order=list(range(13)), size=32, byes=True)
    with pytest.raises(TopCutError):
        bracket_state(standings_order=list(range(13)), size=16)
