"""Joining at the door (issue 38, portal.views.join): the event's join code and QR lead a new player through one form to
a seat; a signed-in player joins with one tap; the event's capacity, waitlist and approval hold."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from signup.models import JoinCode, SignupStatus, TeamSignup
from signup.services import JOIN_CODE_ALPHABET, join_code_for
from tests.factories import PlayerFactory, RoundFactory
from tests.portal.scene import login_client
from tests.signup.helpers import open_event
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

NEW = {"name": "Nia Park", "email": "nia@example.org", "password": "correct horse battery"}


def _join_url(event) -> str:
    return reverse("portal:join", args=[join_code_for(event=event)])


def test_a_join_code_is_ten_unmistakable_characters_kept_per_event():
    first, second = open_event(team_size=1), open_event(team_size=1)
    code = join_code_for(event=first)
    assert len(code) == 10 and set(code) <= set(JOIN_CODE_ALPHABET) and not set(code) & set("01OIL")
    assert join_code_for(event=first) == code and join_code_for(event=second) != code
    assert JoinCode.objects.count() == 2


def test_a_new_player_joins_with_one_form_and_lands_on_my_events_with_check_in(client):
    event = open_event(team_size=1)
    url = _join_url(event)
    page = client.get(url).text
    form = page[page.index("<form") : page.index("</form>")]
    assert [f for f in re.findall(r'<input type="(\w+)" name="(\w+)"', form) if f[0] != "hidden"] == [
        ("text", "name"),
        ("email", "email"),
        ("password", "password"),
    ]
    response = client.post(url, NEW)
    assert response.status_code == 302 and response["Location"] == reverse("portal:home")
    user = get_user_model().objects.get(username="nia@example.org")
    assert user.player.name == "Nia Park" and user.check_password(NEW["password"])
    registration = Registration.objects.get(event=event)
    assert registration.seats.get().player == user.player
    home = client.get(response["Location"]).text
    assert "You are registered for" in home
    assert f'action="{reverse("desk:player_check_in", args=[event.pk])}"' in home


def test_a_signed_in_player_joins_with_one_tap(client):
    event = open_event(team_size=1)
    player = PlayerFactory()
    page = login_client(client, player.user).get(_join_url(event)).text
    assert 'id="join-button"' in page and 'name="email"' not in page
    assert client.post(_join_url(event))["Location"] == reverse("portal:home")
    assert Registration.objects.get(event=event).seats.get().player == player
    assert 'id="joined"' in client.get(_join_url(event)).text


@pytest.mark.parametrize(
    "fields, status",
    [
        ({"signup_capacity": 1}, SignupStatus.WAITLISTED),
        ({"signup_needs_approval": True}, SignupStatus.AWAITING_APPROVAL),
    ],
)
def test_the_events_capacity_and_approval_hold_at_the_door(client, fields, status):
    event = open_event(team_size=1, **fields)
    if "signup_capacity" in fields:
        login_client(client, PlayerFactory().user).post(_join_url(event))
        client.logout()
    client.post(_join_url(event), NEW)
    assert TeamSignup.objects.get(event=event, captain__name="Nia Park").status == status


def test_a_closed_sign_up_offers_no_form_and_creates_nothing(client):
    event = open_event(team_size=1, signup_open=False)
    page = client.get(_join_url(event)).text
    assert "closed" in page and 'name="email"' not in page
    client.post(_join_url(event), NEW)
    assert not get_user_model().objects.filter(username=NEW["email"]).exists()


@pytest.mark.parametrize(
    "change, field", [({"password": "123"}, "password"), ({"email": "not an address"}, "email"), ({"name": ""}, "name")]
)
def test_bad_input_is_said_at_its_field_and_nothing_is_written(client, change, field):
    event = open_event(team_size=1)
    response = client.post(_join_url(event), {**NEW, **change})
    assert response.status_code == 400 and f'id="id_{field}_error"' in response.text
    assert not get_user_model().objects.filter(username=NEW["email"]).exists()
    assert not Registration.objects.filter(event=event).exists()


def test_an_e_mail_with_an_account_is_told_to_sign_in(client):
    event = open_event(team_size=1)
    PlayerFactory(user=get_user_model().objects.create_user(username="nia", email=NEW["email"]))
    response = client.post(_join_url(event), NEW)
    assert response.status_code == 400 and "sign in" in response.text
    assert not Registration.objects.filter(event=event).exists()


def test_a_code_typed_by_hand_in_any_case_opens_its_join_page(client):
    event = open_event(team_size=1)
    code = join_code_for(event=event)
    response = client.get(reverse("portal:join_code"), {"code": f" {code[:3].lower()}-{code[3:]} "})
    assert response.status_code == 302 and response["Location"] == _join_url(event)
    wrong = client.get(reverse("portal:join_code"), {"code": "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"})
    assert wrong.status_code == 400 and "No event has this code" in wrong.text
    assert client.get(reverse("portal:join", args=["NOPE99"])).status_code == 404


def test_a_team_events_code_opens_its_sign_up_page(client):
    event = open_event(team_size=3)
    assert client.get(_join_url(event))["Location"] == reverse("signup:event", args=[event.pk])


def test_the_projector_and_the_desk_show_the_code_and_its_qr_before_round_one(client):
    event = open_event(team_size=1)
    code = join_code_for(event=event)
    screen = client.get(reverse("desk:screen", args=[event.pk])).text
    assert code in screen and "<svg" in screen
    desk = login_client(client, event.organizer).get(reverse("desk:desk", args=[event.pk])).text
    assert f'id="join-code">{code}<' in desk and reverse("portal:join", args=[code]) in desk
    RoundFactory(event=event, number=1)
    assert code not in client.get(reverse("desk:screen", args=[event.pk])).text
