import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, OrganizerFactory, RoundFactory, TeamMatchFactory, UserFactory
from tournaments.enums import FormatKind, Outcome, ResultState, Structure
from tournaments.models import Event, SeatMatch, TeamMatch
from tournaments.services.results import (
    NotYourMatch,
    SeatGames,
    SharedGames,
    team_match_confirm,
    team_match_dispute,
    team_match_record_final,
    team_match_report,
)

pytestmark = pytest.mark.django_db

A_TWO_ONE = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def _member(registration, letter="A"):
    return registration.seats.get(letter=letter).player.user


def test_team_match_report_then_confirm_counts():
    match = TeamMatchFactory()
    version = match.round.event.version
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.REPORTED, Outcome.A_WINS)
    team_match_confirm(match=match, user=_member(match.team_b, "C"))
    match.refresh_from_db()
    assert match.result_state == ResultState.CONFIRMED
    assert Event.objects.get(pk=match.round.event_id).version == version + 2
    assert list(SeatMatch.objects.filter(team_match=match).values_list("letter", "wins_a", "wins_b")) == [
        ("A", 2, 0),
        ("B", 2, 1),
        ("C", 0, 2),
    ]


def test_team_match_report_one_win_each_and_a_draw_is_a_team_draw():
    match = TeamMatchFactory()
    team_match_report(
        match=match,
        user=_member(match.team_a),
        seats=[SeatGames("A", 2, 0), SeatGames("B", 0, 2), SeatGames("C", 1, 1, 1)],
    )
    match.refresh_from_db()
    assert match.outcome == Outcome.DRAW


def test_team_match_report_by_an_outsider_is_not_your_match_and_writes_nothing():
    match = TeamMatchFactory()
    with pytest.raises(NotYourMatch):
        team_match_report(match=match, user=UserFactory(), seats=A_TWO_ONE)
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING
    assert not SeatMatch.objects.exists()


def test_team_match_report_twice_is_refused_with_the_reason():
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    with pytest.raises(ValidationError) as info:
        team_match_report(match=match, user=_member(match.team_b), seats=A_TWO_ONE)
    assert info.value.messages == [
        "This result was already reported (Reported, awaiting confirmation). Confirm or dispute it instead."
    ]


def test_team_match_report_after_the_round_is_over_is_refused():
    match = TeamMatchFactory(round=RoundFactory(is_finished=True))
    with pytest.raises(ValidationError) as info:
        team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    assert info.value.messages == [f"Round {match.round.number} is over; ask the organizer to correct a result."]


def test_team_match_report_missing_seat_names_the_seats():
    match = TeamMatchFactory()
    with pytest.raises(ValidationError) as info:
        team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE[:2])
    assert info.value.messages == ["Give a result for every seat (A, B, C), each once."]


def test_team_match_report_impossible_games_names_the_seat():
    match = TeamMatchFactory()
    with pytest.raises(ValidationError) as info:
        team_match_report(match=match, user=_member(match.team_a), seats=[*A_TWO_ONE[:2], SeatGames("C", 2, 2)])
    assert "Seat C" in info.value.messages[0]
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING


def test_team_match_confirm_by_the_reporting_team_is_refused():
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    with pytest.raises(ValidationError) as info:
        team_match_confirm(match=match, user=_member(match.team_a, "B"))
    assert info.value.messages == ["Your team reported this result: a member of the other team confirms it."]


def test_team_match_dispute_keeps_the_note_for_the_organizer():
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    team_match_dispute(match=match, user=_member(match.team_b), note="Seat B was 1-2, not 2-1")
    match.refresh_from_db()
    assert (match.result_state, match.dispute_note) == (ResultState.DISPUTED, "Seat B was 1-2, not 2-1")


def test_team_match_record_final_corrects_a_disputed_result():
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    team_match_dispute(match=match, user=_member(match.team_b), note="Seat A was 0-2")
    organizer = OrganizerFactory()
    team_match_record_final(
        match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 1, 2), SeatGames("C", 0, 2)]
    )
    match.refresh_from_db()
    assert (match.result_state, match.outcome, match.confirmed_by) == (ResultState.FINAL, Outcome.B_WINS, organizer)
    assert SeatMatch.objects.filter(team_match=match).count() == 3


@pytest.mark.parametrize(
    ("best_of", "games", "outcome"),
    [
        (1, SharedGames(1, 0), "A"),
        (1, SharedGames(0, 0, 1), "D"),
        (3, SharedGames(1, 2), "B"),
        (3, SharedGames(1, 1), "D"),
    ],
)
def test_team_match_shared_game_outcome(best_of, games, outcome):
    event = EventFactory(
        team_size=2,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_SEALED,
        shared_life=30,
        shared_poison=15,
        shared_games_per_match=best_of,
    )
    match = TeamMatchFactory(round=RoundFactory(event=event))
    team_match_report(match=match, user=_member(match.team_b), games=games)
    match.refresh_from_db()
    assert (match.outcome, match.games_won_a, match.games_won_b) == (outcome, games.wins_a, games.wins_b)


def test_team_match_report_on_a_bye_is_refused():
    match = TeamMatchFactory(team_b=None, outcome=Outcome.A_WINS, result_state=ResultState.FINAL)
    with pytest.raises(ValidationError):
        team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.FINAL


def test_team_match_report_refused_once_the_event_is_finished():
    from tournaments.services.events import event_finish

    match = TeamMatchFactory()
    event_finish(event=match.round.event)
    with pytest.raises(ValidationError) as info:
        team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    assert "This event is finished" in info.value.messages[0]
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.PENDING


@pytest.mark.parametrize("answer", ["confirm", "dispute"])
def test_team_match_confirm_and_dispute_refused_once_the_event_is_finished(answer):
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    Event.objects.filter(pk=match.round.event_id).update(status="finished")
    service = team_match_confirm if answer == "confirm" else team_match_dispute
    with pytest.raises(ValidationError) as info:
        service(match=match, user=_member(match.team_b))
    assert "This event is finished" in info.value.messages[0]
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.REPORTED


def test_event_finish_marks_every_round_finished_and_only_a_reopened_event_is_corrected():
    from tournaments.services.errors import StateConflict
    from tournaments.services.events import event_finish, event_reopen

    match = TeamMatchFactory()
    version = match.round.event.version
    event_finish(event=match.round.event)
    match.round.refresh_from_db()
    assert match.round.is_finished
    assert Event.objects.get(pk=match.round.event_id).version == version + 1
    organizer = OrganizerFactory()
    with pytest.raises(StateConflict, match="This event is closed"):
        team_match_record_final(match=match, user=organizer, seats=A_TWO_ONE)
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.PENDING
    event_reopen(event=match.round.event, user=organizer, reason="Table 1 was entered the wrong way round")
    team_match_record_final(match=match, user=organizer, seats=A_TWO_ONE)
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.FINAL


def test_team_match_correct_report_by_the_reporting_team_until_confirmed():
    from tournaments.services.results import team_match_correct_report

    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    corrected = [SeatGames("A", 0, 2), SeatGames("B", 1, 2), SeatGames("C", 2, 0)]
    team_match_correct_report(match=match, user=_member(match.team_a, "B"), seats=corrected)
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.REPORTED, Outcome.B_WINS)
    with pytest.raises(ValidationError) as info:
        team_match_correct_report(match=match, user=_member(match.team_b), seats=A_TWO_ONE)
    assert "The other team reported this result" in info.value.messages[0]
    team_match_confirm(match=match, user=_member(match.team_b))
    with pytest.raises(ValidationError):
        team_match_correct_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)


def test_team_match_dispute_needs_a_note():
    match = TeamMatchFactory()
    team_match_report(match=match, user=_member(match.team_a), seats=A_TWO_ONE)
    with pytest.raises(ValidationError) as info:
        team_match_dispute(match=match, user=_member(match.team_b), note="   ")
    assert "Say what is wrong with the report" in info.value.messages[0]
    assert TeamMatch.objects.get(pk=match.pk).result_state == ResultState.REPORTED
