"""Deck checks and penalties: recorded by judges only, logged, applied to the match result in one step, a
Disqualification disqualifies the team; bad input writes nothing."""

import pytest
from django.core.exceptions import ValidationError

from common.refusals import NotAllowed
from judging.enums import DeckCheckResult, Infraction, PenaltyKind
from judging.models import DeckCheck, Penalty
from judging.services import deck_check_record, penalty_apply, penalty_record
from tests.factories import (
    EventStaffFactory,
    EventFactory,
    RoundFactory,
    SeatMatchFactory,
    TeamMatchFactory,
    UserFactory,
)
from tournaments.enums import Outcome, ResultState
from tournaments.models import EventLogEntry, SeatMatch
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    """Round 1 of a team-of-two event, table 1: seat A 2-0 for team A, seat B 1-0 for team B (not over yet)."""
    event = EventFactory(team_size=2)
    round_ = RoundFactory(event=event, number=1)
    match = TeamMatchFactory(round=round_, table=1)
    SeatMatchFactory(team_match=match, letter="A", wins_a=2, wins_b=0)
    SeatMatchFactory(team_match=match, letter="B", wins_a=0, wins_b=1)
    return match


def _judge(event):
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    return judge


def test_deck_check_record_ok_and_problem_with_note_are_logged(match):
    event = match.round.event
    judge = _judge(event)
    deck_check_record(registration=match.team_a, round_=match.round, result=DeckCheckResult.OK, judge=judge)
    deck_check_record(
        registration=match.team_b,
        round_=match.round,
        result=DeckCheckResult.PROBLEM,
        note="Seat B: 59 cards in the deck",
        judge=judge,
    )
    assert DeckCheck.objects.filter(event=event).count() == 2
    messages = list(
        EventLogEntry.objects.filter(event=event, action=LogAction.DECK_CHECK).values_list("message", flat=True)
    )
    assert len(messages) == 2 and any("59 cards" in m for m in messages)


def test_deck_check_record_problem_without_note_writes_nothing(match):
    with pytest.raises(ValidationError, match="note"):
        deck_check_record(registration=match.team_a, result=DeckCheckResult.PROBLEM, judge=match.round.event.organizer)
    assert not DeckCheck.objects.exists() and not EventLogEntry.objects.exists()


def test_deck_check_record_by_a_player_or_stranger_is_refused(match):
    player = match.team_a.seats.first().player.user
    for user in (player, UserFactory()):
        with pytest.raises(NotAllowed):
            deck_check_record(registration=match.team_a, result=DeckCheckResult.OK, judge=user)
    assert not DeckCheck.objects.exists()


def test_penalty_record_warning_is_logged_and_changes_no_result(match):
    judge = _judge(match.round.event)
    seat = match.team_a.seats.get(letter="A")
    penalty = penalty_record(
        registration=match.team_a,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.MISSED_TRIGGER,
        penalty=PenaltyKind.WARNING,
        note="Forgot upkeep",
    )
    assert penalty.applied_to is None
    entry = EventLogEntry.objects.get(action=LogAction.PENALTY)
    assert seat.player.name in entry.message and "Warning" in entry.message and "Missed Trigger" in entry.message
    match.refresh_from_db()
    assert match.result_state == ResultState.PENDING


def test_penalty_record_game_loss_applied_gives_the_opponent_a_game_and_finalises(match):
    judge = _judge(match.round.event)
    seat_b = match.team_a.seats.get(letter="B")  # team A's seat B is 0-1 down
    penalty_record(
        registration=match.team_a,
        player=seat_b.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.DECKLIST_PROBLEM,
        penalty=PenaltyKind.GAME_LOSS,
        apply_to_result=True,
    )
    row = SeatMatch.objects.get(team_match=match, letter="B")
    assert (row.wins_a, row.wins_b) == (0, 2)
    match.refresh_from_db()
    assert match.result_state == ResultState.FINAL and match.outcome == Outcome.DRAW  # A won seat A, B seat B
    assert Penalty.objects.get().applied_to == match
    assert EventLogEntry.objects.filter(action=LogAction.PENALTY_APPLIED).count() == 1


def test_penalty_record_match_loss_for_team_b_is_recorded_two_nil(match):
    judge = _judge(match.round.event)
    seat = match.team_b.seats.get(letter="B")
    penalty_record(
        registration=match.team_b,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.TARDINESS,
        penalty=PenaltyKind.MATCH_LOSS,
        apply_to_result=True,
    )
    row = SeatMatch.objects.get(team_match=match, letter="B")
    assert (row.wins_a, row.wins_b) == (2, 0)
    match.refresh_from_db()
    assert match.outcome == Outcome.A_WINS


def test_penalty_apply_game_loss_after_the_match_was_decided_is_refused(match):
    judge = _judge(match.round.event)
    seat = match.team_b.seats.get(letter="A")  # team B lost seat A 0-2 already
    with pytest.raises(ValidationError, match="already decided"):
        penalty_record(
            registration=match.team_b,
            player=seat.player,
            round_=match.round,
            judge=judge,
            infraction=Infraction.SLOW_PLAY,
            penalty=PenaltyKind.GAME_LOSS,
            apply_to_result=True,
        )
    assert not Penalty.objects.exists() and not EventLogEntry.objects.exists()


def test_penalty_apply_needs_the_other_seats_results(match):
    SeatMatch.objects.filter(team_match=match, letter="A").delete()
    judge = _judge(match.round.event)
    seat = match.team_a.seats.get(letter="B")
    penalty = penalty_record(
        registration=match.team_a,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.TARDINESS,
        penalty=PenaltyKind.MATCH_LOSS,
    )
    with pytest.raises(ValidationError, match="no result yet for seat"):
        penalty_apply(penalty=penalty, judge=judge)
    penalty.refresh_from_db()
    assert penalty.applied_to is None


def test_penalty_apply_of_a_warning_is_refused(match):
    seat = match.team_a.seats.get(letter="A")
    with pytest.raises(ValidationError, match="Only a Game Loss or a Match Loss"):
        penalty_record(
            registration=match.team_a,
            player=seat.player,
            round_=match.round,
            judge=match.round.event.organizer,
            infraction=Infraction.GAME_RULE_VIOLATION,
            penalty=PenaltyKind.WARNING,
            apply_to_result=True,
        )
    assert not Penalty.objects.exists()


def test_penalty_apply_to_a_final_result_logs_the_result_change(match):
    judge = _judge(match.round.event)
    match.result_state, match.outcome = ResultState.CONFIRMED, Outcome.DRAW
    match.save()
    seat = match.team_a.seats.get(letter="B")
    penalty_record(
        registration=match.team_a,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.TARDINESS,
        penalty=PenaltyKind.MATCH_LOSS,
        apply_to_result=True,
    )
    entry = EventLogEntry.objects.get(action=LogAction.RESULT_CORRECTED)
    assert "table 1" in entry.message


def test_penalty_record_disqualification_disqualifies_the_team(match):
    judge = _judge(match.round.event)
    seat = match.team_b.seats.get(letter="A")
    penalty_record(
        registration=match.team_b,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.CHEATING,
        penalty=PenaltyKind.DISQUALIFICATION,
        note="Marked sleeves",
    )
    match.team_b.refresh_from_db()
    assert match.team_b.is_disqualified
    assert "Cheating" in match.team_b.disqualified_reason and "Marked sleeves" in match.team_b.disqualified_reason
    assert EventLogEntry.objects.filter(action=LogAction.DISQUALIFIED).count() == 1


def test_penalty_record_disqualification_of_a_disqualified_team_writes_nothing(match):
    judge = _judge(match.round.event)
    seat = match.team_b.seats.get(letter="A")
    penalty_record(
        registration=match.team_b,
        player=seat.player,
        round_=match.round,
        judge=judge,
        infraction=Infraction.CHEATING,
        penalty=PenaltyKind.DISQUALIFICATION,
    )
    with pytest.raises(ValidationError, match="already disqualified"):
        penalty_record(
            registration=match.team_b,
            player=seat.player,
            round_=match.round,
            judge=judge,
            infraction=Infraction.USC_MAJOR,
            penalty=PenaltyKind.DISQUALIFICATION,
        )
    assert Penalty.objects.count() == 1


def test_penalty_record_player_of_another_team_or_round_of_another_event_is_refused(match):
    judge = match.round.event.organizer
    other_player = match.team_b.seats.first().player
    with pytest.raises(ValidationError, match="is not on team"):
        penalty_record(
            registration=match.team_a,
            player=other_player,
            judge=judge,
            infraction=Infraction.SLOW_PLAY,
            penalty=PenaltyKind.WARNING,
        )
    foreign_round = RoundFactory(event=EventFactory(), number=1)
    with pytest.raises(ValidationError, match="another event"):
        penalty_record(
            registration=match.team_a,
            player=match.team_a.seats.first().player,
            judge=judge,
            round_=foreign_round,
            infraction=Infraction.SLOW_PLAY,
            penalty=PenaltyKind.WARNING,
        )
    assert not Penalty.objects.exists()


def test_penalty_record_judge_of_another_event_is_refused(match):
    outsider = UserFactory()
    EventStaffFactory(user=outsider, role="judge")
    with pytest.raises(NotAllowed):
        penalty_record(
            registration=match.team_a,
            player=match.team_a.seats.first().player,
            judge=outsider,
            infraction=Infraction.SLOW_PLAY,
            penalty=PenaltyKind.WARNING,
        )
