"""The portal's pages hold no inline script or style, so the strict Content-Security-Policy holds."""

import re

import pytest
from django.urls import reverse

from tests.portal.scene import login_client

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)


@pytest.mark.parametrize(
    "page",
    [
        "home",
        "events",
        "match",
        "event",
        "pairings",
        "pairings_by_team",
        "standings",
        "bracket",
        "draft_tables",
        "login",
        "password_reset",
    ],
)
def test_page_has_no_inline_script_or_style(scene, client, page):
    login_client(client, scene.alice)
    url = {
        "home": "/",
        "events": reverse("portal:events"),
        "match": reverse("portal:match", args=[scene.match.pk]),
        "login": reverse("login"),
        "password_reset": reverse("password_reset"),
    }.get(page) or reverse(f"portal:{page}", args=[scene.event.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert not INLINE_SCRIPT.search(response.text)
    assert not INLINE_HANDLER.search(response.text)
    assert " style=" not in response.text and "<style" not in response.text
    assert "hx-on" not in response.text and "js:" not in response.text


def test_card_pages_name_scryfalls_image_server_only_while_card_images_are_allowed(scene, client):
    from cards.models import CardDisplaySettings
    from cards.selectors import card_images_forget

    login_client(client, scene.alice)
    card_images_forget()
    try:
        assert "scryfall" not in client.get(reverse("drafting:index"))["Content-Security-Policy"]
        CardDisplaySettings.objects.create(remote_images=True)
        card_images_forget()
        policy = client.get(reverse("drafting:index"))["Content-Security-Policy"]
        assert "img-src 'self' data: https://cards.scryfall.io;" in policy and "script-src 'self';" in policy
        # Only the pages that show cards, and only as documents (a fragment follows its page's policy).
        assert "scryfall" not in client.get("/")["Content-Security-Policy"]
        fragment = client.get(reverse("drafting:index"), HTTP_HX_REQUEST="true")
        assert "scryfall" not in fragment["Content-Security-Policy"]
    finally:
        card_images_forget()  # the setting is rolled back with the test; so is what this process remembers
