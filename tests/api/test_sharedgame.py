"""The live life and poison totals of a shared-game match in the API."""

import pytest
from django.urls import reverse

from sharedgame.services import life_change_apply
from tests.factories import SharedGameEventFactory, SharedMatchFactory, TeamMatchFactory

pytestmark = pytest.mark.django_db


def _url(match):
    return reverse("api:match-life", kwargs={"event_id": match.round.event_id, "match_id": match.pk})


def test_match_life_shows_totals_and_changes_etag_after_a_tap(client):
    match = SharedMatchFactory()
    first = client.get(_url(match))
    assert first.status_code == 200
    game = first.json()["games"][0]
    assert (game["a"]["life"], game["b"]["poison"], first.json()["poison_limit"]) == (30, 0, 15)
    assert client.get(_url(match), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    user = match.team_a.seats.get(letter="A").player.user
    life_change_apply(match=match, user=user, game=1, team="B", life=-7)
    second = client.get(_url(match), HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    assert second.json()["games"][0]["b"]["life"] == 23


def test_match_life_three_headed_serpent_preset_for_teams_of_three(client):
    event = SharedGameEventFactory(structure="3hs", team_size=3, format_kind="team_constructed")
    match = SharedMatchFactory(round__event=event)
    data = client.get(_url(match)).json()
    assert (data["starting_life"], data["poison_limit"]) == (60, 30)


def test_match_life_of_a_seat_against_seat_event_is_a_clear_404(client):
    match = TeamMatchFactory()
    response = client.get(_url(match))
    assert response.status_code == 404
    assert "no shared life totals" in response.json()["message"]


def test_match_life_of_a_private_event_must_not_leak(client):
    match = SharedMatchFactory(round__event=SharedGameEventFactory(is_public=False))
    response = client.get(_url(match))
    assert response.status_code == 404
    assert match.team_a.team.name not in response.content.decode()
