"""The event log page and its CSV (issue 29): one log with filters (kind, round, team, person, text), the CSV of
the same selection, in the reader's language; closed to players, scorekeepers and other organizers."""

import csv
import io

import pytest
from django.urls import reverse

from tests.api.conftest import build_event
from tests.desk.conftest import scorekeeper_of
from tests.factories import EventStaffFactory, OrganizerFactory
from tournaments.models import EventLogEntry, StaffRole
from tournaments.selectors.eventlog import CSV_COLUMNS
from tournaments.services.eventlog import LogAction
from tournaments.services.registrations import registration_drop
from tournaments.services.results import (
    SeatGames,
    team_match_record_final,
    team_match_report,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged():
    """An event with a report (not confirmed), a final result, a drop by the organizer and a pairing entry."""
    event, teams, rounds = build_event(teams=4, rounds=1, swiss_rounds=3, team_size=2, state="pending")
    first, second = rounds[0].matches.order_by("table")[:2]
    reporter = first.team_a.seats.get(letter="A").player.user
    team_match_report(match=first, user=reporter, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1)])
    team_match_record_final(match=second, user=event.organizer, seats=[SeatGames("A", 0, 2), SeatGames("B", 0, 2)])
    registration_drop(registration=teams[3], user=event.organizer)
    return event, teams, reporter


def _rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_log_page_shows_every_kind_with_who_before_and_after(client, logged):
    event, _teams, reporter = logged
    client.force_login(event.organizer)
    page = client.get(reverse("judging:log", args=[event.pk])).content.decode()
    assert page.count('data-kind="result"') == 2 and page.count('data-kind="drop"') == 1
    assert reporter.username in page and "state: reported" in page


def test_log_page_filters_by_kind_round_team_person_and_text(client, logged):
    event, teams, reporter = logged
    client.force_login(event.organizer)
    url = reverse("judging:log", args=[event.pk])
    assert client.get(url, {"kind": "drop"}).content.decode().count("<tr data-action") == 1
    assert client.get(url, {"kind": "result", "round": "1"}).content.decode().count("<tr data-action") == 2
    assert client.get(url, {"round": "2"}).content.decode().count("<tr data-action") == 0
    assert client.get(url, {"team": teams[3].pk}).content.decode().count("<tr data-action") == 1
    by_reporter = client.get(url, {"person": reporter.username}).content.decode()
    assert by_reporter.count("<tr data-action") == 1 and 'data-action="result_reported"' in by_reporter
    assert client.get(url, {"text": "entered as final"}).content.decode().count("<tr data-action") == 1


def test_log_page_bad_filters_are_ignored_not_a_500(client, logged):
    event, _teams, _reporter = logged
    client.force_login(event.organizer)
    url = reverse("judging:log", args=[event.pk])
    for params in (
        {"kind": "nonsense"},
        {"round": "abc"},
        {"team": "99999999999999999999"},
        {"team": "١²"},
        {"round": "²"},
        {"text": "\x00"},
        {"person": "x" * 5000},
    ):
        assert client.get(url, params).status_code < 500
        assert client.get(reverse("judging:log_csv", args=[event.pk]), params).status_code < 500


def test_log_csv_has_the_same_filters_and_the_new_columns(client, logged):
    event, teams, _reporter = logged
    client.force_login(event.organizer)
    response = client.get(reverse("judging:log_csv", args=[event.pk]), {"kind": "drop"})
    rows = _rows(response)
    assert list(rows[0]) == CSV_COLUMNS and CSV_COLUMNS[:4] == ["at", "by", "action", "message"]
    assert [(r["action"], r["by"], r["team"], r["round"]) for r in rows] == [
        (LogAction.DROPPED, event.organizer.username, teams[3].team.name, "")
    ]
    assert rows[0]["before"] == '{"dropped_round": null}' and rows[0]["after"] == '{"dropped_round": 1}'
    page = client.get(reverse("judging:log", args=[event.pk]), {"kind": "drop"}).content.decode()
    assert reverse("judging:log_csv", args=[event.pk]) + "?kind=drop" in page


def test_log_csv_and_page_read_in_the_readers_language(client, logged):
    event, _teams, _reporter = logged
    client.force_login(event.organizer)
    english = _rows(client.get(reverse("judging:log_csv", args=[event.pk]), {"kind": "drop"}))[0]["message"]
    german = _rows(
        client.get(reverse("judging:log_csv", args=[event.pk]), {"kind": "drop"}, HTTP_ACCEPT_LANGUAGE="de")
    )[0]["message"]
    chinese = client.get(
        reverse("judging:log", args=[event.pk]), {"kind": "drop"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "dropped after round 1" in english and "dropped after round 1" not in german
    assert "dropped after round 1" not in chinese and english.split(" dropped")[0] in german


def _organizer_of_another_event():
    other = OrganizerFactory(is_superuser=False, is_staff=False)
    build_event(teams=2, rounds=0, organizer=other)
    return other


@pytest.mark.parametrize("who", ["player", "scorekeeper", "other_organizer", "anonymous"])
def test_log_page_and_csv_are_hidden_from_who_may_not_judge(client, logged, who):
    event, _teams, reporter = logged
    user = {
        "player": reporter,
        "scorekeeper": scorekeeper_of(event),
        "other_organizer": _organizer_of_another_event(),
        "anonymous": None,
    }[who]
    if user is not None:
        client.force_login(user)
    for name in ("judging:log", "judging:log_csv"):
        response = client.get(reverse(name, args=[event.pk]))
        assert response.status_code in (302, 404)
        assert b"reported" not in response.content


def test_log_page_is_open_to_the_events_judge(client, logged):
    event, _teams, _reporter = logged
    judge = EventStaffFactory(event=event, role=StaffRole.JUDGE).user
    client.force_login(judge)
    assert client.get(reverse("judging:log", args=[event.pk]), {"kind": "result"}).status_code == 200


def test_log_page_query_count_does_not_grow_with_entries(client, logged, django_assert_max_num_queries):
    event, teams, _reporter = logged
    for n in range(30):
        EventLogEntry.objects.create(
            event=event, user=event.organizer, action="note", message=f"entry {n}", registration=teams[n % 4]
        )
    client.force_login(event.organizer)
    with django_assert_max_num_queries(14):
        client.get(reverse("judging:log", args=[event.pk]))
