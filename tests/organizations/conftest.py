import datetime as dt
from types import SimpleNamespace

import pytest

from organizations.services import event_location_set, location_add, member_set, organization_create
from tests.api.conftest import build_event
from tests.factories import UserFactory
from tests.series.conftest import store_organizer
from tournaments.enums import ResultState
from tournaments.models import SeatMatch


def pending_event(*, organizer, **fields):
    """An event of `organizer` with one pending match between two teams of three (its seats' results unset)."""
    event, _registrations, _rounds = build_event(
        teams=2, rounds=1, state=ResultState.PENDING, organizer=organizer, **fields
    )
    SeatMatch.objects.filter(team_match__round__event=event).delete()
    return event


@pytest.fixture
def network(db):
    """One organization (a network of two stores, Berlin and Munich) with an owner, a scorekeeper and a judge, an
    event at each store; a second organization with its own owner, scorekeeper, store and event; and an organizer
    with an event of their own, at no store."""
    owner, keeper, judge = store_organizer(), UserFactory(username="keeper"), UserFactory(username="judge")
    first = organization_create(name="Dragon's Lair", by=owner)
    berlin = location_add(
        organization=first, name="Lair Berlin", address="Torstr. 1\nBerlin", time_zone="Europe/Berlin", by=owner
    )
    munich = location_add(organization=first, name="Lair Munich", time_zone="Europe/Berlin", by=owner)
    member_set(organization=first, who="keeper", role="scorekeeper", by=owner)
    member_set(organization=first, who="judge@example.org", role="judge", by=owner)
    at_berlin = pending_event(organizer=owner, name="Berlin Friday")
    at_munich = pending_event(organizer=owner, name="Munich Friday")
    event_location_set(event=at_berlin, location=berlin, start_time=dt.time(19, 0), by=owner)
    event_location_set(event=at_munich, location=munich, start_time=None, by=owner)

    rival = store_organizer()
    rival_keeper = UserFactory(username="rivalkeeper")
    second = organization_create(name="Goblin Cave", by=rival)
    cave = location_add(organization=second, name="Cave", time_zone="America/New_York", by=rival)
    member_set(organization=second, who="rivalkeeper", role="scorekeeper", by=rival)
    at_cave = pending_event(organizer=rival, name="Cave Thursday")
    event_location_set(event=at_cave, location=cave, start_time=dt.time(18, 30), by=rival)

    loner = store_organizer()
    own = pending_event(organizer=loner, name="Kitchen Table Open")
    return SimpleNamespace(**locals())
