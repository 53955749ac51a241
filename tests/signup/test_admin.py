"""The admin's team import (preview, bad rows named, all or nothing; semicolons, encodings, xlsx) and exports."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import EventFactory, RegistrationFactory, TeamMatchFactory, UserFactory
from tournaments.enums import EventStatus
from tournaments.models import Decklist, Registration

pytestmark = pytest.mark.django_db


def _csv(teams: int, sep: str = ",") -> str:
    lines = [sep.join(["team", "seat", "player"])]
    for t in range(1, teams + 1):
        for letter in "ABC":
            lines.append(sep.join([f"Team {t:02d}", letter, f"Player {t:02d}{letter}"]))
    return "\n".join(lines) + "\n"


def _upload(client, event, name: str, data: bytes):
    url = reverse("admin:signup_event_teams_import", args=[event.pk])
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def _confirm(client, event, response):
    ctx = response.context
    return client.post(
        reverse("admin:signup_event_teams_import", args=[event.pk]),
        {"confirm": "1", "payload": ctx["payload"], "file_name": ctx["file_name"]},
    )


def test_csv_preview_writes_nothing_and_confirm_registers_every_team(admin_client):
    event = EventFactory()
    response = _upload(admin_client, event, "teams.csv", _csv(4).encode())
    assert response.status_code == 200
    assert "Preview: 4 teams will be registered" in response.text and "Player 03B" in response.text
    assert Registration.objects.filter(event=event).count() == 0
    response = _confirm(admin_client, event, response)
    assert response.status_code == 302
    assert Registration.objects.filter(event=event).count() == 4


def test_semicolon_separated_csv_is_read_and_said(admin_client):
    event = EventFactory()
    response = _upload(admin_client, event, "teams.csv", _csv(2, ";").encode())
    assert "The columns are separated by semicolons: read as such." in response.text
    assert "Preview: 2 teams will be registered" in response.text


def test_cp1252_csv_is_refused_with_a_sentence_and_nothing_written(admin_client):
    event = EventFactory()
    data = "team;seat;player\nZürich;A;Jürgen\nZürich;B;Åsa\nZürich;C;Chloé\n".encode("cp1252")
    response = _upload(admin_client, event, "teams.csv", data)
    assert "it looks like Windows-1252 or Latin-1" in response.text and "CSV UTF-8" in response.text
    assert "Confirm the import" not in response.text
    assert not Registration.objects.filter(event=event).exists()


def test_bad_rows_are_named_and_nothing_is_registered(admin_client):
    event = EventFactory()
    text = _csv(2) + "Team 03,A,Solo\nTeam 04,A,\n"
    response = _upload(admin_client, event, "teams.csv", text.encode())
    assert "Nothing was imported" in response.text
    assert "Line 9: player missing." in response.text
    assert "Line 8 (Team 03)" in response.text
    assert "Confirm the import" not in response.text
    assert not Registration.objects.filter(event=event).exists()


def test_confirm_refuses_when_the_file_became_invalid_meanwhile(admin_client):
    event = EventFactory()
    response = _upload(admin_client, event, "teams.csv", _csv(2).encode())
    RegistrationFactory(event=event)  # the organizer registered a team at the desk meanwhile
    event.status = EventStatus.FINISHED
    event.save()
    response = _confirm(admin_client, event, response)
    assert "The Swiss rounds of this event are over: no team can enter any more." in response.text
    assert Registration.objects.filter(event=event).count() == 1


def test_xlsx_spreadsheet_imports_like_csv(admin_client):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for line in _csv(3).splitlines():
        sheet.append(line.split(","))
    out = io.BytesIO()
    book.save(out)
    event = EventFactory()
    response = _upload(admin_client, event, "teams.xlsx", out.getvalue())
    assert "Preview: 3 teams will be registered" in response.text
    _confirm(admin_client, event, response)
    assert Registration.objects.filter(event=event).count() == 3


def test_staff_who_does_not_run_the_event_is_refused(client):
    event = EventFactory()
    client.force_login(UserFactory(is_staff=True))
    assert _upload(client, event, "teams.csv", _csv(1).encode()).status_code in (302, 403)
    assert client.get(reverse("admin:signup_event_export", args=[event.pk, "teams", "csv"])).status_code in (302, 403)
    assert not Registration.objects.filter(event=event).exists()


def test_teams_export_is_the_import_format_and_round_trips(admin_client):
    event = EventFactory()
    _confirm(admin_client, event, _upload(admin_client, event, "teams.csv", _csv(2).encode()))
    exported = admin_client.get(reverse("admin:signup_event_export", args=[event.pk, "teams", "csv"]))
    assert exported["Content-Disposition"].endswith('teams.csv"')
    text = exported.content.decode().replace("\r\n", "\n")
    assert text == _csv(2)
    again = EventFactory()
    _confirm(admin_client, again, _upload(admin_client, again, "teams.csv", exported.content))
    assert Registration.objects.filter(event=again).count() == 2


def test_pairings_results_placings_and_decklists_export(admin_client):
    match = TeamMatchFactory()
    event = match.round.event
    seat = match.team_a.seats.get(letter="A")
    Decklist.objects.create(seat=seat, text="4 Bolt", main={"Lightning Bolt": 4}, sideboard={"Duress": 2})

    def get(what, fmt="csv"):
        response = admin_client.get(reverse("admin:signup_event_export", args=[event.pk, what, fmt]))
        assert response.status_code == 200
        return response.content

    assert match.team_a.team.name in get("pairings").decode() and seat.player.name in get("pairings").decode()
    assert "round,table,team_a,team_b,result,outcome,seats" in get("results").decode()
    placings = get("placings").decode()
    assert placings.startswith("place,team,stage") and match.team_b.team.name in placings
    decklists = get("decklists").decode()
    assert "4 Lightning Bolt" in decklists and "2 Duress" in decklists
    assert get("teams", "xlsx")[:2] == b"PK"
    assert admin_client.get(reverse("admin:signup_event_export", args=[event.pk, "nope", "csv"])).status_code == 404


def test_the_import_page_says_its_title_once(admin_client):
    """Issue 32: the admin's own heading and the template's both said the title."""
    event = EventFactory()
    for response in (
        admin_client.get(reverse("admin:signup_event_teams_import", args=[event.pk])),
        _upload(admin_client, event, "teams.csv", _csv(2).encode()),
    ):
        title = str(response.context["title"])
        assert response.text.count(f"<h1>{title}</h1>") == 1, title
