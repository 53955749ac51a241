"""Malformed requests are 4xx with a JSON message a person can act on, never a 500."""

import pytest
from rest_framework.settings import api_settings

from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory

pytestmark = pytest.mark.django_db


def test_unknown_path_is_json_404(api):
    response = api.get("/api/v1/nothing-here")
    assert response.status_code == 404
    assert (
        response.json()["message"]
        == "There is no API endpoint at /api/v1/nothing-here. The endpoints are listed at /api/v1/docs/."
    )


def test_missing_trailing_slash_is_pointed_out(api):
    response = api.get("/api/v1/events")
    assert response.status_code == 404
    assert "/api/v1/events/" in response.json()["message"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/events/999999999999999999/",
        "/api/v1/events/999999999999999999/matches/999999999999999999/",
        "/api/v1/events/9999999999999999999999/standings/",
    ],
)
def test_huge_ids_are_404(api, url):
    assert api.get(url).status_code == 404


@pytest.mark.parametrize(
    "query", [{"round": "x"}, {"round": "2.5"}, {"team": "10" * 20}, {"round": "0"}, {"round_kind": "final"}]
)
def test_bad_filters_are_400(api, query):
    event, _, _ = build_event(teams=2, rounds=1)
    response = api.get(f"/api/v1/events/{event.pk}/matches/", query)
    assert response.status_code == 400
    assert response.json()["errors"]


@pytest.mark.parametrize("query", [{"round": "-1"}, {"team": "abc"}])
def test_bad_standings_query_is_400(api, query):
    event, _, _ = build_event(teams=2, rounds=1)
    response = api.get(f"/api/v1/events/{event.pk}/standings/", query)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_page_past_the_end_is_404_with_advice(api):
    event, _, _ = build_event(teams=2, rounds=1)
    response = api.get(f"/api/v1/events/{event.pk}/matches/", {"page": 7})
    assert response.status_code == 404
    assert response.json()["message"].startswith("There is no page 7")


def test_page_size_is_capped(api, monkeypatch):
    from api.pagination import CappedPagination

    # The cap is 500; lowered to 1 here so that a two-team event can show a page cut at the cap.
    monkeypatch.setattr(CappedPagination, "max_page_size", 1)
    event, _, _ = build_event(teams=2, rounds=1)
    response = api.get(f"/api/v1/events/{event.pk}/standings/", {"page_size": 100000})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 2
    assert len(body["results"]) == 1
    assert body["next"] is not None


def test_page_size_cap_is_500():
    from api.pagination import CappedPagination

    assert CappedPagination.max_page_size == 500


@pytest.mark.parametrize(
    "body, content_type",
    [
        ("{not json", "application/json"),
        ("[]", "application/json"),
        ('{"seats": "ABC"}', "application/json"),
        ('{"seats": [{"letter": "Z", "wins_a": 9, "wins_b": -1}]}', "application/json"),
        ("seats=1", "application/x-www-form-urlencoded"),
    ],
)
def test_malformed_result_bodies_are_4xx_with_a_message(api, body, content_type):
    event, _, _ = build_event(teams=2, rounds=1)
    match = event.rounds.get().matches.get()
    token = ApiTokenFactory(event=event)
    response = api.generic(
        "POST",
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        body,
        content_type=content_type,
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    assert 400 <= response.status_code < 500
    assert response.json()["message"]


def test_wrong_method_is_405_json(api):
    event, _, _ = build_event(teams=2, rounds=1)
    response = api.delete(f"/api/v1/events/{event.pk}/standings/")
    assert response.status_code == 405
    assert response.json()["message"] == 'Method "DELETE" not allowed.'


def test_anonymous_clients_are_throttled(api, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "3/min"}}
    assert api_settings.DEFAULT_THROTTLE_RATES == {"anon": "3/min"}
    codes = [api.get("/api/v1/events/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = api.get("/api/v1/events/")
    assert response.json()["code"] == "throttled" and int(response["Retry-After"]) > 0


@pytest.mark.parametrize("with_token", [True, False])
def test_a_multipart_body_that_isnt_one_is_a_json_400_that_says_so(api, with_token):
    event, registrations, _ = build_event(teams=2, rounds=1)
    match = event.rounds.get().matches.get()
    token = ApiTokenFactory(event=event)
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"} if with_token else {}
    for path in (
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        f"/api/v1/events/{event.pk}/teams/{registrations[0].pk}/drop",
    ):
        # No boundary: no multipart body can be read (Django's parser refuses it before any view).
        response = api.generic(
            "POST", path, b"garbage, not a multipart body", content_type="multipart/form-data", **auth
        )
        assert response.status_code == 400 and response["Content-Type"] == "application/json", response.content[:200]
        assert "multipart/form-data" in response.json()["message"]
        # A boundary that never comes: read as an empty form, answered by the endpoint (JSON, never a 5xx).
        response = api.generic("POST", path, b"garbage", content_type="multipart/form-data; boundary=xyz", **auth)
        assert response.status_code < 500 and response["Content-Type"] == "application/json", response.content[:200]


def test_an_error_django_answers_itself_under_the_api_is_json_too(api, settings):
    """A form body over Django's own size limit is refused by Django before any view (an HTML 400 page on its
    own): under /api/ it is the API's JSON error, like every other."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    event, _, _ = build_event(teams=2, rounds=1)
    match = event.rounds.get().matches.get()
    response = api.generic(
        "POST",
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        "seats=" + "x" * 500,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["status"] == 400 and response.json()["message"]


def test_pages_outside_the_api_keep_their_html_errors(client):
    response = client.post("/", b"garbage", content_type="multipart/form-data; boundary=xyz")
    assert response.status_code in (400, 405) and "json" not in response["Content-Type"]
