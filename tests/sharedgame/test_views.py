"""The live page: players change totals from a phone; spectators watch public events; the state is plain data."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from sharedgame.models import GameState
from sharedgame.selectors import shared_game_state
from sharedgame.services import life_change_apply
from tests.factories import SharedGameEventFactory, SharedMatchFactory, TeamMatchFactory, UserFactory

pytestmark = pytest.mark.django_db


def player(match, side="A", letter="A"):
    registration = match.team_a if side == "A" else match.team_b
    return registration.seats.get(letter=letter).player.user


def test_match_page_player_sees_controls(client):
    match = SharedMatchFactory()
    client.force_login(player(match))
    html = client.get(reverse("sharedgame:match", args=[match.pk])).content.decode()
    assert 'data-total="life-a">30<' in html and "/ 15" in html
    assert reverse("sharedgame:change", args=[match.pk]) in html
    assert "<script>" not in html


def test_match_page_spectator_sees_totals_without_controls_or_history(client):
    match = SharedMatchFactory()
    life_change_apply(match=match, user=player(match), game=1, team="B", life=-7)
    html = client.get(reverse("sharedgame:match", args=[match.pk])).content.decode()
    assert 'data-total="life-b">23<' in html
    assert reverse("sharedgame:change", args=[match.pk]) not in html
    assert "live-history" not in html


def test_match_page_of_a_private_event_must_not_leak(client):
    event = SharedGameEventFactory(is_public=False)
    match = SharedMatchFactory(round__event=event)
    life_change_apply(match=match, user=player(match), game=1, team="B", life=-7)
    client.force_login(UserFactory())
    for name in ("match", "state"):
        response = client.get(reverse(f"sharedgame:{name}", args=[match.pk]))
        assert response.status_code == 404
        assert b"23" not in response.content
    assert client.post(reverse("sharedgame:change", args=[match.pk]), {"team": "A", "life": "-1"}).status_code == 404
    seat_match = TeamMatchFactory()
    assert client.get(reverse("sharedgame:match", args=[seat_match.pk])).status_code == 404


def test_match_change_spectator_of_a_public_event_cannot_change(client):
    match = SharedMatchFactory()
    client.force_login(UserFactory())
    response = client.post(reverse("sharedgame:change", args=[match.pk]), {"team": "A", "life": "-1", "game": "1"})
    assert response.status_code == 404
    assert not GameState.objects.filter(match=match).exists()


def test_match_change_htmx_returns_the_new_state(client):
    match = SharedMatchFactory()
    client.force_login(player(match, "B"))
    response = client.post(
        reverse("sharedgame:change", args=[match.pk]), {"team": "A", "life": "-30", "game": "1"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-total="life-a">0<' in html and 'data-winner="B"' in html
    assert reverse("sharedgame:report", args=[match.pk]) in html


def test_match_change_two_phones_with_the_same_page_both_count(client):
    match = SharedMatchFactory()
    for user in (player(match, "A", "A"), player(match, "A", "B")):
        client.force_login(user)
        client.post(reverse("sharedgame:change", args=[match.pk]), {"team": "B", "life": "-1", "game": "1"})
    assert GameState.objects.get(match=match).life_b == 28


def test_match_change_refusal_is_shown(client):
    match = SharedMatchFactory()
    client.force_login(player(match))
    response = client.post(
        reverse("sharedgame:change", args=[match.pk]),
        {"team": "A", "poison": "-1", "game": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert "can&#x27;t lose 1" in response.content.decode()


def test_match_undo_and_report_through_the_page(client):
    match = SharedMatchFactory()
    client.force_login(player(match))
    client.post(reverse("sharedgame:change", args=[match.pk]), {"team": "B", "life": "-5", "game": "1"})
    client.post(reverse("sharedgame:undo", args=[match.pk]), {"game": "1"})
    assert GameState.objects.get(match=match).life_b == 30
    client.post(reverse("sharedgame:change", args=[match.pk]), {"team": "B", "life": "-30", "game": "1"})
    client.post(reverse("sharedgame:report", args=[match.pk]))
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == ("reported", "A")


def test_match_state_unchanged_answers_204_and_polls_cheaply(client):
    match = SharedMatchFactory()
    etag = shared_game_state(match=match)["etag"]
    url = reverse("sharedgame:state", args=[match.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, {"since": etag})
    assert response.status_code == 204
    assert len(queries) <= 3
    life_change_apply(match=match, user=player(match), game=1, team="A", life=-1)
    response = client.get(url, {"since": etag})
    assert response.status_code == 200 and 'data-total="life-a">29<' in response.content.decode()


def test_shared_game_state_is_plain_json_ready_data():
    match = SharedMatchFactory()
    life_change_apply(match=match, user=player(match), game=1, team="B", life=-3, poison=2)
    state = shared_game_state(match=match)
    assert json.loads(json.dumps(state)) == state
    assert state["games"] == [
        {
            "number": 1,
            "a": {"life": 30, "poison": 0, "lost": False},
            "b": {"life": 27, "poison": 2, "lost": False},
            "starting_life": 30,
            "poison_limit": 15,
            "winner": None,
            "version": 1,
        }
    ]
    assert (state["current_game"], state["best_of"], state["result_state"]) == (1, 1, "pending")
    assert state["team_a"]["name"] == match.team_a.team.name
