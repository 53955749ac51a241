"""A player's Wizards Account e-mail and legacy DCI number (issue 53): set by the player on their profile (checked:
the address, the DCI number's check digit), seen by the player and, once shared, by the organizers of events they
play; never by a stranger, another organizer, the public profile or the public API; in the sanctioning roster."""

import csv
import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from common.refusals import NotFound
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, TeamFactory, UserFactory
from tournaments.models import Registration, Seat, WizardsAccount
from tournaments.rights import may_see_wizards_account
from tournaments.services.wizards import wizards_account_set

pytestmark = pytest.mark.django_db

EMAIL, DCI = "ada.wizards@example.net", "1076753660"


@pytest.fixture
def organizer():
    return OrganizerFactory(username="olivia", is_superuser=False, is_staff=False)


@pytest.fixture
def player():
    return PlayerFactory(name="Ada Lovelace", user=UserFactory(username="ada", email="ada@hydra.example"))


def _seat(event, player):
    registration = Registration.objects.create(event=event, team=TeamFactory(name=player.name))
    Seat.objects.create(registration=registration, event=event, letter="A", player=player)


def _set(player, *, shared=True, email=EMAIL, dci=DCI):
    return wizards_account_set(player=player, user=player.user, email=email, dci_number=dci, shared=shared)


def test_the_player_sets_both_and_the_dci_number_is_kept_as_digits(player):
    account = wizards_account_set(player=player, user=player.user, email=EMAIL, dci_number="1076 753-660", shared=True)
    assert (account.email, account.dci_number, account.shared) == (EMAIL, DCI, True)
    cleared = wizards_account_set(player=player, user=player.user, email="", dci_number="", shared=False)
    assert (cleared.email, cleared.dci_number) == ("", "") and WizardsAccount.objects.count() == 1


def test_a_wrong_check_digit_and_a_bad_address_are_refused_by_field(player):
    with pytest.raises(ValidationError) as refused:
        wizards_account_set(player=player, user=player.user, email="ada@", dci_number="2076753660", shared=True)
    assert "check digit" in refused.value.message_dict["dci_number"][0]
    assert "not an e-mail address" in refused.value.message_dict["email"][0]
    assert not WizardsAccount.objects.exists()


def test_nobody_but_the_player_sets_them(player, organizer):
    with pytest.raises(NotFound):
        wizards_account_set(player=player, user=organizer, email=EMAIL, dci_number=DCI, shared=True)


def test_who_sees_them(player, organizer):
    event = EventFactory(organizer=organizer, team_size=1)
    _seat(event, player)
    other = OrganizerFactory(is_superuser=False, is_staff=False)
    EventFactory(organizer=other, team_size=1)
    _set(player, shared=False)
    assert may_see_wizards_account(player.user, player)
    assert not may_see_wizards_account(organizer, player)  # not shared yet
    _set(player, shared=True)
    assert may_see_wizards_account(organizer, player)  # runs an event the player plays
    assert not may_see_wizards_account(other, player)  # an organizer of events the player doesn't play
    assert not may_see_wizards_account(UserFactory(), player)


def test_the_profile_page_shows_them_to_the_player_and_their_organizer_only(client, player, organizer):
    event = EventFactory(organizer=organizer, team_size=1)
    _seat(event, player)
    _set(player, shared=True)
    url = reverse("signup:player", args=[player.pk])
    for viewer, sees in ((player.user, True), (organizer, True), (UserFactory(), False), (None, False)):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        page = client.get(url)
        assert page.status_code == 200
        assert (EMAIL in page.text, DCI in page.text) == (sees, sees)
    client.force_login(player.user)
    assert 'id="wizards-account-edit"' in client.get(url).text


def test_the_public_api_never_carries_them(player, organizer):
    event = EventFactory(organizer=organizer, team_size=1, is_public=True)
    _seat(event, player)
    _set(player, shared=True)
    api = APIClient()
    for path in (f"/api/v1/players/{player.pk}/", f"/api/v1/events/{event.pk}/teams/", f"/api/v1/events/{event.pk}/"):
        answer = api.get(path)
        assert answer.status_code == 200, path
        assert EMAIL not in answer.content.decode() and DCI not in answer.content.decode(), path


def test_the_player_changes_them_on_their_page(client, player):
    client.force_login(player.user)
    url = reverse("signup:wizards_account")
    assert client.get(url).status_code == 200
    bad = client.post(url, {"email": EMAIL, "dci_number": "1076753661"})
    assert bad.status_code == 400 and "check digit" in bad.text and not WizardsAccount.objects.exists()
    done = client.post(url, {"email": EMAIL, "dci_number": DCI, "shared": "on"})
    assert done.status_code == 302
    assert WizardsAccount.objects.filter(player=player, email=EMAIL, dci_number=DCI, shared=True).exists()


def test_the_sanctioning_roster_carries_them_where_shared(client, player, organizer):
    event = EventFactory(organizer=organizer, team_size=1)
    _seat(event, player)
    private = PlayerFactory(name="Bo Private")
    _seat(event, private)
    _set(player, shared=True)
    _set(private, shared=False, email="bo@wizards.example", dci="8102291717")
    client.force_login(organizer)
    answer = client.get(reverse("desk:exports", args=[event.pk]) + "?what=sanctioning&format=csv")
    assert answer.status_code == 200
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    by_player = {row["player"]: row for row in rows}
    assert (by_player["Ada Lovelace"]["wizards_email"], by_player["Ada Lovelace"]["dci_number"]) == (EMAIL, DCI)
    assert (by_player["Bo Private"]["wizards_email"], by_player["Bo Private"]["dci_number"]) == ("", "")


def test_an_account_without_a_player_looks_without_making_one_and_saves_with_one(client, organizer):
    from tournaments.models import Player

    client.force_login(organizer)
    url = reverse("signup:wizards_account")
    assert client.get(url).status_code == 200 and not Player.objects.filter(user=organizer).exists()
    assert client.post(url, {"email": "", "dci_number": "8102291717"}).status_code == 302
    assert WizardsAccount.objects.get(player__user=organizer).dci_number == "8102291717"
