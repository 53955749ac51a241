"""A season in the browser (issue 44): an organizer makes it from the console, puts two played events in, and the
season's standings read on a 360 px phone without sideways scrolling."""
import pytest
from selenium.webdriver.support.ui import Select

from series.models import Series
from tests.browser.test_phone import _overflowing
from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, RoundFactory, TeamMatchFactory
from tests.series.conftest import store_organizer
from tournaments.enums import EventStatus, Outcome, ResultState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _played(organizer, name, winners, losers):
    event = EventFactory(organizer=organizer, name=name, status=EventStatus.FINISHED)
    TeamMatchFactory(round=RoundFactory(event=event, number=1), team_a=RegistrationFactory(event=event, seats=winners),
                     team_b=RegistrationFactory(event=event, seats=losers), outcome=Outcome.A_WINS,
                     result_state=ResultState.FINAL)
    return event


def test_an_organizer_makes_a_season_and_its_standings_read_on_a_phone(browsers):
    organizer = store_organizer()
    ada = [PlayerFactory(name=f"Ada {n}") for n in range(3)]
    bo = [PlayerFactory(name=f"Bo {n}") for n in range(3)]
    events = [_played(organizer, "Friday 1", ada, bo), _played(organizer, "Friday 2", bo, ada)]

    browser = browsers()
    browser.sign_in(organizer.username)
    browser.get("/organize/")
    browser.find("#my-series").click()
    browser.wait_for_text("My series", css="h1")
    browser.find("#new-series").click()
    browser.find("#id_name").send_keys("Friday League")
    points = browser.find("#id_points_table")
    points.clear()
    points.send_keys("10, 7")
    browser.find("#id_qualify_top").send_keys("3")
    browser.find("#save-series").click()
    browser.wait_for_text("Events of the series")
    for event in events:
        Select(browser.find("#id_event")).select_by_visible_text(str(event))
        browser.find("#attach-event").click()
        browser.wait_for_text(event.name, css=".series-events")
    series = Series.objects.get(name="Friday League")
    assert series.series_events.count() == 2

    browser.driver.set_window_size(360, 780)
    browser.get(f"/series/{series.pk}/")
    browser.wait_for_text("Ada 0", css=".series-standings")
    rows = browser.rows(".series-standings tbody tr")
    assert len(rows) == 6 and all("17" in row for row in rows)  # 10 + 7 each, everyone in the top 3 and ties
    assert _overflowing(browser) == []
