"""The desk import's preview never tells whether an e-mail address is an account's (issue 52): sign-up and the
password reset were built to hide it, so the preview of a file naming an account's address reads exactly as the one
naming an address nobody has, seat by seat and in its counts; the invitation goes out with the confirmed import."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments.models import SeatInvitation

pytestmark = pytest.mark.django_db

KNOWN, UNKNOWN = "sam@example.org", "sam@example.net"  # the same first part: the same name shown


def _file(address: str) -> str:
    return (
        f"team,seat,player,email\nAzure Ants,A,{address},\nAzure Ants,B,Bea Brown,{address.replace('sam', 'bea')}\n"
        "Azure Ants,C,Cy Cole,\n"
    )


def _preview(client, event, address: str):
    response = client.post(
        reverse("desk:import_teams", args=[event.pk]),
        {"file": SimpleUploadedFile("teams.csv", _file(address).encode())},
    )
    assert response.status_code == 200
    page = re.sub(r'name="payload" value="[^"]*"', "", response.text)  # the file itself, carried back
    page = re.sub(r"[A-Za-z0-9]{64}", "", page)  # the CSRF tokens, new on every page
    return response.context["preview"], page


def test_the_preview_reads_the_same_for_an_address_with_or_without_an_account(client, organizer):
    PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email=KNOWN))
    PlayerFactory(name="Bea Account", user=UserFactory(username="beaacc", email="bea@example.org"))
    event = EventFactory(organizer=organizer)
    client.force_login(organizer)
    known, known_page = _preview(client, event, KNOWN)
    unknown, unknown_page = _preview(client, event, UNKNOWN)
    assert known.teams == unknown.teams and known.counts == unknown.counts == {"matched": 0, "new": 3, "invited": 0}
    assert [s.status for _t, seats in known.teams for s in seats] == ["address", "address", "new"]
    assert known_page == unknown_page
    assert "invited" not in known_page.split('id="import-preview"')[1].split("</table>")[0]
    assert not SeatInvitation.objects.exists()  # the preview sends nothing


def test_the_confirmed_import_still_invites_the_accounts_person(client, organizer):
    sam = PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email=KNOWN))
    event = EventFactory(organizer=organizer)
    client.force_login(organizer)
    preview = client.post(
        reverse("desk:import_teams", args=[event.pk]), {"file": SimpleUploadedFile("teams.csv", _file(KNOWN).encode())}
    )
    done = client.post(
        reverse("desk:import_teams", args=[event.pk]),
        {"confirm": "1", "payload": preview.context["payload"], "file_name": "teams.csv"},
    )
    assert done.status_code == 302
    assert list(SeatInvitation.objects.values_list("user", flat=True)) == [sam.user_id]


def test_an_address_given_twice_is_refused_alike_with_or_without_an_account(client, organizer):
    PlayerFactory(name="Sam Account", user=UserFactory(username="samacc", email=KNOWN))
    event = EventFactory(organizer=organizer)
    client.force_login(organizer)
    answers = []
    for address in (KNOWN, UNKNOWN):
        text = f"team,seat,player,email\nAnts,A,Sam One,{address}\nAnts,B,Sam Two,{address}\nAnts,C,Cy Cole,\n"
        response = client.post(
            reverse("desk:import_teams", args=[event.pk]), {"file": SimpleUploadedFile("teams.csv", text.encode())}
        )
        answers.append((response.status_code, response.context["preview"].row_errors))
    assert answers[0] == answers[1] and answers[0][0] == 400
