"""A result changed after it counted (confirmed or final) goes into the event's log; entering a first result doesn't."""
import pytest

from tests.factories import EventFactory, RoundFactory, TeamMatchFactory
from tournaments.enums import ResultState
from tournaments.models import EventLogEntry
from tournaments.services.eventlog import LogAction
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = pytest.mark.django_db


def _match():
    event = EventFactory(team_size=2)
    return TeamMatchFactory(round=RoundFactory(event=event, number=1), table=3)


def test_team_match_record_final_first_entry_is_not_logged():
    match = _match()
    team_match_record_final(match=match, user=match.round.event.organizer,
                            seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1)])
    assert not EventLogEntry.objects.exists()


def test_team_match_record_final_change_of_a_final_result_is_logged_with_before_and_after():
    match = _match()
    organizer = match.round.event.organizer
    team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1)])
    team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 1, 2)])
    entry = EventLogEntry.objects.get(action=LogAction.RESULT_CORRECTED)
    assert entry.user == organizer and "table 3" in entry.message
    assert entry.data["before"] == "A 2-0, B 2-1 (A)" and entry.data["after"] == "A 2-0, B 1-2 (D)"


def test_team_match_record_final_same_result_again_is_not_logged():
    match = _match()
    organizer = match.round.event.organizer
    for _ in range(2):
        team_match_record_final(match=match, user=organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1)])
    match.refresh_from_db()
    assert match.result_state == ResultState.FINAL and not EventLogEntry.objects.exists()
