import pytest
from django.core.exceptions import ValidationError

from desk.services.results import AlreadyFinal, desk_result_enter
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamMatchFactory,
)
from tournaments.enums import FormatKind, ResultState, Structure
from tournaments.models import TeamMatch


@pytest.fixture
def two_headed_match(db):
    event = EventFactory(
        team_size=2,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_CONSTRUCTED,
        shared_life=30,
        shared_poison=15,
    )
    return TeamMatchFactory(
        round=RoundFactory(event=event),
        team_a=RegistrationFactory(event=event),
        team_b=RegistrationFactory(event=event),
    )


def test_desk_result_enter_shared_game_takes_the_winning_team(two_headed_match):
    desk_result_enter(match=two_headed_match, by=OrganizerFactory(), text="b")
    two_headed_match.refresh_from_db()
    assert (two_headed_match.result_state, two_headed_match.outcome, two_headed_match.games_won_b) == (
        ResultState.FINAL,
        "B",
        1,
    )


def test_desk_result_enter_seat_results_from_team_a_side(db):
    match = TeamMatchFactory()
    desk_result_enter(match=match, by=OrganizerFactory(), text="12 12 21")
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.FINAL, "B")
    assert [(s.letter, s.wins_a, s.wins_b) for s in match.seat_matches.order_by("letter")] == [
        ("A", 1, 2),
        ("B", 1, 2),
        ("C", 2, 1),
    ]


def test_desk_result_enter_refuses_a_bye_and_impossible_games(db):
    match = TeamMatchFactory()
    with pytest.raises(ValidationError):
        desk_result_enter(match=match, by=OrganizerFactory(), text="30 20 20")
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING and not match.seat_matches.exists()


def _seats(match):
    return [(s.letter, s.wins_a, s.wins_b) for s in match.seat_matches.order_by("letter")]


@pytest.mark.parametrize("state", [ResultState.FINAL, ResultState.CONFIRMED])
def test_desk_result_enter_refuses_to_type_over_a_result_that_counts(db, state):
    from tournaments.models import EventLogEntry

    match = TeamMatchFactory()
    desk_result_enter(match=match, by=OrganizerFactory(), text="21 21 21")
    TeamMatch.objects.filter(pk=match.pk).update(result_state=state)
    with pytest.raises(AlreadyFinal) as info:
        desk_result_enter(match=match, by=OrganizerFactory(), text="12 12 12")
    assert "already counts" in info.value.messages[0] and "Correct a final result" in info.value.messages[0]
    match.refresh_from_db()
    assert (match.result_state, match.outcome, _seats(match)) == (state, "A", [("A", 2, 1), ("B", 2, 1), ("C", 2, 1)])
    assert not EventLogEntry.objects.filter(event=match.round.event, action="result_corrected").exists()


def test_desk_result_enter_corrects_a_final_result_when_asked_and_logs_it(db):
    from tournaments.models import EventLogEntry

    organizer = OrganizerFactory()
    match = TeamMatchFactory()
    desk_result_enter(match=match, by=organizer, text="21 21 21")
    desk_result_enter(match=match, by=organizer, text="12 12 12", correct=True)
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.FINAL, "B")
    entry = EventLogEntry.objects.get(event=match.round.event, action="result_corrected")
    assert entry.user == organizer
    assert (entry.before["result"], entry.after["result"]) == ("A 2-1, B 2-1, C 2-1 (A)", "A 1-2, B 1-2, C 1-2 (B)")


def test_desk_result_enter_settles_a_disputed_result_without_asking(db):
    match = TeamMatchFactory()
    TeamMatch.objects.filter(pk=match.pk).update(result_state=ResultState.DISPUTED, outcome="A")
    desk_result_enter(match=match, by=OrganizerFactory(), text="12 12 21")
    match.refresh_from_db()
    assert match.result_state == ResultState.FINAL


def test_desk_result_enter_refuses_no_games_and_writes_nothing(db):
    match = TeamMatchFactory()
    with pytest.raises(ValidationError) as info:
        desk_result_enter(match=match, by=OrganizerFactory(), text="00 00 00")
    assert "Seat A: '00' records no game" in info.value.messages[0]
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING and not match.seat_matches.exists()
