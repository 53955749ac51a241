"""The rating pages: leaderboard per category with filters and pages, a player's history plot, the event page's
team ratings; bounded queries; no private event's name leaks."""

import datetime as dt

import pytest
from django.urls import reverse

from ratings.services import ratings_recalculate
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, B, played_event
from tournaments.enums import FormatKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    p = [PlayerFactory(name=f"Player {i}") for i in range(8)]
    north, _ = played_event(
        teams=[p[0:2], p[2:4]], results=[[(0, 1, A)]], region="North", location="Dragon's Den", date=dt.date(2026, 1, 5)
    )
    south, _ = played_event(
        teams=[p[4:6], p[6:8]], results=[[(0, 1, A)]], region="South", location="Card Castle", date=dt.date(2026, 1, 6)
    )
    later, _ = played_event(
        teams=[p[0:2], p[2:4]],
        results=[[(0, 1, B)]],
        region="North",
        location="Dragon's Den",
        date=dt.date(2026, 2, 5),
        name="Winter Cup",
    )
    ratings_recalculate()
    return p, north, south, later


def _names(response):
    return [row.player.name for row in response.context["page"].object_list]


def test_index_redirects_to_the_first_category(client, rated):
    response = client.get(reverse("ratings:index"))
    assert response.status_code == 302 and response.url == reverse("ratings:leaderboard", args=["constructed-2"])


def test_index_without_ratings_says_so(client):
    response = client.get(reverse("ratings:index"))
    assert response.status_code == 200
    assert "Nobody has a rating yet" in response.content.decode()


def test_leaderboard_orders_best_first_and_filters_by_region_and_store(client, rated):
    url = reverse("ratings:leaderboard", args=["constructed-2"])
    names = _names(client.get(url))
    assert names[:2] == ["Player 4", "Player 5"]  # 1608, never lost
    assert sorted(_names(client.get(url, {"region": "south"}))) == ["Player 4", "Player 5", "Player 6", "Player 7"]
    assert sorted(_names(client.get(url, {"store": "Dragon's Den"}))) == [
        "Player 0",
        "Player 1",
        "Player 2",
        "Player 3",
    ]
    assert _names(client.get(url, {"region": "Nowhere"})) == []


def test_leaderboard_paginates(client, rated, monkeypatch):
    monkeypatch.setattr("ratings.views.PAGE_SIZE", 3)
    url = reverse("ratings:leaderboard", args=["constructed-2"])
    second = client.get(url, {"page": 2})
    assert len(second.context["page"].object_list) == 3 and second.context["first_rank"] == 4
    assert "Page 2 of 3" in second.content.decode()


def test_leaderboard_unknown_category_is_404(client, rated):
    assert client.get(reverse("ratings:leaderboard", args=["vintage-3"])).status_code == 404
    assert client.get(reverse("ratings:leaderboard", args=["limited-3"])).status_code == 404


def test_leaderboard_queries_dont_grow_with_players(client, rated, django_assert_max_num_queries):
    url = reverse("ratings:leaderboard", args=["constructed-2"])
    with django_assert_max_num_queries(6):
        client.get(url, {"region": "North"})


def test_player_page_plots_the_history(client, rated):
    p, north, _, later = rated
    response = client.get(reverse("signup:player", args=[p[0].pk]))
    page = response.content.decode()
    assert response.status_code == 200
    [section] = response.context["sections"]
    assert [e.event_id for e in section["history"]] == [north.pk, later.pk]
    assert len(section["plot"].points) == 3  # the start, then one point per event
    assert "<svg" in page and page.count("<circle") == 3
    assert "Winter Cup" in page


def test_player_page_hides_private_event_names(client, rated):
    p, _, _, later = rated
    later.is_public = False
    later.save()
    page = client.get(reverse("signup:player", args=[p[0].pk])).content.decode()
    assert "Winter Cup" not in page and "A private event" in page


def test_player_page_for_an_unrated_player_and_an_unknown_one(client, rated):
    assert "no rating yet" in client.get(reverse("signup:player", args=[PlayerFactory().pk])).content.decode()
    assert client.get(reverse("signup:player", args=[999999])).status_code == 404


def test_the_old_ratings_address_of_a_player_leads_to_the_players_one_page(client, rated):
    p, *_ = rated
    response = client.get(reverse("ratings:player", args=[p[0].pk]))
    assert response.status_code == 301
    assert response["Location"] == reverse("signup:player", args=[p[0].pk]) == f"/players/{p[0].pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "<svg" in page and "profile-events" in page  # the ratings and the events, on one page


def test_event_page_shows_members_with_their_ratings(client, rated):
    p, north, _, later = rated
    page = client.get(reverse("portal:event", args=[later.pk])).content.decode()
    assert "Teams and ratings" in page
    # Won in January (1608), then lost to a 1592 team: 1608 - 16 / (1 + 10 ** (-16 / 400)) = 1599.6.
    assert "Player 0</a> (1600)" in page and "Player 2</a> (1600)" in page


def test_event_page_of_an_unrated_format_shows_teams_without_ratings(client):
    p = [PlayerFactory() for _ in range(4)]
    event, _ = played_event(
        teams=[p[:2], p[2:]],
        results=[[(0, 1, A)]],
        format_kind=FormatKind.TEAM_SEALED,
        structure="shared",
        shared_life=20,
        shared_poison=10,
    )
    page = client.get(reverse("portal:event", args=[event.pk])).content.decode()
    assert "Teams and ratings" in page and "Team mean" not in page
