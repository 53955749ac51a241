"""The desk's one next step with pairings reviewed before players see them (issue 53): after pairing, "Publish
round N" (and the top cut's rounds by their names); the step publishes through the page's button, and the rest of
the event runs as before."""

import pytest
from django.test import Client
from django.urls import reverse

from desk.selectors import desk_next_step
from tests.desk.test_steps import _finish_round, _run, _sealed_event
from tests.portal.scene import login_client
from tournaments.enums import EnforcementLevel, EventStatus
from tournaments.models import Event, EventLogEntry, Round
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db


def test_every_round_is_published_before_its_clock_through_a_top_cut():
    organizer, event = _sealed_event(teams=6, swiss_rounds=2, top_cut=4)
    Event.objects.filter(pk=event.pk).update(enforcement_level=EnforcementLevel.COMPETITIVE)
    labels = []
    for _ in range(2):
        labels += [_run(event, organizer).label for _step in range(3)]  # pair, publish, clock
        _finish_round(event)
    labels += [_run(event, organizer).label for _step in range(3)]  # cut, publish, clock
    _finish_round(event)
    labels += [_run(event, organizer).label for _step in range(3)]  # final, publish, clock
    _finish_round(event)
    assert labels == [
        "Pair round 1",
        "Publish round 1",
        "Start the clock",
        "Pair round 2",
        "Publish round 2",
        "Start the clock",
        "Cut to top 4",
        "Publish Semifinal",
        "Start the clock",
        "Pair the next top-cut round",
        "Publish Final",
        "Start the clock",
    ]
    _run(event, organizer)
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
    assert EventLogEntry.objects.filter(event=event, action=LogAction.ROUND_PUBLISHED, user=organizer).count() == 4


def test_a_regular_event_goes_from_pairing_to_the_clock_as_before():
    organizer, event = _sealed_event(teams=4, swiss_rounds=2, top_cut=0)
    assert _run(event, organizer).label == "Pair round 1"
    assert desk_next_step(event=Event.objects.get(pk=event.pk)).label == "Start the clock"


def test_the_desks_button_publishes_the_round():
    organizer, event = _sealed_event(teams=4, swiss_rounds=2, top_cut=0)
    Event.objects.filter(pk=event.pk).update(review_pairings=True)
    _run(event, organizer)
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    assert (step.kind, step.label) == ("publish", "Publish round 1")
    client = login_client(Client(), organizer)
    assert client.post(reverse("desk:step", args=[event.pk]), {"key": step.key}).status_code == 302
    assert Round.objects.get(event=event, number=1).is_published
