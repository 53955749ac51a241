"""A closed event at the desk, on the projector and through the API (issue 26: closing means finished)."""

import pytest
from django.urls import reverse

from tests.factories import ApiTokenFactory
from tournaments.enums import EventStatus
from tournaments.models import Event, EventLogEntry, TeamMatch
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import SeatGames, team_match_record_final
from tournaments.services.rounds import event_close

from tests.desk.conftest import scorekeeper_of

pytestmark = pytest.mark.django_db

A_WINS = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


@pytest.fixture
def closed(event, organizer):
    for _ in range(event.swiss_rounds):
        round_ = round_pair_next(event=event, seed=5)
        for match in round_.matches.filter(team_b__isnull=False):
            team_match_record_final(match=match, user=organizer, seats=A_WINS)
    event_close(event=event, user=organizer)
    return Event.objects.get(pk=event.pk)


def _first_match(event):
    return TeamMatch.objects.filter(round__event=event, round__number=event.swiss_rounds).order_by("table").first()


def test_the_closed_desk_shows_the_final_placings_instead_of_the_clock_and_the_result_bar(client, closed, organizer):
    from tournaments.selectors.placements import placements_for_event
    from tournaments.selectors.standings import team_names_for_event

    client.force_login(organizer)
    page = client.get(reverse("desk:desk", args=[closed.pk])).text
    assert 'id="final-placings"' in page
    assert 'id="entry-form"' not in page and "clock-panel" not in page
    winner = team_names_for_event(event=closed)[placements_for_event(event=closed)[0].team]
    placings = page.split('id="final-placings"')[1]
    assert placings.index(winner) < min(
        placings.index(name) for name in team_names_for_event(event=closed).values() if name != winner
    )
    assert 'id="reopen-reason"' in page


def test_the_desk_refuses_a_result_after_closing(client, closed, organizer):
    match = _first_match(closed)
    before = (match.games_won_a, match.games_won_b)
    client.force_login(organizer)
    response = client.post(
        reverse("desk:result", args=[closed.pk]),
        {"round": closed.swiss_rounds, "table": match.table, "result": "12 12 12"},
        follow=True,
    )
    assert "This event is closed" in response.text and "result saved" not in response.text
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b) == before


def test_the_desk_refuses_a_drop_after_closing(client, closed, organizer):
    team = closed.registrations.first()
    client.force_login(organizer)
    response = client.post(
        reverse("desk:team", args=[closed.pk]), {"registration": team.pk, "action": "drop"}, follow=True
    )
    assert "This event is closed" in response.text
    team.refresh_from_db()
    assert team.dropped_round is None


def test_the_api_answers_409_to_a_result_after_closing(client, closed, organizer):
    match = _first_match(closed)
    token = ApiTokenFactory(event=closed, user=organizer)
    response = client.post(
        f"/api/v1/events/{closed.pk}/matches/{match.pk}/result",
        {"seats": [{"letter": "A", "wins_a": 0, "wins_b": 2}]},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    assert response.status_code == 409
    assert "This event is closed" in response.text


def test_reopening_at_the_desk_needs_a_reason_then_results_can_be_corrected(client, closed, organizer):
    client.force_login(organizer)
    url = reverse("desk:reopen", args=[closed.pk])
    response = client.post(url, {"reason": ""}, follow=True)
    assert "Say why the event is reopened" in response.text
    assert Event.objects.get(pk=closed.pk).status == EventStatus.FINISHED
    client.post(url, {"reason": "Table 1 of round 3 was entered the wrong way round"})
    assert Event.objects.get(pk=closed.pk).status == EventStatus.RUNNING
    assert EventLogEntry.objects.get(event=closed, action="event_reopened").user == organizer
    match = _first_match(closed)
    response = client.post(
        reverse("desk:result", args=[closed.pk]),
        {"round": closed.swiss_rounds, "table": match.table, "result": "12 12 20", "correct": "1"},
        follow=True,
    )
    assert f"Table {match.table}: result saved." in response.text
    assert EventLogEntry.objects.filter(event=closed, action="result_corrected").exists()


@pytest.mark.parametrize(
    ("language", "finished", "wrong"),
    [("zh-hans", "赛事已结束", "赛事已结束."), ("de", "Das Turnier ist beendet", "beendet.</strong>.")],
)
def test_the_closed_desk_says_it_is_finished_with_the_languages_own_punctuation(
    client, closed, organizer, language, finished, wrong
):
    client.force_login(organizer)
    page = client.get(reverse("desk:desk", args=[closed.pk]), HTTP_ACCEPT_LANGUAGE=language).text
    assert finished in page and wrong not in page
    assert "</strong>." not in page


def test_a_scorekeeper_may_not_reopen(client, closed):
    client.force_login(scorekeeper_of(closed))
    assert client.post(reverse("desk:reopen", args=[closed.pk]), {"reason": "mine"}).status_code == 404
    assert Event.objects.get(pk=closed.pk).status == EventStatus.FINISHED


def test_the_projector_shows_the_winner_and_the_placings(client, closed):
    from tournaments.selectors.placements import placements_for_event
    from tournaments.selectors.standings import team_names_for_event

    names = team_names_for_event(event=closed)
    placings = placements_for_event(event=closed)
    page = client.get(reverse("desk:screen", args=[closed.pk])).text
    assert f"Winner: {names[placings[0].team]}" in page
    assert all(names[p.team] in page for p in placings)
    assert "Pairings by team name" not in page


# --- Exports on the desk ------------------------------------------------------------------------------------------


def test_every_export_downloads_from_the_desk(client, closed, organizer):
    import io
    import json

    import openpyxl

    from signup.exports import EXPORTS

    client.force_login(organizer)
    url = reverse("desk:exports", args=[closed.pk])
    page = client.get(url).text
    for what in EXPORTS:
        assert f'data-export="{what}"' in page
        for file_format in ("csv", "xlsx"):
            response = client.get(url, {"what": what, "format": file_format})
            assert response.status_code == 200, (what, file_format)
            assert f"-{what}.{file_format}" in response["Content-Disposition"]
    sheet = openpyxl.load_workbook(io.BytesIO(client.get(url, {"what": "standings", "format": "xlsx"}).content)).active
    assert [c.value for c in sheet[1]][:3] == ["place", "stage", "rank"]
    assert sheet.max_row == 1 + closed.registrations.count()
    event_file = json.loads(client.get(url, {"what": "event"}).content)
    assert event_file["event"]["name"] == closed.name
    assert client.get(url, {"what": "nonsense", "format": "csv"}).status_code == 404


def test_desk_exports_escape_a_team_name_a_spreadsheet_would_run(client, event, organizer):
    import csv
    import io

    import openpyxl

    team = event.registrations.first().team
    team.name = '=HYPERLINK("http://evil.example", "Click")'
    team.save()
    client.force_login(organizer)
    url = reverse("desk:exports", args=[event.pk])
    for what in ("teams", "standings"):
        rows = csv.reader(io.StringIO(client.get(url, {"what": what, "format": "csv"}).content.decode()))
        cells = [cell for row in rows for cell in row]
        assert "'" + team.name in cells and team.name not in cells
        sheet = openpyxl.load_workbook(io.BytesIO(client.get(url, {"what": what, "format": "xlsx"}).content)).active
        values = [cell.value for row in sheet.iter_rows() for cell in row]
        assert "'" + team.name in values and team.name not in values


def test_desk_exports_are_for_whoever_runs_the_event(client, event):
    client.force_login(scorekeeper_of(event))
    url = reverse("desk:exports", args=[event.pk])
    assert client.get(url).status_code == 404
    assert client.get(url, {"what": "decklists", "format": "csv"}).status_code == 404
