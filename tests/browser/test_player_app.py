"""The installable player app (issue 41): the service worker keeps My events, and with the server gone (no network)
the app still shows the player's last pairing; the notification pages fit a 360 px phone."""

import pytest
from django.contrib.auth.hashers import make_password
from pytest_django.live_server_helper import LiveServer
from selenium.webdriver.support.ui import WebDriverWait

from notifications.kinds import NoticeKind
from notifications.models import Notification
from tests.api.conftest import build_event
from tests.browser.test_phone import _overflowing
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _player_paired():
    event, registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3, is_public=True)
    round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    match = round_.matches.select_related("team_a__team", "team_b__team").order_by("table").first()
    user = match.team_a.seats.first().player.user
    user.password = make_password("pw-for-tests")
    user.save()
    return event, match, user


def _wait(browser, script: str, *, timeout: float = 15) -> None:
    WebDriverWait(browser.driver, timeout).until(lambda driver: driver.execute_async_script(script))


def test_offline_the_app_still_shows_the_last_pairing(browsers):
    event, match, user = _player_paired()
    server = LiveServer("127.0.0.1:0")  # our own, so that it can go away as a phone's network does
    try:
        browser = browsers()
        browser.base_url = server.url
        browser.sign_in(user.username)
        browser.get("/")
        # The worker takes control, then keeps the next load of My events.
        _wait(browser, "var done = arguments[0]; navigator.serviceWorker.ready.then(function () { done(true); });")
        browser.get("/")
        _wait(browser, "var done = arguments[0]; done(navigator.serviceWorker.controller !== null);")
        browser.get("/")
        _wait(
            browser,
            "var done = arguments[0]; caches.open('hydra-pages-v1').then(function (c) { return c.match('/'); })"
            ".then(function (hit) { done(!!hit); });",
        )
        online = browser.text("main")
        assert match.team_b.team.name in online
    finally:
        server.stop()
    browser.get(f"/events/{event.pk}/")  # never kept: the app answers with My events, as it was
    WebDriverWait(browser.driver, 15).until(lambda driver: match.team_b.team.name in browser.text("main"))
    assert event.name in browser.text("main")


def test_the_inbox_and_the_choices_fit_a_360_px_phone(browsers, live_server):
    event, match, user = _player_paired()
    Notification.objects.create(
        person=user,
        event=event,
        kind=NoticeKind.ANNOUNCEMENT,
        source="log:1",
        params={"event": event.name, "text": "Lunch until 13:00, then round 2 " * 4},
        link=f"/events/{event.pk}/",
    )
    browser = browsers()
    browser.driver.set_window_size(360, 800)
    browser.sign_in(user.username)
    for path in ("/notifications/", "/notifications/preferences/"):
        browser.get(path)
        WebDriverWait(browser.driver, 8).until(lambda driver: "Notification" in browser.text("h1"))
        assert _overflowing(browser) == [], path
