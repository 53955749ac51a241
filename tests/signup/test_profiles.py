"""A player's profile (signup/profiles.py) and the player_link filter every page names players with."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, TeamFactory, UserFactory
from tests.portal.scene import make_scene
from tournaments.enums import EventStatus
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db


def _registered(player, *, event, team_name):
    registration = RegistrationFactory(
        event=event, team=TeamFactory(name=team_name), seats=[player, PlayerFactory(), PlayerFactory()]
    )
    return registration.seats.get(player=player)


def test_profile_lists_teams_and_events(client):
    player = PlayerFactory(name="Pia")
    _registered(player, event=EventFactory(name="Spring Open"), team_name="Owls")
    _registered(player, event=EventFactory(name="Summer Open"), team_name="Larks")
    text = client.get(reverse("signup:player", args=[player.pk])).text
    assert "<h1>Pia</h1>" in text
    assert "Spring Open" in text and "Summer Open" in text and "Larks, Owls" in text


def test_profile_leaves_out_private_events_for_strangers(client):
    player = PlayerFactory()
    _registered(player, event=EventFactory(name="Secret Cup", is_public=False), team_name="Hidden")
    assert "Secret Cup" not in client.get(reverse("signup:player", args=[player.pk])).text
    client.force_login(player.user)
    assert "Secret Cup" in client.get(reverse("signup:player", args=[player.pk])).text


def test_profile_shows_a_decklist_only_once_its_event_is_finished(client):
    player = PlayerFactory()
    running = _registered(player, event=EventFactory(status=EventStatus.RUNNING), team_name="Now")
    finished = _registered(player, event=EventFactory(status=EventStatus.FINISHED), team_name="Then")
    Decklist.objects.create(seat=running, text="4 Secret Tech", main={"Secret Tech": 4})
    Decklist.objects.create(seat=finished, text="4 Old Tech", main={"Old Tech": 4})
    client.force_login(UserFactory())
    text = client.get(reverse("signup:player", args=[player.pk])).text
    assert "Old Tech" in text
    assert "Secret Tech" not in text


def test_unknown_player_is_404(client):
    assert client.get(reverse("signup:player", args=[999999])).status_code == 404


def test_pairings_and_registered_teams_link_every_player_to_their_profile(client):
    scene = make_scene()
    profile = reverse("signup:player", args=[scene.alice.player.pk])
    pairings = client.get(reverse("portal:pairings", args=[scene.event.pk])).text
    assert f'href="{profile}"' in pairings
    for seat in scene.teams[0].seats.all():
        assert reverse("signup:player", args=[seat.player.pk]) in pairings


def test_player_link_escapes_the_name(client):
    from signup.templatetags.players import player_link

    player = PlayerFactory(name="<b>Bold</b>")
    assert "&lt;b&gt;Bold&lt;/b&gt;" in player_link(player) and "<b>" not in player_link(player)
    assert player_link(None) == ""
