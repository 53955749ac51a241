"""Issue 19's API defects: deep or huge bodies (4), unknown paths under POST (6), spoofed X-Forwarded-For (2)."""

import json

import pytest
from django.test import Client, override_settings
from rest_framework.settings import api_settings

from api.parsers import json_depth
from tests.api.test_results import SEATS, _player, _result_url, _token_header, pending  # noqa: F401  (fixture)
from tests.factories import ApiTokenFactory

pytestmark = pytest.mark.django_db


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("action", ["result", "confirm", "dispute"])
def test_json_nested_a_thousand_deep_is_400_not_500(pending, action):  # noqa: F811
    event, match, registrations = pending
    if action != "result":  # confirming and disputing need a report of the other team
        reporter = Client()
        reporter.force_login(_player(registrations[0]))
        assert reporter.post(_result_url(event, match), SEATS, content_type="application/json").status_code == 200
    client = Client()
    client.force_login(_player(registrations[1]))
    body = '{"note": ' + _nested(1000) + "}"
    response = client.post(_result_url(event, match, action), body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert "levels deep" in response.json()["message"]


def test_json_nested_deeper_than_the_limit_is_400_with_a_token(api, pending):  # noqa: F811
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    body = json.dumps({"seats": [{"letter": "A", "wins_a": 2, "wins_b": 0, "x": json.loads(_nested(40))}]})
    response = api.post(_result_url(event, match), body, content_type="application/json", **_token_header(token))
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


@override_settings(HYDRA_API_MAX_BODY=1000)
def test_json_body_bigger_than_the_limit_is_400(api, pending):  # noqa: F811
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    body = json.dumps({"seats": [], "padding": "x" * 2000})
    response = api.post(_result_url(event, match), body, content_type="application/json", **_token_header(token))
    assert response.status_code == 400
    assert "larger than 1000 bytes" in response.json()["message"]


def test_ordinary_result_still_parses(api, pending):  # noqa: F811
    event, match, _ = pending
    token = ApiTokenFactory(event=event)
    seats = {
        "seats": [
            {"letter": "A", "wins_a": 2, "wins_b": 0},
            {"letter": "B", "wins_a": 0, "wins_b": 2},
            {"letter": "C", "wins_a": 2, "wins_b": 1},
        ]
    }
    response = api.post(_result_url(event, match), seats, format="json", **_token_header(token))
    assert response.status_code == 200, response.content


def test_json_depth_counts_without_recursion():
    assert json_depth(3) == 0
    assert json_depth({"a": [1, {"b": []}]}) == 4
    assert json_depth(json.loads(_nested(900))) == 900


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_writing_to_an_unknown_api_path_is_the_json_404_not_a_csrf_403(method):
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)("/api/v1/no-such-thing/", "{}", content_type="application/json")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


def test_csrf_failure_on_an_api_path_answers_json():
    from django.test import RequestFactory

    from api.exceptions import csrf_failure_view

    response = csrf_failure_view(RequestFactory().post("/api/v1/anything/"), reason="CSRF cookie not set.")
    assert response.status_code == 403 and json.loads(response.content)["code"] == "csrf_failed"
    page = csrf_failure_view(RequestFactory().post("/accounts/login/"), reason="CSRF cookie not set.")
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")


def _with_rate(rate: str):
    rates = dict(api_settings.DEFAULT_THROTTLE_RATES or {})
    rates["anon"] = rate
    return rates


def test_spoofed_x_forwarded_for_does_not_reset_the_anonymous_throttle(monkeypatch, api):
    monkeypatch.setattr(api_settings, "DEFAULT_THROTTLE_RATES", _with_rate("3/min"))
    codes = [
        api.get("/api/v1/events/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}", REMOTE_ADDR="192.0.2.7").status_code
        for n in range(5)
    ]
    assert codes == [200, 200, 200, 429, 429]
    # Another real address has its own count.
    assert api.get("/api/v1/events/", REMOTE_ADDR="192.0.2.8").status_code == 200


@override_settings(NUM_PROXIES=1)
def test_behind_one_proxy_the_address_the_proxy_saw_counts(monkeypatch, api):
    monkeypatch.setattr(api_settings, "DEFAULT_THROTTLE_RATES", _with_rate("2/min"))
    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1)
    # The client wrote "1.1.1.1" itself; the proxy appended the address it saw (203.0.113.5).
    spoofed = [api.get("/api/v1/events/", HTTP_X_FORWARDED_FOR=f"1.1.1.{n}, 203.0.113.5").status_code for n in range(3)]
    assert spoofed == [200, 200, 429]
    assert api.get("/api/v1/events/", HTTP_X_FORWARDED_FOR="203.0.113.6").status_code == 200


@pytest.mark.parametrize(
    "path,query",
    [
        ("matches", {"round": "x"}),
        ("matches", {"round": "0"}),
        ("standings", {"round": "-1"}),
        ("standings", {"team": "abc"}),
    ],
)
def test_a_bad_query_is_400_even_when_if_none_match_matches(api, path, query):
    # Defect 9 (issue 19): the 304 came before the query's validation ("*" matches every ETag).
    from tests.api.conftest import build_event

    event, _, _ = build_event(teams=2, rounds=1)
    url = f"/api/v1/events/{event.pk}/{path}/"
    response = api.get(url, query, HTTP_IF_NONE_MATCH="*")
    assert response.status_code == 400, response.status_code
    assert response.json()["errors"]


@pytest.mark.parametrize("page_size", ["", "null", "0", "-3", "2.5", "abc", "１"])
def test_a_page_size_that_is_not_a_positive_whole_number_is_400(api, page_size):
    from tests.api.conftest import build_event

    event, _, _ = build_event(teams=2, rounds=1)
    response = api.get(f"/api/v1/events/{event.pk}/matches/", {"page_size": page_size})
    assert response.status_code == 400
    assert "page_size" in response.json()["errors"]


def test_the_schema_says_page_size_and_page_start_at_one(api):
    schema = api.get("/api/v1/schema/?format=json").json()
    params = {
        p["name"]: p["schema"] for p in schema["paths"]["/api/v1/events/{event_id}/matches/"]["get"]["parameters"]
    }
    assert params["page_size"]["minimum"] == 1 and params["page"]["minimum"] == 1
