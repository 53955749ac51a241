"""The store's and the series' iCalendar feeds: they parse back with icalendar, carry the required properties
(VERSION, PRODID, UID, DTSTAMP, DTSTART), list the coming public events only, at the store's local time."""

import datetime as dt
import zoneinfo

import pytest
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from organizations.services import event_location_set
from series.services import series_create, series_event_attach
from tests.factories import EventFactory
from tournaments.enums import EventStatus

pytestmark = pytest.mark.django_db

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


@pytest.fixture
def week(network):
    """At the Berlin store: a public event in 3 days at 19:00 and one in 10 days all day; a private one, a finished
    one and a past one that the feed leaves out. One in 5 days at the New York store of the other organization."""
    n = network
    today = timezone.localdate()

    def at(location, days, start, by, **fields):
        event = EventFactory(organizer=by, date=today + dt.timedelta(days=days), **fields)
        event_location_set(event=event, location=location, start_time=start, by=by)
        return event

    return {
        "soon": at(n.berlin, 3, dt.time(19, 0), n.owner, name="Modern Night"),
        "later": at(n.berlin, 10, None, n.owner, name="Prerelease"),
        "private": at(n.berlin, 4, dt.time(18, 0), n.owner, name="Staff Draft", is_public=False),
        "finished": at(n.berlin, 5, dt.time(18, 0), n.owner, name="Done", status=EventStatus.FINISHED),
        "past": at(n.berlin, -7, dt.time(18, 0), n.owner, name="Last Week"),
        "cave": at(n.cave, 5, dt.time(18, 30), n.rival, name="Cave Commander"),
    }


def _events(response) -> dict:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    assert calendar.get("version") == "2.0" and calendar.get("prodid")
    events = {}
    for component in calendar.walk("VEVENT"):
        for required in ("uid", "dtstamp", "dtstart", "summary", "url"):
            assert component.get(required) is not None, required
        events[str(component.get("summary"))] = component
    return events, calendar


def test_the_store_feed_lists_its_coming_public_events_at_local_time(client, network, week):
    events, calendar = _events(client.get(reverse("organizations:store_calendar", args=[network.berlin.pk])))
    assert set(events) - {"Berlin Friday", "Munich Friday"} == {"Modern Night", "Prerelease"}
    start = events["Modern Night"].decoded("dtstart")
    assert start == dt.datetime.combine(week["soon"].date, dt.time(19, 0), tzinfo=BERLIN)
    assert start.utcoffset() == BERLIN.utcoffset(start.replace(tzinfo=None))
    assert events["Modern Night"]["dtstart"].params["TZID"] == "Europe/Berlin"
    assert [str(tz.get("tzid")) for tz in calendar.walk("VTIMEZONE")] == ["Europe/Berlin"]
    assert events["Prerelease"].decoded("dtstart") == week["later"].date  # no start time: a day-long event
    assert str(events["Modern Night"]["url"]).endswith(f"/events/{week['soon'].pk}/")
    assert "Torstr. 1" in str(events["Modern Night"]["location"])


def test_the_feeds_uids_are_stable(client, network, week):
    url = reverse("organizations:store_calendar", args=[network.berlin.pk])
    first, _ = _events(client.get(url))
    again, _ = _events(client.get(url))
    assert {k: str(v["uid"]) for k, v in first.items()} == {k: str(v["uid"]) for k, v in again.items()}
    assert str(first["Modern Night"]["uid"]).startswith(f"event-{week['soon'].pk}@")


def test_the_series_feed_lists_its_events_each_at_its_stores_time(client, network, week):
    n = network
    season = series_create(by=n.owner, name="Lair League")
    for key in ("soon", "later", "private", "past"):
        series_event_attach(series=season, event=week[key], by=n.owner)
    events, calendar = _events(client.get(reverse("series:calendar", args=[season.pk])))
    assert set(events) == {"Modern Night", "Prerelease"}
    assert events["Modern Night"].decoded("dtstart") == dt.datetime.combine(
        week["soon"].date, dt.time(19, 0), tzinfo=BERLIN
    )
    assert str(calendar.get("x-wr-calname")) == "Lair League"


def test_a_store_in_new_york_uses_its_own_zone(client, network, week):
    events, calendar = _events(client.get(reverse("organizations:store_calendar", args=[network.cave.pk])))
    start = events["Cave Commander"].decoded("dtstart")
    assert start == dt.datetime.combine(week["cave"].date, dt.time(18, 30), tzinfo=NEW_YORK)
    assert start.astimezone(dt.UTC).hour in (22, 23)  # 18:30 in New York is 22:30 or 23:30 UTC, never 18:30
    assert [str(tz.get("tzid")) for tz in calendar.walk("VTIMEZONE")] == ["America/New_York"]


def test_a_missing_store_or_private_series_has_no_feed(client, network):
    assert client.get(reverse("organizations:store_calendar", args=[987654])).status_code == 404
    hidden = series_create(by=network.owner, name="Hidden", is_public=False)
    assert client.get(reverse("series:calendar", args=[hidden.pk])).status_code == 404
