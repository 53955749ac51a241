"""Public pages rendered once per event version, page and language, served from the shared cache (issue 19)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.portal.scene import login_client
from tournaments.models import Event

PAGES = ["pairings", "pairings_by_team", "standings", "bracket", "draft_tables"]


def _url(name, event):
    return reverse(f"portal:{name}", args=[event.pk])


def _without_csrf(html: str) -> str:
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", html)


@pytest.mark.parametrize("page", PAGES)
def test_anonymous_viewers_share_one_rendering_until_the_event_changes(scene, page):
    url = _url(page, scene.event)
    first, second = Client().get(url), Client().get(url)
    assert (first["X-Hydra-Cache"], second["X-Hydra-Cache"]) == ("miss", "hit")
    assert _without_csrf(first.content.decode()) == _without_csrf(second.content.decode())
    assert first["ETag"] == second["ETag"] and second["Cache-Control"] == "public, no-cache"
    Event.objects.filter(pk=scene.event.pk).update(version=scene.event.version + 1)
    third = Client().get(url)
    assert third["X-Hydra-Cache"] == "miss" and third["ETag"] != first["ETag"]


def test_partial_and_whole_page_and_languages_are_cached_apart(scene):
    url = _url("standings", scene.event)
    Client().get(url)
    partial = Client().get(url + "?partial=1")
    assert partial["X-Hydra-Cache"] == "miss" and "<html" not in partial.content.decode()
    german = Client(headers={"Accept-Language": "de"}).get(url)
    assert german["X-Hydra-Cache"] == "miss" and 'lang="de"' in german.content.decode()


def test_a_cached_page_carries_a_csrf_token_that_works_for_its_viewer(scene):
    url = _url("standings", scene.event)
    Client().get(url)
    client = Client(enforce_csrf_checks=True)
    page = client.get(url)
    assert page["X-Hydra-Cache"] == "hit"
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    assert "hydra_csrf" not in token
    response = client.post(reverse("set_language"), {"language": "de", "next": url, "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_signed_in_viewers_get_their_own_page(scene, client):
    url = _url("pairings", scene.event)
    Client().get(url)
    mine = login_client(client, scene.alice).get(url)
    assert "X-Hydra-Cache" not in mine and "private" in mine["Cache-Control"]
