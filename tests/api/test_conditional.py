"""ETag and 304 on the scoreboards: unchanged until a pairing or result changes, checked before the work."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory
from tournaments.enums import ResultState
from tournaments.models import SeatMatch

pytestmark = pytest.mark.django_db

SCOREBOARDS = ["matches/", "standings/", "rounds/", "bracket/"]


@pytest.mark.parametrize("tail", SCOREBOARDS)
def test_same_etag_gives_304_without_body(api, tail):
    event, _, _ = build_event(teams=4, rounds=2, top_cut=4)
    url = f"/api/v1/events/{event.pk}/{tail}"
    first = api.get(url)
    assert first.status_code == 200 and first["ETag"].startswith(f'"v{event.version}-')
    with CaptureQueriesContext(connection) as captured:
        again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    assert len(captured) == 1  # the event's row, nothing else


def test_etag_changes_when_a_result_changes(api):
    event, _, _ = build_event(teams=2, rounds=1, state=ResultState.PENDING)
    match = event.rounds.get().matches.get()
    SeatMatch.objects.filter(team_match=match).delete()
    url = f"/api/v1/events/{event.pk}/standings/"
    before = api.get(url)
    token = ApiTokenFactory(event=event)
    seats = [{"letter": x, "wins_a": 2, "wins_b": 0} for x in "ABC"]
    api.post(
        f"/api/v1/events/{event.pk}/matches/{match.pk}/result",
        {"seats": seats},
        format="json",
        HTTP_AUTHORIZATION=f"Token {token.raw}",
    )
    api.credentials()
    after = api.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.json()["results"][0]["match_points"] == 3


def test_etag_differs_by_query_string(api):
    event, _, _ = build_event(teams=4, rounds=2)
    url = f"/api/v1/events/{event.pk}/matches/"
    one, two = api.get(url, {"round": 1}), api.get(url, {"round": 2})
    assert one["ETag"] != two["ETag"]
    assert api.get(url, {"round": 2}, HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 200


def test_weak_and_listed_etags_match(api):
    event, _, _ = build_event(teams=2, rounds=1)
    url = f"/api/v1/events/{event.pk}/matches/"
    etag = api.get(url)["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=f'"other", W/{etag}').status_code == 304


def test_hidden_event_is_404_even_with_a_matching_etag(api):
    event, _, _ = build_event(teams=2, rounds=1)
    url = f"/api/v1/events/{event.pk}/matches/"
    etag = api.get(url)["ETag"]
    event.is_public = False
    event.save()
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 404


def test_scoreboards_must_be_revalidated(api):
    event, _, _ = build_event(teams=2, rounds=1)
    assert api.get(f"/api/v1/events/{event.pk}/standings/")["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("tail", ["matches/", "standings/", "rounds/"])
@pytest.mark.parametrize(
    "query, answer", [("page_size=abc", 400), ("page_size=0", 400), ("page=abc", 404), ("page=0", 404)]
)
def test_a_conditional_answer_checks_the_query_first(api, tail, query, answer):
    """`If-None-Match: *` (or a stale ETag naming this query) must not turn a malformed query into a 304."""
    event, _, _ = build_event(teams=4, rounds=2)
    url = f"/api/v1/events/{event.pk}/{tail}?{query}"
    plain = api.get(url)
    assert plain.status_code == answer
    starred = api.get(url, HTTP_IF_NONE_MATCH="*")
    assert starred.status_code == answer and starred.json()["message"] == plain.json()["message"]
