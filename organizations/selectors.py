"""Reads of the organizations app (docs/organizations.md): a person's organizations and the stores they may hold
events at, an organization's events by store for the console, a store's coming public events for its page and its
calendar feed, and the members' event roles the rights module asks for (tournaments/affiliations.py)."""

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils import timezone

from organizations.models import EventLocation, Location, Membership, Organization
from tournaments.affiliations import Affiliation
from tournaments.enums import EventStatus
from tournaments.models import Event
from tournaments.rights import (
    ORG_EVENT_ROLES,
    ORG_ORGANIZER,
    ORG_OWNER,
    events_staffed_by,
    may_see_organization,
    person_of,
)

# The members' roles, as the rights module asks for them ------------------------------------------------------------


def _member_roles_at(person_id: int, event_id: int) -> frozenset[str]:
    roles = Membership.objects.filter(
        user_id=person_id, organization__locations__event_links__event_id=event_id
    ).values_list("role", flat=True)
    return frozenset(ORG_EVENT_ROLES[role] for role in roles)


def _member_events_q(person_id: int, event_roles: Iterable[str]) -> Q:
    wanted = set(event_roles)
    org_roles = [role for role, event_role in ORG_EVENT_ROLES.items() if event_role in wanted]
    if not org_roles:
        return Q(pk__in=[])
    return Q(
        pk__in=EventLocation.objects.filter(
            location__organization__memberships__user_id=person_id,
            location__organization__memberships__role__in=org_roles,
        ).values("event_id")
    )


def _is_member(person_id: int) -> bool:
    return Membership.objects.filter(user_id=person_id).exists()


MEMBERS_AFFILIATION = Affiliation(roles_at=_member_roles_at, events_q=_member_events_q, has_any=_is_member)


# A person's organizations ----------------------------------------------------------------------------------------


def organizations_of(*, user) -> QuerySet[Organization]:
    """The organizations the person (or the organizer token's person) is a member of."""
    person = person_of(user)
    if person is None:
        return Organization.objects.none()
    return Organization.objects.filter(memberships__user_id=person.pk).distinct().order_by("name", "pk")


def organization_for_member(*, pk: int, user) -> Organization:
    """The organization, for one of its members (may_see_organization); Http404 for anyone else."""
    organization = Organization.objects.filter(pk=pk).first()
    if organization is None or not may_see_organization(user, organization):
        raise Http404("No such organization.")
    return organization


def locations_usable_by(*, user) -> QuerySet[Location]:
    """The stores the person may hold events at (tournaments.rights.may_use_location): those of the organizations
    they own or organize for."""
    person = person_of(user)
    if person is None:
        return Location.objects.none()
    if person.is_superuser:
        return Location.objects.select_related("organization").order_by("organization__name", "name")
    return (
        Location.objects.filter(
            organization__memberships__user_id=person.pk,
            organization__memberships__role__in=(ORG_OWNER, ORG_ORGANIZER),
        )
        .select_related("organization")
        .order_by("organization__name", "name")
    )


def event_location(*, event: Event) -> EventLocation | None:
    return EventLocation.objects.filter(event=event).select_related("location__organization").first()


# The console: an organization's events by store ------------------------------------------------------------------


@dataclass
class StoreEvents:
    location: Location
    links: list[EventLocation] = field(default_factory=list)  # each with its event


@dataclass
class OrganizationEvents:
    organization: Organization
    stores: list[StoreEvents] = field(default_factory=list)


def console_by_store(*, user, finished_shown: int = 10) -> list[OrganizationEvents]:
    """Each of the person's organizations with each of its stores and the store's events the person holds a role
    at (tournaments.rights.events_staffed_by): the coming and running ones by date, then the latest finished."""
    organizations = list(organizations_of(user=user).prefetch_related("locations"))
    if not organizations:
        return []
    staffed = events_staffed_by(user)
    links = (
        EventLocation.objects.filter(location__organization__in=organizations, event__in=staffed)
        .select_related("event", "location")
        .order_by("event__date", "start_time", "event__name")
    )
    by_location: dict[int, list[EventLocation]] = {}
    finished: dict[int, list[EventLocation]] = {}
    for link in links:
        target = finished if link.event.status == EventStatus.FINISHED else by_location
        target.setdefault(link.location_id, []).append(link)
    result = []
    for organization in organizations:
        stores = []
        for location in organization.locations.all():
            done = finished.get(location.pk, [])[-finished_shown:]
            stores.append(StoreEvents(location, by_location.get(location.pk, []) + list(reversed(done))))
        result.append(OrganizationEvents(organization, stores))
    return result


# A store's public page and its calendar --------------------------------------------------------------------------


def store_for_viewer(*, pk: int) -> Location:
    """A store's public page: every store is public (its private events are not)."""
    location = Location.objects.filter(pk=pk).select_related("organization").first()
    if location is None:
        raise Http404("No such store.")
    return location


def store_today(*, location: Location, now: dt.datetime | None = None) -> dt.date:
    return timezone.localtime(now or timezone.now(), location.zone).date()


def coming_public_links(*, locations: Iterable[Location], now: dt.datetime | None = None) -> list[EventLocation]:
    """The public events still to come or running at these stores (from each store's today on, finished ones left
    out), by date and time: what a store's page and calendar feed list. Private events never appear."""
    links = []
    for location in locations:
        today = store_today(location=location, now=now)
        links.extend(
            EventLocation.objects.filter(location=location, event__is_public=True, event__date__gte=today)
            .exclude(event__status=EventStatus.FINISHED)
            .select_related("event", "location")
        )
    links.sort(key=lambda link: (link.event.date, link.start_time or dt.time.min, link.event.name, link.event.pk))
    return links


def event_locations_of(*, events: Iterable[Event]) -> dict[int, EventLocation]:
    """The store links of these events, by event id (an event at no store has none)."""
    ids = [event.pk for event in events]
    return {link.event_id: link for link in EventLocation.objects.filter(event_id__in=ids).select_related("location")}
