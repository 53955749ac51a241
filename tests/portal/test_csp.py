"""The portal's pages hold no inline script or style, so the strict Content-Security-Policy holds."""
import re

import pytest
from django.urls import reverse

from tests.portal.scene import login_client

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)


@pytest.mark.parametrize("page", ["home", "events", "match", "event", "pairings", "pairings_by_team", "standings",
                                  "bracket", "draft_tables", "login", "password_reset"])
def test_page_has_no_inline_script_or_style(scene, client, page):
    login_client(client, scene.alice)
    url = {
        "home": "/", "events": reverse("portal:events"), "match": reverse("portal:match", args=[scene.match.pk]),
        "login": reverse("login"), "password_reset": reverse("password_reset"),
    }.get(page) or reverse(f"portal:{page}", args=[scene.event.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert not INLINE_SCRIPT.search(response.text)
    assert not INLINE_HANDLER.search(response.text)
    assert " style=" not in response.text and "<style" not in response.text
    assert "hx-on" not in response.text and "js:" not in response.text
