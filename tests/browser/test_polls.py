"""A signed-in phone's live region polls with If-None-Match and gets 304s while nothing changed, without the region
moving; a change shows at the next poll (static/js/hydra.js, common/polls.py, issue 54)."""

import pytest
from django.contrib.auth.hashers import make_password
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.conftest import build_event
from tournaments.enums import EventStatus
from tournaments.services.announcements import announcement_post
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LISTEN = """
window.hydraPolls = [];
document.addEventListener("htmx:afterRequest", function (event) {
  window.hydraPolls.push([event.detail.xhr.status, event.detail.requestConfig.headers["If-None-Match"] || ""]);
});
"""


def test_my_events_polls_304_and_shows_a_change_at_the_next_poll(browsers, settings):
    settings.PORTAL_POLL_SECONDS = 1
    event, _registrations, _rounds = build_event(teams=4, rounds=0, swiss_rounds=3, status=EventStatus.RUNNING)
    round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    match = round_.matches.order_by("table").first()
    user = match.team_a.seats.first().player.user
    user.password = make_password("pw-for-tests")
    user.save()
    browser = browsers()
    browser.sign_in(user.username)
    browser.get("/")
    browser.wait_for_text("Table")
    browser.driver.execute_script(LISTEN)
    wait = WebDriverWait(browser.driver, 20, poll_frequency=0.2)
    # The first poll of the live region is rendered; the next ones name its ETag and get 304.
    wait.until(lambda d: any(status == 304 and etag for status, etag in d.execute_script("return window.hydraPolls")))
    assert "Table" in browser.text("#live")  # a 304 swaps nothing: the region is still there
    announcement_post(event=event, by=event.organizer, text="Round 2 starts at 14:30")
    browser.wait_for_text("Round 2 starts at 14:30", css="#live", timeout=20)
    statuses = [status for status, _etag in browser.driver.execute_script("return window.hydraPolls")]
    assert 200 in statuses[statuses.index(304) :]
