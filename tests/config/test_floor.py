"""Polled public answers at the floor (issue 30, config/floor.py): an anonymous GET of a stored public answer is
answered before the session, authentication, locale and view machinery, and never serves what isn't public."""

import re

import pytest
from django.core.cache import cache
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.urls import reverse

from config.floor import floor_forget
from tests.api.conftest import build_event
from tests.portal.scene import login_client
from tournaments.enums import ResultState
from tournaments.models import Event, TeamMatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _without_csrf(response) -> str:
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", response.content.decode())


def _pairings(event) -> str:
    return reverse("portal:pairings", args=[event.pk])


def _event(**fields) -> Event:
    event, _registrations, _rounds = build_event(teams=6, rounds=2, is_public=True, **fields)
    return event


def test_a_polled_page_is_answered_at_the_floor_with_the_visitors_own_csrf_token(django_assert_max_num_queries):
    event = _event()
    visitor = Client(enforce_csrf_checks=True)
    first = visitor.get(_pairings(event))
    assert first.status_code == 200 and "X-Hydra-Floor" not in first
    with django_assert_max_num_queries(1):  # the event's version, status and visibility; no session, no view
        again = visitor.get(_pairings(event))
    assert again["X-Hydra-Floor"] == "hit" and again["ETag"] == first["ETag"]
    assert again["Content-Language"] == "en" and "Accept-Language" in again["Vary"]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', again.content.decode()).group(1)
    assert _unmask_cipher_token(token) == visitor.cookies["csrftoken"].value
    assert visitor.post(reverse("set_language"), {"language": "de", "csrfmiddlewaretoken": token}).status_code == 302


def test_an_unchanged_answer_is_a_304_at_the_floor(django_assert_max_num_queries):
    event = _event()
    first = Client().get(_pairings(event))
    with django_assert_max_num_queries(1):
        response = Client().get(_pairings(event), headers={"If-None-Match": first["ETag"]})
    assert response.status_code == 304 and response["X-Hydra-Floor"] == "304" and response["ETag"] == first["ETag"]
    assert response.content == b""


def test_a_visitor_without_a_csrf_cookie_goes_on_to_the_view():
    event = _event()
    Client().get(_pairings(event))
    response = Client().get(_pairings(event))
    assert "X-Hydra-Floor" not in response and response.cookies["csrftoken"].value


def test_a_changed_event_is_answered_by_the_view_and_stored_again():
    event = _event()
    visitor = Client()
    first = visitor.get(_pairings(event))
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    changed = visitor.get(_pairings(event), headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and "X-Hydra-Floor" not in changed and changed["ETag"] != first["ETag"]
    assert visitor.get(_pairings(event))["X-Hydra-Floor"] == "hit"


def test_an_event_made_private_is_never_answered_from_the_floor():
    event = _event()
    visitor = Client()
    first = visitor.get(_pairings(event))
    Event.objects.filter(pk=event.pk).update(is_public=False)
    assert visitor.get(_pairings(event)).status_code == 404
    assert visitor.get(_pairings(event), headers={"If-None-Match": first["ETag"]}).status_code == 404


def test_each_language_has_its_own_answer():
    event = _event()
    english, german = Client(), Client(headers={"Accept-Language": "de"})
    english.get(_pairings(event))
    english.get(_pairings(event))
    first_german = german.get(_pairings(event))
    assert "X-Hydra-Floor" not in first_german and first_german["Content-Language"] == "de"
    again = german.get(_pairings(event))
    assert again["X-Hydra-Floor"] == "hit" and 'lang="de"' in again.content.decode()
    assert 'lang="en"' in english.get(_pairings(event)).content.decode()


def test_signed_in_visitors_and_tokens_never_meet_the_floor(client):
    event = _event()
    anonymous = Client()
    anonymous.get(_pairings(event))
    assert anonymous.get(_pairings(event))["X-Hydra-Floor"] == "hit"
    player = event.registrations.first().seats.first().player.user
    mine = login_client(client, player).get(_pairings(event))
    assert "X-Hydra-Floor" not in mine and "private" in mine["Cache-Control"]
    # A signed-in visitor's page (their team marked) is never stored for the next anonymous one.
    after = anonymous.get(_pairings(event))
    assert after["X-Hydra-Floor"] == "hit" and _without_csrf(after) == _without_csrf(anonymous.get(_pairings(event)))
    assert _without_csrf(after) != _without_csrf(mine)
    api = f"/api/v1/events/{event.pk}/standings/"
    Client().get(api)
    assert Client().get(api)["X-Hydra-Floor"] == "hit"
    with_token = Client().get(api, headers={"Authorization": "Token hydra_nope_nope"})
    assert with_token.status_code == 401 and "X-Hydra-Floor" not in with_token


def test_an_unconfirmed_result_never_reaches_the_floor():
    event, _registrations, _rounds = build_event(teams=4, rounds=1, is_public=True, state=ResultState.REPORTED)
    api = f"/api/v1/events/{event.pk}/matches/"
    Client().get(f"/api/v1/events/{event.pk}/standings/")
    shown = Client().get(f"/api/v1/events/{event.pk}/standings/").json()["results"]
    assert {row["match_points"] for row in shown} == {0}
    assert all(m["result_state"] == "pending" for m in Client().get(api).json()["results"])
    assert TeamMatch.objects.filter(result_state=ResultState.REPORTED).count() == 2


def test_the_floor_without_its_cache_answers_through_the_stack(monkeypatch):
    event = _event()
    visitor = Client()
    first = visitor.get(_pairings(event))
    real_get = cache.get

    def down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    def floor_down(key, *args, **kwargs):
        if key.startswith("floor:"):
            raise ConnectionError("Redis is down")
        return real_get(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "get", floor_down)
    monkeypatch.setattr(cache, "set_many", down)
    response = visitor.get(_pairings(event))
    assert response.status_code == 200 and "X-Hydra-Floor" not in response
    unchanged = visitor.get(_pairings(event), headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and "X-Hydra-Floor" not in unchanged


def test_the_api_scoreboard_is_answered_at_the_floor(django_assert_max_num_queries):
    event = _event()
    url = f"/api/v1/events/{event.pk}/standings/"
    first = Client().get(url)
    with django_assert_max_num_queries(1):
        again = Client().get(url)
    assert again["X-Hydra-Floor"] == "hit" and again.json() == first.json()
    assert again["Content-Type"] == "application/json"
    with django_assert_max_num_queries(1):
        unchanged = Client().get(url, headers={"If-None-Match": first["ETag"]})
    assert unchanged.status_code == 304 and unchanged["X-Hydra-Floor"] == "304"


def test_within_the_check_interval_a_poll_costs_no_query(settings, django_assert_num_queries):
    settings.HYDRA_FLOOR_CHECK_SECONDS = 60
    event = _event()
    first = Client().get(_pairings(event))
    Client().get(_pairings(event), headers={"If-None-Match": first["ETag"]})  # reads and remembers the check
    with django_assert_num_queries(0):
        again = Client().get(_pairings(event), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again["X-Hydra-Floor"] == "304"
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    floor_forget()  # what the interval's end does
    assert Client().get(_pairings(event), headers={"If-None-Match": first["ETag"]}).status_code == 200
