import pytest
from django.core.exceptions import ValidationError

from desk.services.results import desk_result_enter
from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory, RoundFactory, TeamMatchFactory
from tournaments.enums import FormatKind, ResultState, Structure


@pytest.fixture
def two_headed_match(db):
    event = EventFactory(team_size=2, structure=Structure.TWO_HEADED_GIANT, format_kind=FormatKind.THG_CONSTRUCTED,
                         shared_life=30, shared_poison=15)
    return TeamMatchFactory(round=RoundFactory(event=event), team_a=RegistrationFactory(event=event),
                            team_b=RegistrationFactory(event=event))


def test_desk_result_enter_shared_game_takes_the_winning_team(two_headed_match):
    desk_result_enter(match=two_headed_match, by=OrganizerFactory(), text="b")
    two_headed_match.refresh_from_db()
    assert (two_headed_match.result_state, two_headed_match.outcome, two_headed_match.games_won_b) == (
        ResultState.FINAL, "B", 1)


def test_desk_result_enter_seat_results_from_team_a_side(db):
    match = TeamMatchFactory()
    desk_result_enter(match=match, by=OrganizerFactory(), text="12 12 21")
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.FINAL, "B")
    assert [(s.letter, s.wins_a, s.wins_b) for s in match.seat_matches.order_by("letter")] == [
        ("A", 1, 2), ("B", 1, 2), ("C", 2, 1)]


def test_desk_result_enter_refuses_a_bye_and_impossible_games(db):
    match = TeamMatchFactory()
    with pytest.raises(ValidationError):
        desk_result_enter(match=match, by=OrganizerFactory(), text="30 20 20")
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING and not match.seat_matches.exists()
