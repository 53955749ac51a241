"""Issue 44's "Done when" in the browser: an organizer makes a season from the console, creates two events in it
from the console (New event with the series chosen), runs each through the desk (players added, a round paired, the
results typed, the event closed) and reads the season's standings on a 360 px phone without sideways scrolling."""

import pytest
from django.urls import reverse
from selenium.webdriver.support.ui import Select

from series.models import Series
from tests.browser.test_phone import _overflowing
from tests.desk.test_browser_event_day import _next_step, _type_result
from tests.series.conftest import store_organizer
from tournaments.enums import EventStatus
from tournaments.models import Event, TeamMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ada Lin", "Bo Berg", "Cy Diaz", "Di Ek"]


def _make_season(desk) -> Series:
    desk.get(reverse("desk:organize"))
    desk.find("#my-series").click()
    desk.wait_for_text("My series", css="h1")
    desk.find("#new-series").click()
    desk.find("#id_name").send_keys("Friday League")
    Select(desk.find("#id_points_source")).select_by_value("match_points")  # a win is 3, whatever the tiebreaks
    points = desk.find("#id_points_table")
    points.clear()
    points.send_keys("10, 7, 5")
    desk.find("#id_qualify_top").send_keys("2")
    desk.find("#save-series").click()
    desk.wait_for_text("Events of the series")
    return Series.objects.get(name="Friday League")


def _create_event_in_season(desk, name: str) -> Event:
    """New event from the console: one Swiss round, no top cut, straight into the season."""
    desk.get(reverse("desk:organize"))
    desk.find("#new-event").click()
    desk.wait_for_text("Create the event")
    desk.find("#id_name").send_keys(name)
    desk.find("#preset-individual_constructed").click()
    rounds = desk.find("#id_swiss_rounds")
    rounds.clear()
    rounds.send_keys("1")
    Select(desk.find("#id_series")).select_by_visible_text("Friday League")
    desk.find("#event-new button[type=submit]").click()
    desk.wait_for_text("Standard ·", css=".desk-header")
    return Event.objects.get(name=name)


def _run(desk, event: Event, won_before: set[str]) -> None:
    """Add the four players at the desk, pair round 1, type each table's result (Ada wins hers; at the other table
    the player who hasn't won at an earlier event wins, so that Ada alone ends with two wins whatever the pairings)
    and close the event."""
    for player in PLAYERS:
        desk.get(reverse("desk:team_edit", args=[event.pk]))
        desk.find("#seat-A").send_keys(player)
        desk.find("#team-form button[type=submit]").click()
        desk.wait_for_text(player, css="main")
    desk.get(reverse("desk:desk", args=[event.pk]))
    _next_step(desk, "Pair round 1")
    desk.wait_for_text("Round 1 is paired.")
    matches = TeamMatch.objects.filter(round__event=event).select_related("team_a__team", "team_b__team")
    for match in matches.order_by("table"):
        a, b = match.team_a.team.name, match.team_b.team.name
        b_wins = b == "Ada Lin" or (a != "Ada Lin" and a in won_before)
        _type_result(desk, match.table, "0-2" if b_wins else "2-0")
        won_before.add(b if b_wins else a)
    _next_step(desk, "Close the event")
    desk.wait_for_text("The event is finished", css="#next-step-panel, main")


def test_an_organizer_runs_a_season_from_the_console_and_its_standings_read_on_a_phone(browsers):
    organizer = store_organizer()
    desk = browsers()
    desk.driver.set_window_size(1280, 900)
    desk.sign_in(organizer.username)
    season = _make_season(desk)

    first = _create_event_in_season(desk, "Friday 1")
    won_before: set[str] = set()
    _run(desk, first, won_before)
    second = _create_event_in_season(desk, "Friday 2")
    _run(desk, second, won_before)
    assert [link.event_id for link in season.series_events.order_by("event_id")] == [first.pk, second.pk]
    assert Event.objects.filter(pk__in=[first.pk, second.pk], status=EventStatus.FINISHED).count() == 2

    phone = browsers()
    phone.driver.set_window_size(360, 780)
    phone.get(reverse("series:series", args=[season.pk]))
    phone.wait_for_text("Ada Lin", css=".series-standings")
    rows = phone.rows(".series-standings tbody tr")
    assert len(rows) == 4
    assert rows[0][1] == "Ada Lin" and rows[0][2] == "6"  # won both events: 3 + 3 match points, first
    assert sum(int(row[2]) for row in rows[1:]) == 6  # one other win at each event
    assert len(phone.driver.find_elements("css selector", ".series-standings tr.qualified")) >= 2
    assert "Friday 1" in phone.text(".series-events") and "Friday 2" in phone.text(".series-events")
    assert _overflowing(phone) == []
