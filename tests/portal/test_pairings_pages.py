"""A large round's public pairings come in pages (issue 30): the first page of a 1,024-team event is small and its
cost doesn't grow with the field; a search finds a team, a player or a table; the whole list stays for printing."""

import re

import pytest
from django.db import connection
from django.db.models import Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.events import build_bench_event
from tournaments.models import Registration, TeamMatch

pytestmark = pytest.mark.django_db


def _tables(response) -> list[int]:
    return [int(n) for n in re.findall(r"Table (\d+)</span>", response.content.decode())]


def _get(event, name="portal:pairings", **query):
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(reverse(name, args=[event.pk]), query)
    assert response.status_code == 200
    return response, len(queries)


def test_the_first_page_of_a_1024_team_event_is_under_60_kb_and_names_every_page():
    event = build_bench_event(teams=1024, rounds=2, seed=3)
    response, _queries = _get(event)
    assert len(response.content) < 60_000
    assert _tables(response) == list(range(1, 51))
    text = response.content.decode()
    assert "Tables 501–512" in text and "The whole list (to print)" in text
    by_team, _queries = _get(event, "portal:pairings_by_team")
    assert len(by_team.content) < 60_000 and len(re.findall(r'<li class="pairing[ "]', by_team.content.decode())) == 100


def test_a_page_costs_the_same_queries_for_40_and_400_teams():
    small, large = build_bench_event(teams=40, rounds=2, seed=1), build_bench_event(teams=400, rounds=2, seed=2)
    # Page 1: the event, its rounds, the count of the round's tables, the page's tables with their teams, the
    # teams' seats with their players, the seat results of its counting matches, the round's announcements.
    assert _get(small)[1] == _get(large)[1] <= 7
    for query in ({"page": 2}, {"all": 1}, {"q": "team 1"}, {"q": "7"}):
        assert _get(small, **query)[1] == _get(large, **query)[1], query
    assert _get(small, "portal:pairings_by_team")[1] == _get(large, "portal:pairings_by_team")[1]


def test_pages_search_and_the_whole_list():
    event = build_bench_event(teams=130, rounds=1, seed=4)
    assert _tables(_get(event, page=2)[0]) == list(range(51, 66))
    assert _tables(_get(event, page=99)[0]) == list(range(51, 66))  # past the end: the last page
    assert _tables(_get(event, all=1)[0]) == list(range(1, 66))
    match = TeamMatch.objects.filter(round__event=event, table=37).select_related("team_b__team").get()
    found = _get(event, q=match.team_b.team.name.upper())[0]
    assert 37 in _tables(found) and "table names" in found.content.decode()
    player = match.team_b.seats.first().player
    assert 37 in _tables(_get(event, q=player.name)[0])
    assert 37 in _tables(_get(event, q="37")[0])
    assert _get(event, q="١²")[0].status_code == 200  # digits, but not a table number
    nothing = _get(event, q="no such team anywhere")[0]
    assert _tables(nothing) == [] and "No team, player or table matches" in nothing.content.decode()
    by_team = _get(event, "portal:pairings_by_team", q=match.team_b.team.name)[0].content.decode()
    assert match.team_b.team.name in by_team


def test_a_player_is_shown_their_own_table_on_every_page(client):
    event = build_bench_event(teams=130, rounds=1, seed=5)
    registration = Registration.objects.filter(event=event).order_by("pk")[77]
    table = TeamMatch.objects.get(Q(team_a=registration) | Q(team_b=registration), round__event=event).table
    client.force_login(registration.seats.first().player.user)
    page = client.get(reverse("portal:pairings", args=[event.pk]), {"page": 1}).content.decode()
    assert f"My table: {table}" in page
