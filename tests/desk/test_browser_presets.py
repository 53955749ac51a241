"""The store's Friday night from the console in real Chromium (issue 38): an individual Standard event from
/organize/ in at most 6 clicks (4: the date starts as today and the format as Standard), named by its kind on the
desk; then "Run again" makes next week's in 2 more. No page is under /admin/."""

import datetime as dt

import pytest

from tests.browser.conftest import browsers  # noqa: F401 - the fixture
from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.services.roles import organizer_role_grant

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Clicks:
    """Counts the organizer's clicks, and every page the window was on (none may be the admin)."""

    def __init__(self, browser):
        self.browser, self.count, self.urls = browser, 0, []

    def click(self, css: str) -> None:
        self.browser.find(css).click()
        self.count += 1

    def wait(self, text: str, css: str = "body") -> None:
        self.browser.wait_for_text(text, css=css)
        self.urls.append(self.browser.driver.current_url)


def test_an_individual_standard_event_from_the_console_in_at_most_six_clicks_then_run_again(browsers):  # noqa: F811
    organizer_role_grant(user=UserFactory(username="store"))
    desk = browsers()
    desk.driver.set_window_size(1280, 900)
    desk.sign_in("store")
    desk.get("/organize/")
    clicks = Clicks(desk)
    clicks.wait("New event")

    clicks.click("#new-event")
    clicks.wait("Create the event")
    clicks.click("#id_name")
    desk.find("#id_name").send_keys("Friday Night Magic")
    clicks.click("#preset-individual_constructed")
    clicks.click("#event-new button[type=submit]")
    clicks.wait("Standard · 3 rounds", css=".desk-header")
    assert clicks.count <= 6, clicks.count
    event = Event.objects.get(name="Friday Night Magic")
    assert (event.team_size, event.constructed_format, event.date) == (1, "standard", dt.date.today())

    desk.get("/organize/")
    clicks.wait("Run again")
    before = clicks.count
    clicks.click(f"#run-again-{event.pk}")
    clicks.wait("Create the new event")
    clicks.click("#event-copy-submit")
    clicks.wait("Standard · 3 rounds", css=".desk-header")
    assert clicks.count - before == 2
    copy = Event.objects.exclude(pk=event.pk).get()
    assert (copy.name, copy.date, copy.team_size) == ("Friday Night Magic", event.date + dt.timedelta(days=7), 1)
    assert not [url for url in clicks.urls if "/admin/" in url]
