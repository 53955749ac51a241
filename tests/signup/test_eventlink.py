"""Importing an EventLink invite list (signup.eventlink, issue 53) at the desk and through the API, and the store's
player list in that shape: addresses become invitations or claim links (never a shown address), names become
players, repeated, malformed and registered lines are reported, the rest registered together, nothing half-written,
the preview writes nothing; the exported list imports into the next event."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from signup.eventlink import invite_list_run, store_player_list
from tests.api.test_organizer_api import auth
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    OrganizerTokenFactory,
    PlaceholderFactory,
    PlayerFactory,
    TeamFactory,
    UserFactory,
)
from tournaments.enums import EventStatus
from tournaments.models import EventLogEntry, Player, Registration, Seat, SeatInvitation, WizardsAccount

pytestmark = pytest.mark.django_db

LIST = "Email\nada@example.org\nGrace Hopper\n\nnot-an-address@\nGrace Hopper\nsam@example.net\n"


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def organizer():
    return OrganizerFactory(username="olivia", is_superuser=False, is_staff=False)


@pytest.fixture
def event(organizer):
    return EventFactory(organizer=organizer, team_size=1)


def _statuses(report):
    return [(o.line, o.status) for o in report.lines]


def test_addresses_become_seats_waiting_for_their_person_and_names_become_players(event, organizer):
    sam = PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email="sam@example.net"))
    report = invite_list_run(event=event, data=LIST, user=organizer, preview=False)
    assert _statuses(report) == [(2, "address"), (3, "new"), (5, "refused"), (6, "refused"), (7, "address")]
    assert report.counts == {"imported": 3, "already": 0, "refused": 2}
    assert "not an e-mail address" in report.lines[2].reason and "given twice (also line 3)" in report.lines[3].reason
    names = sorted(Seat.objects.filter(event=event).values_list("player__name", flat=True))
    assert names == ["Grace Hopper", "ada", "sam"]  # an address is never a shown name
    assert not any(
        "@" in team for team in Registration.objects.filter(event=event).values_list("team__name", flat=True)
    )
    # Consent: the account's person is invited, never seated; the unknown address keeps its claim link.
    assert list(SeatInvitation.objects.values_list("user", flat=True)) == [sam.user_id]
    assert not Seat.objects.filter(event=event, player=sam).exists()
    assert Player.objects.get(name="ada").user.email == "ada@example.org"
    entry = EventLogEntry.objects.get(event=event, action="invite_list_imported")
    assert entry.user == organizer and "3 registered" in str(entry.message)


def test_the_preview_reads_the_same_and_writes_nothing(event, organizer):
    PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email="sam@example.net"))
    players = Player.objects.count()
    preview = invite_list_run(event=event, data=LIST, user=organizer, preview=True)
    assert Player.objects.count() == players and not Registration.objects.exists()
    assert not SeatInvitation.objects.exists() and not EventLogEntry.objects.filter(event=event).exists()
    done = invite_list_run(event=event, data=LIST, user=organizer, preview=False)
    assert _statuses(preview) == _statuses(done)


def test_a_list_given_again_is_already_registered_not_twice(event, organizer):
    PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email="sam@example.net"))
    invite_list_run(event=event, data=LIST, user=organizer, preview=False)
    registrations, players, invitations = (
        Registration.objects.count(),
        Player.objects.count(),
        SeatInvitation.objects.count(),
    )
    again = invite_list_run(event=event, data=LIST + "Linus\n", user=organizer, preview=False)
    assert _statuses(again) == [
        (2, "already"),
        (3, "already"),
        (5, "refused"),
        (6, "refused"),
        (7, "already"),
        (8, "new"),
    ]
    assert Registration.objects.count() == registrations + 1 and Player.objects.count() == players + 1
    assert SeatInvitation.objects.count() == invitations  # nobody is asked twice, no placeholder left behind


def test_the_organizers_own_earlier_player_is_matched_and_nobody_elses(event, organizer):
    own = PlaceholderFactory(name="Grace Hopper", made_by=organizer)
    PlaceholderFactory(name="Linus", made_by=OrganizerFactory())  # another organizer's: never matched
    report = invite_list_run(event=event, data="Grace Hopper\nLinus\n", user=organizer, preview=False)
    assert _statuses(report) == [(1, "matched"), (2, "new")]
    assert Seat.objects.filter(event=event, player=own).exists()
    assert Player.objects.filter(name="Linus").count() == 2


def test_nothing_is_half_written_when_the_event_is_over(event, organizer):
    event.status = EventStatus.FINISHED
    event.save()
    report = invite_list_run(event=event, data=LIST, user=organizer, preview=False)
    assert "Swiss rounds of this event are over" in report.file_error
    assert not Registration.objects.exists() and not Player.objects.filter(made_by=organizer).exists()


def test_a_team_event_takes_no_invite_list(organizer):
    event = EventFactory(organizer=organizer, team_size=3)
    report = invite_list_run(event=event, data=LIST, user=organizer, preview=False)
    assert "teams of 3" in report.file_error and not Registration.objects.exists()


def test_the_store_player_list_round_trips_into_the_next_event(event, organizer):
    shared = PlayerFactory(name="Ada Lovelace", user=UserFactory(username="ada", email="ada@hydra.example"))
    WizardsAccount.objects.create(player=shared, email="ada@hydra.example", shared=True)
    private = PlayerFactory(name="Bo Private")
    WizardsAccount.objects.create(player=private, email="bo@wizards.example", shared=False)
    quoted = '"=Eve, the ""quoted"""'  # a name with a comma and quotes, as a spreadsheet quotes it
    invite_list_run(event=event, data=f"Grace Hopper\n{quoted}\n", user=organizer, preview=False)
    for player in (shared, private):
        registration = Registration.objects.create(event=event, team=TeamFactory(name=player.name))
        Seat.objects.create(registration=registration, event=event, letter="A", player=player)
    data = store_player_list(event=event)
    values = [row[0] for row in csv.reader(io.StringIO(data.decode("utf-8-sig")))]
    # The address only where the player shared it; never their Hydra login's address otherwise.
    assert sorted(values) == sorted(["ada@hydra.example", "Bo Private", "Grace Hopper", '\'=Eve, the "quoted"'])
    following = EventFactory(organizer=organizer, team_size=1)
    report = invite_list_run(event=following, data=data, user=organizer, preview=False)
    assert report.counts == {"imported": 4, "already": 0, "refused": 0}
    by_value = {o.value: o.status for o in report.lines}
    assert by_value["Grace Hopper"] == by_value['=Eve, the "quoted"'] == "matched"  # the same players again
    assert by_value["ada@hydra.example"] == "address"
    assert list(SeatInvitation.objects.filter(event=following).values_list("user", flat=True)) == [shared.user_id]


# The desk's page -------------------------------------------------------------------------------------------------------


def test_the_desk_previews_then_imports_and_reports(client, event, organizer):
    client.force_login(organizer)
    url = reverse("desk:import_eventlink", args=[event.pk])
    assert client.get(url).status_code == 200
    preview = client.post(url, {"file": SimpleUploadedFile("invites.csv", LIST.encode())})
    assert preview.status_code == 200 and 'id="eventlink-confirm"' in preview.text
    assert not Registration.objects.exists()
    done = client.post(url, {"confirm": "1", "payload": preview.context["payload"]})
    assert done.status_code == 200 and done.context["done"]
    assert done.context["report"].counts == {"imported": 3, "already": 0, "refused": 2}
    assert Registration.objects.filter(event=event).count() == 3
    assert "refused: " in done.text and "given twice" in done.text


def test_the_desk_page_is_the_organizers_alone(client, event):
    client.force_login(UserFactory())
    assert client.get(reverse("desk:import_eventlink", args=[event.pk])).status_code in (403, 404)


def test_the_desk_says_why_a_file_cant_be_read(client, event, organizer):
    client.force_login(organizer)
    answer = client.post(
        reverse("desk:import_eventlink", args=[event.pk]),
        {"file": SimpleUploadedFile("invites.csv", "Zoë".encode("cp1252"))},
    )
    assert answer.status_code == 400 and "UTF-8" in answer.text


def test_the_exports_page_offers_the_player_list(client, event, organizer):
    client.force_login(organizer)
    invite_list_run(event=event, data="Grace Hopper\n", user=organizer, preview=False)
    answer = client.get(reverse("desk:exports", args=[event.pk]) + "?what=eventlink")
    assert answer.status_code == 200 and answer.content.decode("utf-8-sig").splitlines() == ["Grace Hopper"]


# The API -----------------------------------------------------------------------------------------------------------------


def test_the_api_imports_a_csv_body_and_previews(api):
    token = OrganizerTokenFactory()
    event = EventFactory(organizer=token.user, team_size=1)
    url = f"/api/v1/events/{event.pk}/teams/import/eventlink"
    preview = api.post(url + "?preview=1", LIST.encode(), content_type="text/csv", **auth(token))
    assert preview.status_code == 200, preview.json()
    assert preview.json()["preview"] and not Registration.objects.exists()
    done = api.post(url, {"csv": LIST}, format="json", **auth(token))
    assert done.status_code == 201, done.json()
    body = done.json()
    assert (body["imported"], body["already"], body["refused"]) == (3, 0, 2)
    assert [line["status"] for line in body["lines"]] == ["address", "new", "refused", "refused", "address"]


def test_the_api_refuses_what_it_cant_read_and_unknown_fields(api):
    token = OrganizerTokenFactory()
    event = EventFactory(organizer=token.user, team_size=1)
    url = f"/api/v1/events/{event.pk}/teams/import/eventlink"
    assert api.post(url, {"csv": ""}, format="json", **auth(token)).status_code == 400
    assert api.post(url, {"csv": "a", "extra": 1}, format="json", **auth(token)).status_code == 400
    team_event = EventFactory(organizer=token.user, team_size=2)
    answer = api.post(
        f"/api/v1/events/{team_event.pk}/teams/import/eventlink", {"csv": "Ann\n"}, format="json", **auth(token)
    )
    assert answer.status_code == 400 and "teams of 2" in str(answer.json())


def test_the_api_is_closed_to_other_organizers(api):
    event = EventFactory(team_size=1)
    answer = api.post(
        f"/api/v1/events/{event.pk}/teams/import/eventlink",
        {"csv": "Ann\n"},
        format="json",
        **auth(OrganizerTokenFactory()),
    )
    assert answer.status_code in (403, 404) and not Registration.objects.exists()
