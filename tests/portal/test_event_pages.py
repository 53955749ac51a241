"""Public event pages (portal.views.events): pairings, standings, top cut, draft tables; who sees what."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import DraftTableFactory, EventFactory, RegistrationFactory, RochesterEventFactory, RoundFactory
from tests.portal.scene import login_client
from tournaments.enums import EventStatus, RoundKind
from tournaments.services.results import SeatGames, team_match_confirm, team_match_report

GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]
PAGES = ["event", "pairings", "pairings_by_team", "standings", "bracket", "draft_tables"]


def _url(name: str, event) -> str:
    return reverse(f"portal:{name}", args=[event.pk])


@pytest.mark.parametrize("page", PAGES)
def test_event_pages_render_for_everyone_when_public(scene, client, page):
    assert client.get(_url(page, scene.event)).status_code == 200


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("who", [None, "olga"])
def test_event_pages_of_a_non_public_event_are_404_for_outsiders(scene, client, page, who):
    scene.event.is_public = False
    scene.event.save()
    if who:
        login_client(client, getattr(scene, who))
    assert client.get(_url(page, scene.event)).status_code == 404
    assert client.get(_url(page, scene.event) + "?partial=1").status_code == 404


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("who", ["carl", "organizer"])
def test_event_pages_of_a_non_public_event_show_to_its_players_and_organizer(scene, client, page, who):
    scene.event.is_public = False
    scene.event.save()
    assert login_client(client, getattr(scene, who)).get(_url(page, scene.event)).status_code == 200


def test_event_unknown_is_404(db, client):
    assert client.get(reverse("portal:standings", args=[424242])).status_code == 404


@pytest.mark.parametrize("who", [None, "olga", "carl"])
def test_event_pages_dont_leak_an_unconfirmed_report(scene, client, who):
    """Alice reported 2-1 for Azure Ants; until Brass Bats confirm, nobody else may see it anywhere."""
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    if who:
        login_client(client, getattr(scene, who))
    pairings = client.get(_url("pairings", scene.event)).text
    by_team = client.get(_url("pairings_by_team", scene.event)).text
    standings = client.get(_url("standings", scene.event)).text
    home = client.get("/").text
    for text in (pairings, by_team, standings, home):
        assert "2–1" not in text and "2-1" not in text and "1-2" not in text
        assert "Reported" not in text and "won" not in text and "1-0-0" not in text
    assert pairings.count("playing") == 2 and by_team.count("playing") == 4


def test_event_pages_show_a_confirmed_result(scene, client):
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    team_match_confirm(match=scene.match, user=scene.bob)
    assert "2–1" in client.get(_url("pairings", scene.event)).text
    by_team = client.get(_url("pairings_by_team", scene.event)).text
    assert "won 2-1" in by_team and "lost 1-2" in by_team
    standings = client.get(_url("standings", scene.event)).text
    assert standings.index("Azure Ants") < standings.index("Cobalt Cats") and "1-0-0" in standings


def test_pairings_of_an_earlier_round_and_an_unknown_round(scene, client):
    RoundFactory(event=scene.event, number=2)
    assert "Table 1" in client.get(_url("pairings", scene.event) + "?round=1").text
    assert client.get(_url("pairings", scene.event) + "?round=9").status_code == 404
    for bad in ("²", "-1", "x", "9" * 400, "1.0"):
        assert client.get(_url("pairings", scene.event), {"round": bad}).status_code == 404
    assert client.get(_url("pairings", scene.event) + "?round=").status_code == 200  # empty: the latest round


def test_pairings_highlight_my_team(scene, client):
    text = login_client(client, scene.alice).get(_url("pairings_by_team", scene.event)).text
    assert "(my team)" in text and text.count('class="pairing mine"') == 1


@pytest.mark.parametrize("page", ["pairings", "pairings_by_team", "standings", "bracket", "draft_tables"])
def test_event_live_pages_answer_304_until_the_event_changes(scene, client, page):
    url = _url(page, scene.event) + "?partial=1"
    first = client.get(url)
    assert first.status_code == 200 and 'id="live"' in first.text and "<html" not in first.text
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_event_live_page_304_costs_few_queries(scene, client, django_assert_max_num_queries):
    url = _url("standings", scene.event) + "?partial=1"
    etag = client.get(url)["ETag"]
    with django_assert_max_num_queries(2):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_event_live_page_region_carries_the_etag_of_its_first_poll(scene, client):
    page = client.get(_url("standings", scene.event))
    assert f'data-etag="{escape(page["ETag"])}"' in page.text
    assert client.get(_url("standings", scene.event) + "?partial=1")["ETag"] == page["ETag"]


@pytest.mark.parametrize(
    "status, polls",
    [
        (EventStatus.RUNNING, True),
        (EventStatus.TOP_CUT, True),
        (EventStatus.FINISHED, False),
        (EventStatus.REGISTRATION, False),
    ],
)
def test_event_pages_poll_only_while_the_event_runs(scene, client, status, polls):
    scene.event.status = status
    scene.event.save()
    assert ("hx-trigger=" in client.get(_url("standings", scene.event)).text) is polls


@pytest.mark.parametrize("page", ["pairings", "standings"])
def test_event_list_pages_queries_dont_grow_with_teams(scene, client, page, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        client.get(_url(page, scene.event))
    for _ in range(6):
        RegistrationFactory(event=scene.event)
    with django_assert_max_num_queries(12):
        client.get(_url(page, scene.event))


def test_bracket_before_the_top_cut_says_so(db, client):
    event = EventFactory(top_cut=4, status=EventStatus.RUNNING)
    assert "The top cut starts after the Swiss rounds." in client.get(_url("bracket", event)).text


def test_bracket_shows_the_seeds_once_the_top_cut_is_paired(db, client):
    event = EventFactory(top_cut=4, status=EventStatus.TOP_CUT)
    for _ in range(4):
        RegistrationFactory(event=event)
    RoundFactory(event=event, number=4, kind=RoundKind.PLAYOFF)
    text = client.get(_url("bracket", event)).text
    assert "Semifinals" in text and "Final" in text and text.count('class="seed"') == 4


def test_draft_tables_link_only_my_own_table(db, client):
    event = RochesterEventFactory(status=EventStatus.RUNNING)
    mine, other = DraftTableFactory(event=event), DraftTableFactory(event=event)
    player = mine.team1.seats.first().player.user
    text = login_client(client, player).get(_url("draft_tables", event)).text
    assert reverse("drafting:table", args=[mine.pk]) in text
    assert reverse("drafting:table", args=[other.pk]) not in text
    assert "Card" not in text  # the cards of a draft never show here


def test_event_front_page_shows_my_table(scene, client):
    text = login_client(client, scene.alice).get(_url("event", scene.event)).text
    assert "My table" in text and reverse("portal:match", args=[scene.match.pk]) in text
