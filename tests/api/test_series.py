"""The series' API (api/views/series.py; docs/series.md): list, one series, its standings, create with a token."""

import pytest

from series.models import Series, SeriesEvent, SeriesResult
from tests.factories import ApiTokenFactory, EventFactory, OrganizerTokenFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def auth(token) -> dict:
    return {"HTTP_AUTHORIZATION": f"Token {token.raw}"}


@pytest.fixture
def season():
    owner = UserFactory()
    series = Series.objects.create(name="Friday League", owner=owner, points_table=[10, 8], best_of=1, qualify_top=1)
    winner, runner_up = PlayerFactory(name="Winner"), PlayerFactory(name="Runner-up")
    for week in range(2):
        link = SeriesEvent.objects.create(series=series, event=EventFactory(organizer=owner, name=f"Week {week}"))
        SeriesResult.objects.create(series_event=link, player=winner, place=1, match_points=9)
        SeriesResult.objects.create(series_event=link, player=runner_up, place=2, match_points=6)
    return series


def test_the_list_shows_public_series_only(api, season):
    Series.objects.create(name="Hidden", owner=season.owner, is_public=False)
    response = api.get("/api/v1/series/")
    assert response.status_code == 200
    assert [row["name"] for row in response.json()["results"]] == ["Friday League"]


def test_one_series_with_its_events(api, season):
    body = api.get(f"/api/v1/series/{season.pk}/").json()
    assert (body["name"], body["best_of"], [e["name"] for e in body["events"]]) == (
        "Friday League",
        1,
        ["Week 0", "Week 1"],
    )


def test_standings_count_the_best_event_and_mark_who_qualifies(api, season):
    body = api.get(f"/api/v1/series/{season.pk}/standings/").json()
    rows = [
        (r["rank"], r["name"], r["total"], r["qualified"], [e["counted"] for e in r["events"]]) for r in body["rows"]
    ]
    assert rows == [(1, "Winner", 10, True, [True, False]), (2, "Runner-up", 8, False, [True, False])]


def test_a_private_series_answers_404(api, season):
    season.is_public = False
    season.save()
    assert api.get(f"/api/v1/series/{season.pk}/").status_code == 404
    assert api.get(f"/api/v1/series/{season.pk}/standings/").status_code == 404


def test_an_organizer_token_creates_a_series(api):
    token = OrganizerTokenFactory()
    response = api.post(
        "/api/v1/series/",
        {"name": "Store Championship path", "kind": "qualification", "points_table": [5, 3, 1], "qualify_points": 8},
        format="json",
        **auth(token),
    )
    assert response.status_code == 201, response.json()
    assert Series.objects.get(pk=response.json()["id"]).owner == token.user


def test_creating_needs_an_organizer(api):
    event_token = ApiTokenFactory()
    response = api.post("/api/v1/series/", {"name": "Mine"}, format="json", **auth(event_token))
    assert response.status_code == 403
    assert api.post("/api/v1/series/", {"name": "Mine"}, format="json").status_code in (401, 403)
    assert not Series.objects.exists()


def test_bad_settings_answer_400_with_the_field(api):
    response = api.post(
        "/api/v1/series/",
        {"name": "Both", "qualify_top": 4, "qualify_points": 20},
        format="json",
        **auth(OrganizerTokenFactory()),
    )
    assert response.status_code == 400
    assert "qualify_points" in str(response.json())


def test_the_payouts_give_the_prizes_by_the_standings_and_hide_a_private_series(api, season):
    from series.models import SeriesPrize

    SeriesPrize.objects.create(
        series=season, position=0, place_from=1, item="Store credit", amount="25.00", divisible=True
    )
    SeriesPrize.objects.create(series=season, position=1, kind="record", min_match_points=8, item="Promo", amount=1)
    body = api.get(f"/api/v1/series/{season.pk}/payouts/").json()
    assert body["prize_ties"] == "tiebreakers" and [p["item"] for p in body["prizes"]] == ["Store credit", "Promo"]
    assert [(p["place"], p["name"], p["points"], p["item"], p["amount"]) for p in body["payouts"]] == [
        (1, "Winner", 10, "Store credit", "25.00"),
        (1, "Winner", 10, "Promo", "1.00"),
        (2, "Runner-up", 8, "Promo", "1.00"),
    ]
    season.is_public = False
    season.save()
    assert api.get(f"/api/v1/series/{season.pk}/payouts/").status_code == 404
