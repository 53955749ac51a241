"""The organizations' writes (organizations/services.py): who may do what, clear refusals, and every change in the
organization's log (and an event's in its event log) with who made it."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from common.refusals import Conflict, NotAllowed, NotFound
from organizations.models import EventLocation, Membership, OrganizationLogEntry
from organizations.services import (
    event_location_set,
    location_add,
    member_remove,
    member_set,
    organization_create,
)
from tests.factories import EventFactory, UserFactory
from tournaments.models import EventLogEntry
from tournaments.services.events import event_copy

pytestmark = pytest.mark.django_db


def test_every_change_is_in_the_organizations_log_with_who_made_it(network):
    n = network
    log = list(OrganizationLogEntry.objects.filter(organization=n.first).order_by("pk"))
    assert [entry.action for entry in log] == [
        "created",
        "store_added",
        "store_added",
        "member_set",
        "member_set",
        "event_store_set",
        "event_store_set",
    ]
    assert {entry.user for entry in log} == {n.owner}
    assert "judge is now judge." in log[4].message


def test_holding_an_event_at_a_store_is_in_the_event_log(network):
    n = network
    entry = EventLogEntry.objects.get(event=n.at_berlin, action="store_set")
    assert entry.user == n.owner and "Lair Berlin" in entry.message
    assert entry.after == {"location": n.berlin.pk, "start_time": "19:00"}


def test_only_an_organizer_makes_an_organization():
    with pytest.raises(NotAllowed):
        organization_create(name="Mine", by=UserFactory())


def test_only_an_owner_adds_stores_and_members(network):
    n = network
    with pytest.raises(NotAllowed):
        location_add(organization=n.first, name="Lair Hamburg", by=n.keeper)
    with pytest.raises(NotAllowed):
        member_set(organization=n.first, who="judge", role="owner", by=n.keeper)
    with pytest.raises(NotFound):  # another organization's owner: no such organization
        member_set(organization=n.first, who=n.rival.username, role="owner", by=n.rival)
    assert not Membership.objects.filter(organization=n.first, user=n.rival).exists()


def test_bad_input_is_refused_with_a_message(network):
    n = network
    with pytest.raises(ValidationError) as bad_zone:
        location_add(organization=n.first, name="Lair Mars", time_zone="Mars/Olympus", by=n.owner)
    assert "no time zone" in str(bad_zone.value)
    with pytest.raises(ValidationError) as nobody:
        member_set(organization=n.first, who="nobody@example.org", role="judge", by=n.owner)
    assert "signs up first" in str(nobody.value)
    with pytest.raises(ValidationError):
        member_set(organization=n.first, who="judge", role="emperor", by=n.owner)


def test_the_last_owner_stays(network):
    n = network
    with pytest.raises(Conflict):
        member_remove(organization=n.first, user=n.owner, by=n.owner)
    with pytest.raises(Conflict):
        member_set(organization=n.first, who=n.owner.username, role="judge", by=n.owner)
    member_set(organization=n.first, who="judge", role="owner", by=n.owner)
    member_remove(organization=n.first, user=n.owner, by=n.owner)
    assert not Membership.objects.filter(organization=n.first, user=n.owner).exists()


def test_only_who_runs_the_event_and_may_use_the_store_puts_it_there(network):
    n = network
    with pytest.raises(NotFound):  # not their event
        event_location_set(event=n.own, location=n.berlin, by=n.owner)
    with pytest.raises(NotFound):  # not their store
        event_location_set(event=n.own, location=n.berlin, by=n.loner)
    with pytest.raises(NotFound):  # a scorekeeper doesn't move events
        event_location_set(event=n.at_berlin, location=n.munich, by=n.keeper)
    assert not EventLocation.objects.filter(event=n.own).exists()


def test_run_again_holds_the_copy_at_the_same_store_at_the_same_time(network):
    n = network
    copy = event_copy(event=n.at_berlin, date=n.at_berlin.date + dt.timedelta(days=7), by=n.owner)
    link = EventLocation.objects.get(event=copy)
    assert (link.location, link.start_time) == (n.berlin, dt.time(19, 0))
    own_copy = event_copy(event=EventFactory(organizer=n.loner), date=dt.date(2030, 1, 1), by=n.loner)
    assert not EventLocation.objects.filter(event=own_copy).exists()
