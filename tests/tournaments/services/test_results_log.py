"""Every result state change is one entry of the event's one log, with who and the state and result before and
after: a report, its correction by the reporting team, a confirmation, a dispute, a first result entered as final
and a change of a result that already counted (issue 29)."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.factories import ApiTokenFactory, EventFactory, RoundFactory, TeamMatchFactory
from tournaments.enums import ResultState
from tournaments.models import EventLogEntry
from tournaments.models.log import LogKind
from tournaments.services.eventlog import LogAction
from tournaments.services.results import (
    SeatGames,
    team_match_confirm,
    team_match_correct_report,
    team_match_dispute,
    team_match_record_final,
    team_match_report,
)

pytestmark = pytest.mark.django_db

TWO_ONE = [SeatGames("A", 2, 0), SeatGames("B", 2, 1)]
ONE_TWO = [SeatGames("A", 2, 0), SeatGames("B", 1, 2)]


def _match():
    event = EventFactory(team_size=2)
    return TeamMatchFactory(round=RoundFactory(event=event, number=1), table=3)


def _member(registration, letter="A"):
    return registration.seats.get(letter=letter).player.user


def _entries(match) -> list[EventLogEntry]:
    return list(EventLogEntry.objects.filter(match=match).order_by("pk"))


def test_team_match_report_confirm_each_write_one_entry_with_who_before_and_after():
    match = _match()
    reporter, confirmer = _member(match.team_a), _member(match.team_b)
    team_match_report(match=match, user=reporter, seats=TWO_ONE)
    team_match_confirm(match=match, user=confirmer)
    report, confirmation = _entries(match)
    assert (report.action, report.user, report.kind, report.round_number) == (
        LogAction.RESULT_REPORTED,
        reporter,
        LogKind.RESULT,
        1,
    )
    assert report.before == {"state": ResultState.PENDING, "result": None}
    assert report.after == {"state": ResultState.REPORTED, "result": "A 2-0, B 2-1 (A)"}
    assert (confirmation.action, confirmation.user) == (LogAction.RESULT_CONFIRMED, confirmer)
    assert confirmation.before["state"] == ResultState.REPORTED and confirmation.after["state"] == ResultState.CONFIRMED
    assert "table 3" in report.message and "reported" in report.message


def test_team_match_report_corrected_then_disputed_keeps_every_person():
    match = _match()
    first, second, other = _member(match.team_a), _member(match.team_a, "B"), _member(match.team_b)
    team_match_report(match=match, user=first, seats=TWO_ONE)
    team_match_correct_report(match=match, user=second, seats=ONE_TWO)
    team_match_dispute(match=match, user=other, note="We won seat B")
    entries = _entries(match)
    assert [(e.action, e.user) for e in entries] == [
        (LogAction.RESULT_REPORTED, first),
        (LogAction.RESULT_REPORT_CORRECTED, second),
        (LogAction.RESULT_DISPUTED, other),
    ]
    assert entries[1].before["result"] == "A 2-0, B 2-1 (A)" and entries[1].after["result"] == "A 2-0, B 1-2 (D)"
    assert "We won seat B" in entries[2].message and entries[2].after["state"] == ResultState.DISPUTED


def test_team_match_record_final_first_entry_is_logged_as_final():
    match = _match()
    organizer = match.round.event.organizer
    team_match_record_final(match=match, user=organizer, seats=TWO_ONE)
    (entry,) = _entries(match)
    assert (entry.action, entry.user, entry.kind) == (LogAction.RESULT_FINAL, organizer, LogKind.RESULT)
    assert entry.before == {"state": ResultState.PENDING, "result": None}
    assert entry.after == {"state": ResultState.FINAL, "result": "A 2-0, B 2-1 (A)"}


def test_team_match_record_final_through_a_token_names_the_token():
    match = _match()
    token = ApiTokenFactory(event=match.round.event)
    person = token.user
    person.acting_token = token  # as the API's authentication marks a person acting through a token
    team_match_record_final(match=match, user=person, seats=TWO_ONE)
    (entry,) = _entries(match)
    assert entry.by.startswith(f"token {token.name}") and entry.action == LogAction.RESULT_FINAL


def test_team_match_record_final_change_of_a_final_result_is_logged_with_before_and_after():
    match = _match()
    organizer = match.round.event.organizer
    team_match_record_final(match=match, user=organizer, seats=TWO_ONE)
    team_match_record_final(match=match, user=organizer, seats=ONE_TWO)
    entry = EventLogEntry.objects.get(action=LogAction.RESULT_CORRECTED)
    assert entry.user == organizer and "table 3" in entry.message
    assert entry.before["result"] == "A 2-0, B 2-1 (A)" and entry.after["result"] == "A 2-0, B 1-2 (D)"
    assert "A 2-0, B 2-1 (A) was changed to A 2-0, B 1-2 (D)" in entry.message


def test_team_match_record_final_settling_a_dispute_is_logged():
    match = _match()
    team_match_report(match=match, user=_member(match.team_a), seats=TWO_ONE)
    team_match_dispute(match=match, user=_member(match.team_b), note="wrong")
    team_match_record_final(match=match, user=match.round.event.organizer, seats=ONE_TWO)
    entry = _entries(match)[-1]
    assert entry.action == LogAction.RESULT_FINAL and entry.before["state"] == ResultState.DISPUTED


def test_team_match_record_final_same_result_again_is_not_logged_twice():
    match = _match()
    organizer = match.round.event.organizer
    for _ in range(2):
        team_match_record_final(match=match, user=organizer, seats=TWO_ONE)
    match.refresh_from_db()
    assert match.result_state == ResultState.FINAL and len(_entries(match)) == 1


def test_team_match_report_refused_writes_no_entry():
    match = _match()
    with pytest.raises(ValidationError):
        team_match_report(match=match, user=_member(match.team_a), seats=TWO_ONE[:1])
    assert not EventLogEntry.objects.exists()


def test_result_entry_reads_in_the_readers_language():
    match = _match()
    team_match_record_final(match=match, user=match.round.event.organizer, seats=TWO_ONE)
    (entry,) = _entries(match)
    with translation.override("de"):
        german = entry.text
    with translation.override("zh-hans"):
        chinese = entry.text
    assert german != entry.message and chinese != entry.message and chinese != german
    assert "A 2-0, B 2-1 (A)" in german and "A 2-0, B 2-1 (A)" in chinese
