"""Team match scoring (tournaments/scoring.py, RULES.md 2). Every expected outcome is worked out by hand."""

import pytest

from tournaments.scoring import (
    ScoringError,
    SeatResultError,
    SharedGameError,
    TeamMatchOutcome,
    score_seat_against_seat,
    score_shared_game,
    seat_label,
    validate_seat_result,
)

# --- seat against seat -------------------------------------------------------------------------------------


def test_seat_against_seat_two_seat_wins_take_the_team_match():
    # A 2-0 (A wins), B 0-2 (B wins), C 2-1 (A wins): 2 individual wins to 1.
    result = score_seat_against_seat([(2, 0), (0, 2), (2, 1)])
    assert result.outcome == TeamMatchOutcome.A_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (2, 1, 0)
    assert [seat.seat for seat in result.seats] == ["A", "B", "C"]


def test_seat_against_seat_team_b_wins_when_it_wins_more_seats():
    # A 1-2 (B), B 1-2 (B), C 2-0 (A): team B 2 to 1.
    result = score_seat_against_seat([(1, 2), (1, 2), (2, 0)])
    assert result.outcome == TeamMatchOutcome.B_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (1, 2, 0)


def test_seat_against_seat_one_win_each_and_a_draw_is_a_team_draw():
    # RULES.md 2: "1-1 with one draw" is a team draw. Seat C went 1-1-1: equal game wins, an individual draw.
    result = score_seat_against_seat([(2, 0), (0, 2), (1, 1, 1)])
    assert result.outcome == TeamMatchOutcome.DRAW
    assert (result.a_wins, result.b_wins, result.draws) == (1, 1, 1)
    assert result.seats[2].outcome == TeamMatchOutcome.DRAW


def test_seat_against_seat_three_draws_is_a_team_draw():
    # 1-1-1, 0-0-3 and 0-0-0 (an intentional draw): no individual winner anywhere.
    result = score_seat_against_seat([(1, 1, 1), (0, 0, 3), (0, 0, 0)])
    assert result.outcome == TeamMatchOutcome.DRAW
    assert (result.a_wins, result.b_wins, result.draws) == (0, 0, 3)


def test_seat_against_seat_one_win_and_two_draws_wins_the_team_match():
    # One individual win against none: more individual wins, whatever the draws.
    result = score_seat_against_seat([(0, 0, 3), (2, 1), (1, 1, 1)])
    assert result.outcome == TeamMatchOutcome.A_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (1, 0, 2)


def test_seat_against_seat_two_person_team_split_is_a_draw():
    result = score_seat_against_seat([(2, 1), (1, 2)])
    assert result.outcome == TeamMatchOutcome.DRAW
    assert (result.a_wins, result.b_wins, result.draws) == (1, 1, 0)


def test_seat_against_seat_more_game_wins_decides_a_seat_cut_short_by_time():
    # 1-0 with a draw at time: one game win against none wins the individual match.
    result = score_seat_against_seat([(1, 0, 1), (0, 1), (1, 0)])
    assert [seat.outcome for seat in result.seats] == ["A", "B", "A"]
    assert result.outcome == TeamMatchOutcome.A_WINS


def test_seat_result_three_games_won_is_refused_with_the_seat_named():
    with pytest.raises(SeatResultError) as error:
        score_seat_against_seat([(2, 0), (3, 0), (2, 0)])
    assert str(error.value) == "Seat B: 3 games won is more than a best-of-three allows"


def test_seat_result_three_games_lost_is_refused():
    with pytest.raises(SeatResultError) as error:
        score_seat_against_seat([(0, 3)])
    assert str(error.value) == "Seat A: 3 games lost is more than a best-of-three allows"


def test_seat_result_two_wins_each_is_refused():
    with pytest.raises(SeatResultError) as error:
        validate_seat_result("C", 2, 2)
    assert str(error.value).startswith("Seat C: 2-2 can't happen")


def test_seat_result_negative_count_is_refused():
    with pytest.raises(SeatResultError) as error:
        validate_seat_result("A", 1, -1)
    assert str(error.value) == "Seat A: games lost can't be negative, got -1"


def test_seat_result_four_drawn_games_is_refused():
    with pytest.raises(SeatResultError) as error:
        validate_seat_result("B", 0, 0, 4)
    assert str(error.value).startswith("Seat B: 4 drawn games")


def test_seat_result_non_integer_count_is_refused():
    with pytest.raises(SeatResultError):
        validate_seat_result("A", 1.5, 0)
    with pytest.raises(SeatResultError):
        validate_seat_result("A", True, 0)


def test_seat_result_wrong_number_of_counts_is_refused():
    with pytest.raises(SeatResultError) as error:
        score_seat_against_seat([(2, 0), (2,)])
    assert str(error.value).startswith("Seat B: give games won, games lost")


def test_seat_against_seat_without_seats_is_refused():
    with pytest.raises(ScoringError):
        score_seat_against_seat([])


def test_seat_errors_are_value_errors():
    # Callers that only know ValueError (forms, serializers) still catch them.
    assert issubclass(SeatResultError, ValueError)
    assert issubclass(SharedGameError, ValueError)


def test_seat_label_runs_past_z():
    assert [seat_label(i) for i in (0, 1, 2, 25, 26, 27)] == ["A", "B", "C", "Z", "AA", "AB"]


def test_explain_names_the_tally_and_every_seat():
    result = score_seat_against_seat([(2, 0), (0, 2), (1, 1, 1)])
    assert result.explain() == ("Team draw: 1 individual match wins to 1, 1 drawn (A 2-0-0, B 0-2-0, C 1-1-1)")


# --- shared game (Two-Headed Giant, Three-Headed Serpent) -----------------------------------------------------


def test_shared_game_best_of_one_win():
    result = score_shared_game(["B"], finished=True)
    assert result.outcome == TeamMatchOutcome.B_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (0, 1, 0)


def test_shared_game_drawn_game_does_not_count_and_play_goes_on():
    # MTR 9.1: the drawn first game does not end a best-of-one; team A wins the second.
    result = score_shared_game(["D", "A"], finished=True)
    assert result.outcome == TeamMatchOutcome.A_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (1, 0, 1)


def test_shared_game_unfinished_best_of_one_is_a_draw():
    assert score_shared_game(["D"], finished=False).outcome == TeamMatchOutcome.DRAW
    # Time ran out during the first game: nothing recorded, still a draw.
    assert score_shared_game([], finished=False).outcome == TeamMatchOutcome.DRAW


def test_shared_game_finished_without_a_winner_is_refused():
    with pytest.raises(SharedGameError) as error:
        score_shared_game(["D"], finished=True)
    assert str(error.value).startswith("The match is marked finished but no team won 1 game;")


def test_shared_game_unfinished_with_a_winner_is_refused():
    with pytest.raises(SharedGameError):
        score_shared_game(["A"], finished=False)


def test_shared_game_game_after_the_win_is_refused():
    with pytest.raises(SharedGameError) as error:
        score_shared_game(["A", "B"], finished=True)
    assert str(error.value).startswith("Game 2: the match was already won")


def test_shared_game_best_of_three_needs_two_wins():
    # A, draw (does not count), B, A: A reaches two wins in the fourth game.
    result = score_shared_game(["A", "D", "B", "A"], finished=True, best_of=3)
    assert result.outcome == TeamMatchOutcome.A_WINS
    assert (result.a_wins, result.b_wins, result.draws) == (2, 1, 1)


def test_shared_game_best_of_three_at_time_goes_to_more_game_wins():
    # 1-0 when time ran out: the team with more game wins takes the match; 1-1 is a draw.
    assert score_shared_game(["A"], finished=False, best_of=3).outcome == TeamMatchOutcome.A_WINS
    assert score_shared_game(["A", "B"], finished=False, best_of=3).outcome == TeamMatchOutcome.DRAW


def test_shared_game_best_of_two_is_refused():
    with pytest.raises(SharedGameError):
        score_shared_game(["A"], finished=True, best_of=2)


def test_shared_game_unknown_outcome_is_refused():
    with pytest.raises(SharedGameError) as error:
        score_shared_game(["A", "X"], finished=True, best_of=3)
    assert str(error.value) == "Game 2: outcome must be 'A', 'B' or 'D' (draw), got 'X'"


def test_shared_game_explain_lists_the_games():
    result = score_shared_game(["D"], finished=False)
    assert result.explain() == "Team draw: 0 game wins to 0, 1 drawn (games: D), ended unfinished"


def test_outcome_values_are_what_standings_records_store():
    assert [outcome.value for outcome in TeamMatchOutcome] == ["A", "B", "D"]
    assert TeamMatchOutcome.A_WINS == "A"


# A playoff played as best of five (issue 46: published events have them).


@pytest.mark.parametrize("counts", [(3, 0, 0), (3, 2, 0), (2, 3, 1), (0, 3, 0)])
def test_a_best_of_five_seat_result_is_read_when_asked_for(counts):
    result = score_seat_against_seat([counts], best_of=5)
    assert result.outcome == (TeamMatchOutcome.A_WINS if counts[0] > counts[1] else TeamMatchOutcome.B_WINS)


def test_a_best_of_three_still_refuses_three_wins():
    with pytest.raises(SeatResultError, match="more than a best-of-three allows"):
        score_seat_against_seat([(3, 0, 0)])


@pytest.mark.parametrize(
    "counts, words", [((4, 0, 0), "more than a best-of-five allows"), ((3, 3, 0), "3-3 can't happen in a best-of-five")]
)
def test_a_best_of_five_refuses_what_cannot_happen_in_it(counts, words):
    with pytest.raises(SeatResultError, match=words):
        score_seat_against_seat([counts], best_of=5)


def test_an_individual_match_is_a_best_of_three_or_five_only():
    with pytest.raises(SeatResultError, match="best of 3 or 5"):
        validate_seat_result("A", 2, 0, 0, best_of=7)
