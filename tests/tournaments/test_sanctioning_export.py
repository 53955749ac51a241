"""The sanctioning body's export (tournaments.exports.sanctioning_dataset, on the desk's exports page): its columns,
one row per player by placing, e-mails for the organizer."""

import csv
import io

import pytest

from tests.api.conftest import build_event
from tests.factories import EventFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db


def _rows(client, event):
    client.force_login(event.organizer)
    answer = client.get(f"/events/{event.pk}/desk/exports/?what=sanctioning&format=csv")
    assert answer.status_code == 200
    return list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))


def test_the_sanctioning_export_has_its_columns_and_a_row_per_player(client):
    event, teams, _rounds = build_event(teams=4, rounds=1)
    player = teams[0].seats.get(letter="B").player
    player.user = UserFactory(email="b@example.org")
    player.save()
    rows = _rows(client, event)
    assert rows[0] == [
        "place",
        "team",
        "seat",
        "player",
        "email",
        "wizards_email",
        "dci_number",
        "match_points",
        "record",
        "dropped",
        "did_not_advance",
    ]
    assert len(rows) == 1 + 4 * 3
    assert [int(row[0]) for row in rows[1:]] == sorted(int(row[0]) for row in rows[1:])
    mine = next(row for row in rows if row[3] == player.name)
    assert mine[1] == teams[0].team.name and mine[2] == "B" and mine[4] == "b@example.org"
    assert mine[7:9] in (["3", "1-0-0"], ["0", "0-1-0"])


def test_the_sanctioning_export_of_an_individual_event_has_no_team_columns(client):
    event = EventFactory(team_size=1)
    RegistrationFactory(event=event)
    assert _rows(client, event)[0] == [
        "place",
        "player",
        "email",
        "wizards_email",
        "dci_number",
        "match_points",
        "record",
        "dropped",
        "did_not_advance",
    ]
