"""The iCalendar feeds (RFC 5545) of a store and of a series (issue 53; docs/organizations.md), written with the
`icalendar` library: phones subscribe to their address and read the coming public events.

Each event is one VEVENT with a stable UID (the event's id and the server's name: the same event keeps it on every
fetch, so a phone updates it instead of adding it twice), DTSTAMP, SUMMARY, URL (its public page) and, at a store,
LOCATION. An event with a start time at its store starts then in the store's time zone (DTSTART with TZID, and the
zone's VTIMEZONE in the calendar); it lasts an hour a round (the Swiss rounds and the top cut's), an estimate.
An event without a start time, or at no store, is a day-long event (DTSTART;VALUE=DATE)."""

import datetime as dt
import math
from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from organizations.models import EventLocation
from tournaments.models import Event

PRODID = "-//Hydra//Tournament calendar//EN"
CONTENT_TYPE = "text/calendar; charset=utf-8"


def event_uid(*, event: Event, host: str) -> str:
    return f"event-{event.pk}@{host}"


def _rounds(event: Event) -> int:
    cut = math.ceil(math.log2(event.top_cut)) if event.top_cut and event.top_cut > 1 else 0
    return max(1, event.swiss_rounds + cut)


def _vevent(*, event: Event, link: EventLocation | None, base_url: str, host: str, stamp: dt.datetime):
    entry = CalendarEvent()
    entry.add("uid", event_uid(event=event, host=host))
    entry.add("dtstamp", stamp)
    entry.add("summary", event.name)
    entry.add("url", base_url + reverse("portal:event", args=[event.pk]))
    if link is not None and link.start_time is not None:
        start = dt.datetime.combine(event.date, link.start_time, tzinfo=link.location.zone)
        entry.add("dtstart", start)
        entry.add("dtend", start + dt.timedelta(hours=_rounds(event)))
    else:
        entry.add("dtstart", event.date)
        entry.add("dtend", event.date + dt.timedelta(days=1))
    where = ", ".join(
        part for part in ((link.location.name, link.location.address) if link else (event.location,)) if part
    )
    if where:
        entry.add("location", where.replace("\r\n", ", ").replace("\n", ", "))
    return entry


def calendar_ics(
    *, name: str, events: Iterable[Event], links: dict[int, EventLocation], base_url: str, host: str
) -> bytes:
    """The calendar `name` with one VEVENT per event (`links`: their stores by event id), as bytes to serve."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    stamp = timezone.now().astimezone(dt.UTC).replace(microsecond=0)
    for event in events:
        calendar.add_component(
            _vevent(event=event, link=links.get(event.pk), base_url=base_url, host=host, stamp=stamp)
        )
    calendar.add_missing_timezones()
    return calendar.to_ical()


def calendar_response(request: HttpRequest, *, name: str, events, links, filename: str) -> HttpResponse:
    """An .ics feed of these events (organizations.calendar), for a store's or a series' calendar."""
    body = calendar_ics(
        name=name,
        events=events,
        links=links,
        base_url=f"{request.scheme}://{request.get_host()}",
        host=request.get_host().split(":")[0],
    )
    response = HttpResponse(body, content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
