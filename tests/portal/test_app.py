"""The installable player app: the service worker from the site's root, the manifest opening My events, the
offline page, and every page naming the manifest."""

import json

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_from_the_root_and_never_cached_long(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer["Content-Type"] == "text/javascript"
    assert answer["Cache-Control"] == "no-cache"
    body = b"".join(answer.streaming_content).decode()
    assert 'addEventListener("push"' in body and 'addEventListener("fetch"' in body


def test_the_manifest_opens_my_events_standalone(client):
    answer = client.get("/manifest.webmanifest")
    data = json.loads(answer.content)
    assert answer["Content-Type"] == "application/manifest+json"
    assert (data["start_url"], data["scope"], data["display"]) == ("/", "/", "standalone")
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512"}


def test_the_manifest_speaks_the_pages_language(client, settings):
    """Issue 56: its `lang` was always "en". A browser fetches it without cookies, so each page names it with its
    own language, and the manifest answers in that one (a BCP 47 tag), or in the request's own for one the site
    doesn't speak."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest?lang=pt-br"' in page
    cookieless = type(client)()
    data = json.loads(cookieless.get("/manifest.webmanifest?lang=pt-br").content)
    assert data["lang"] == "pt-BR" and data["name"] != "Hydra: my events"
    assert json.loads(cookieless.get("/manifest.webmanifest?lang=zh-hans").content)["lang"] == "zh-Hans"
    assert json.loads(cookieless.get("/manifest.webmanifest?lang=de").content)["lang"] == "de"
    assert json.loads(cookieless.get("/manifest.webmanifest?lang=xx").content)["lang"] == "en"
    assert json.loads(cookieless.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="fr").content)["lang"] == "fr"


def test_pages_name_the_manifest_and_signed_in_pages_the_banner(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and "notification-banner" not in page
    client.force_login(UserFactory())
    assert 'id="notification-banner"' in client.get("/").content.decode()


def test_the_offline_page(client):
    assert client.get("/offline/").status_code == 200
