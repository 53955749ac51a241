"""GET /api/v1/ratings/ and /api/v1/players/{id}/: shapes, ordering, filters, errors, and nothing private leaks."""

import datetime as dt

import pytest

from ratings.services import ratings_recalculate
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, B, played_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    p = [PlayerFactory(name=f"Player {i}") for i in range(8)]
    first, _ = played_event(
        teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]], region="North", date=dt.date(2026, 1, 5), name="North Open"
    )
    played_event(
        teams=[p[4:6], p[6:8]],
        results=[[(0, 1, A)]],
        region="South",
        date=dt.date(2026, 1, 6),
        rating_importance="competitive",
    )
    secret, _ = played_event(
        teams=[p[0:2], p[2:4]],
        results=[[(0, 1, B)]],
        date=dt.date(2026, 2, 5),
        name="Secret Invitational",
        is_public=False,
    )
    ratings_recalculate()
    return p, first, secret


def test_ratings_list_best_first_with_ranks_and_figures(api, rated):
    p, _, _ = rated
    body = api.get("/api/v1/ratings/", {"category": "constructed-2"}).json()
    assert body["count"] == 8
    top = body["results"][0]
    assert (top["rank"], top["player"], top["rating"], top["matches"], top["wins"]) == (
        1,
        {"id": p[4].pk, "name": "Player 4"},
        1616.0,
        1,
        1,
    )
    assert [row["rank"] for row in body["results"]] == list(range(1, 9))
    ratings = [row["rating"] for row in body["results"]]
    assert ratings == sorted(ratings, reverse=True)


def test_ratings_list_pages_continue_the_ranks(api, rated):
    body = api.get("/api/v1/ratings/", {"category": "constructed-2", "page": 2, "page_size": 3}).json()
    assert [row["rank"] for row in body["results"]] == [4, 5, 6]


def test_ratings_list_filters_by_region(api, rated):
    p, _, _ = rated
    body = api.get("/api/v1/ratings/", {"category": "constructed-2", "region": "north"}).json()
    assert sorted(row["player"]["id"] for row in body["results"]) == [x.pk for x in p[0:4]]


def test_ratings_list_category_without_ratings_is_empty(api, rated):
    assert api.get("/api/v1/ratings/", {"category": "limited-3"}).json()["count"] == 0


@pytest.mark.parametrize("params", [{}, {"category": "vintage"}, {"category": "constructed-2", "model": "glicko"}])
def test_ratings_list_bad_query_is_a_400_with_a_message(api, rated, params):
    response = api.get("/api/v1/ratings/", params)
    assert response.status_code == 400
    body = response.json()
    assert body["status"] == 400 and body["message"]
    if params.get("category") == "vintage":
        assert body["message"] == (
            'category: There is no rating category "vintage". Categories are constructed-N and '
            "limited-N (teams of N, 2 to 8, or 1 for individual events), 2hg, and 3hs-N."
        )


def test_player_detail_has_ratings_and_history(api, rated):
    p, first, _ = rated
    body = api.get(f"/api/v1/players/{p[0].pk}/").json()
    assert (body["id"], body["name"]) == (p[0].pk, "Player 0")
    [rating] = body["ratings"]
    assert rating["category"] == "constructed-2" and rating["label"] == "Team constructed, teams of 2"
    assert [h["date"] for h in rating["history"]] == ["2026-01-05", "2026-02-05"]
    assert rating["history"][0] == {
        "event": first.pk,
        "event_name": "North Open",
        "date": "2026-01-05",
        "rating_before": 1600.0,
        "rating_after": 1608.0,
        "change": 8.0,
        "matches": 1,
        "wins": 1,
        "losses": 0,
        "draws": 0,
    }
    assert rating["rating"] == rating["history"][-1]["rating_after"]


def test_player_detail_names_no_private_event(api, rated):
    p, _, secret = rated
    response = api.get(f"/api/v1/players/{p[0].pk}/")
    assert "Secret Invitational" not in response.content.decode()
    last = response.json()["ratings"][0]["history"][-1]
    assert (last["event"], last["event_name"]) == (None, None)


def test_player_detail_unknown_player_is_a_json_404(api):
    response = api.get("/api/v1/players/999999/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_ratings_list_queries_are_bounded(api, rated, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        api.get("/api/v1/ratings/", {"category": "constructed-2", "region": "North"})
