"""Writes of the organizations app (docs/organizations.md): create an organization (its creator its first owner),
add stores, add, change and remove members, and hold an event at one of its stores.

Every door asks tournaments/rights.py: an organization the person is no member of is refused as if it didn't exist
(NotFound), a member who isn't an owner with NotAllowed. Each change is written to the organization's log with who
made it, and a change to an event (held at a store, moved, taken back) to the event's log as well."""

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import Conflict, NotAllowed, NotFound, Refusal
from organizations.enums import OrganizationRole
from organizations.models import EventLocation, Location, Membership, Organization, OrganizationLogEntry
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.rights import (
    actor_label,
    forget_rights,
    may_create_organization,
    may_manage_organization,
    may_run_event,
    may_see_event,
    may_see_organization,
    may_use_location,
    person_of,
)
from tournaments.services.eventlog import LogAction, event_log_record


def _log(*, organization: Organization, by, action: str, message: str, data: dict | None = None) -> None:
    person = person_of(by)
    OrganizationLogEntry.objects.create(
        organization=organization,
        user=person if getattr(person, "is_authenticated", False) else None,
        actor=actor_label(by),
        action=action,
        message=message,
        data=data or {},
    )


def _require_owner(*, organization: Organization, by) -> None:
    if not may_see_organization(by, organization):
        raise NotFound(_("No such organization."))
    if not may_manage_organization(by, organization):
        raise NotAllowed(_("Only an owner of the organization changes its stores and members."))


@transaction.atomic
def organization_create(*, name: str, by) -> Organization:
    """A new organization with `by` as its first owner: the organizer role (may_create_events), else NotAllowed."""
    if not may_create_organization(by):
        raise NotAllowed(_("Only an organizer can make an organization."))
    person = person_of(by)
    organization = Organization(name=(name or "").strip(), created_by=person)
    organization.full_clean(exclude=["created_by"])
    organization.save()
    Membership.objects.create(organization=organization, user=person, role=OrganizationRole.OWNER, added_by=person)
    forget_rights(user=person)
    _log(
        organization=organization,
        by=by,
        action="created",
        message=f"Organization created: {organization.name}.",
        data={"owner": person.pk},
    )
    return organization


@transaction.atomic
def location_add(*, organization: Organization, name: str, address: str = "", time_zone: str = "UTC", by) -> Location:
    """A new store of the organization (its owners): a ValidationError per field for a bad name or time zone."""
    _require_owner(organization=organization, by=by)
    location = Location(
        organization=organization, name=(name or "").strip(), address=(address or "").strip(), time_zone=time_zone
    )
    location.full_clean()
    location.save()
    _log(
        organization=organization,
        by=by,
        action="store_added",
        message=f"Store added: {location.name} ({location.time_zone}).",
        data={"location": location.pk},
    )
    return location


def member_account(*, who: str):
    """The active account with this user name or e-mail address (case-insensitive), or a Refusal saying what to do.
    An e-mail address that several accounts share names nobody: type the user name."""
    text = (who or "").strip()
    if not text or "\x00" in text or len(text) > 254:
        raise Refusal({"who": _("Type the user name or e-mail address of an existing account.")})
    accounts = get_user_model().objects.filter(is_active=True)
    user = accounts.filter(username__iexact=text).first()
    if user is None and "@" in text:
        found = list(accounts.filter(email__iexact=text)[:2])
        if len(found) == 1:
            user = found[0]
        elif found:
            raise Refusal({"who": _("Several accounts share this e-mail address: type the user name instead.")})
    if user is None:
        raise Refusal({"who": _("No account has this user name or e-mail address: the person signs up first.")})
    return user


@transaction.atomic
def member_set(*, organization: Organization, who: str, role: str, by) -> Membership:
    """Give the account named `who` (user name or e-mail) this role in the organization, at every event of its
    stores (its owners only). Replaces the role they had; the last owner stays an owner."""
    _require_owner(organization=organization, by=by)
    if role not in OrganizationRole.values:
        raise Refusal({"role": _("Choose a role: owner, organizer, scorekeeper or judge.")})
    user = member_account(who=who)
    Organization.objects.select_for_update().filter(pk=organization.pk).first()
    membership = Membership.objects.filter(organization=organization, user=user).first()
    before = membership.role if membership else ""
    if membership is not None and membership.role == role:
        return membership
    if before == OrganizationRole.OWNER and _owner_count(organization) == 1:
        raise Conflict(_("The organization keeps at least one owner: make someone else an owner first."))
    if membership is None:
        membership = Membership.objects.create(organization=organization, user=user, role=role, added_by=person_of(by))
    else:
        membership.role = role
        membership.save(update_fields=["role"])
    forget_rights(user=user)
    _log(
        organization=organization,
        by=by,
        action="member_set",
        message=f"{user.get_username()} is now {role}" + (f" (was {before})." if before else "."),
        data={"user": user.pk, "before": before, "after": role},
    )
    return membership


def _owner_count(organization: Organization) -> int:
    return Membership.objects.filter(organization=organization, role=OrganizationRole.OWNER).count()


@transaction.atomic
def member_remove(*, organization: Organization, user, by) -> None:
    """Take the person out of the organization (its owners only); the last owner stays."""
    _require_owner(organization=organization, by=by)
    Organization.objects.select_for_update().filter(pk=organization.pk).first()
    membership = Membership.objects.filter(organization=organization, user=user).first()
    if membership is None:
        raise NotFound(_("%(name)s is no member of the organization.") % {"name": user.get_username()})
    if membership.role == OrganizationRole.OWNER and _owner_count(organization) == 1:
        raise Conflict(_("The organization keeps at least one owner: make someone else an owner first."))
    membership.delete()
    forget_rights(user=user)
    _log(
        organization=organization,
        by=by,
        action="member_removed",
        message=f"{user.get_username()} removed (was {membership.role}).",
        data={"user": user.pk, "before": membership.role},
    )


def _where(link: EventLocation | None) -> dict:
    if link is None:
        return {"location": None, "start_time": None}
    return {
        "location": link.location_id,
        "start_time": link.start_time.isoformat(timespec="minutes") if link.start_time else None,
    }


@transaction.atomic
def event_location_set(*, event: Event, location: Location | None, start_time: dt.time | None = None, by):
    """Hold the event at one of an organization's stores, starting at `start_time` there (None: a day-long event),
    or at no store (`location` None: the event is its organizer's own again). Whoever runs the event, and for a
    store whoever may hold events there (its organization's owners and organizers): else NotFound. Written to the
    event's log and to the organization's (both, when it moves between organizations)."""
    if not may_see_event(by, event) or not may_run_event(by, event):
        raise NotFound(_("No such event."))
    if location is not None and not may_use_location(by, location):
        raise NotFound(_("No such store."))
    Event.objects.select_for_update().filter(pk=event.pk).first()
    link = EventLocation.objects.filter(event=event).select_related("location__organization").first()
    before = _where(link)
    old_location = link.location if link else None
    if location is None:
        if link is not None:
            link.delete()
        link = None
    elif link is None:
        link = EventLocation.objects.create(event=event, location=location, start_time=start_time)
    else:
        link.location, link.start_time = location, start_time
        link.save(update_fields=["location", "start_time"])
    after = _where(link)
    if after == before:
        return link
    if location is not None:
        message = LogText(gettext_lazy("Event held at the store %(store)s."), {"store": location.name})
    else:
        message = LogText(gettext_lazy("Event taken out of the store %(store)s."), {"store": old_location.name})
    event_log_record(event=event, user=by, action=LogAction.STORE_SET, message=message, before=before, after=after)
    organizations = {loc.organization_id: loc.organization for loc in (old_location, location) if loc is not None}
    for organization in organizations.values():
        _log(
            organization=organization,
            by=by,
            action="event_store_set",
            message=f"Event {event.name} ({event.date:%Y-%m-%d}): {message.english()}",
            data={"event": event.pk, "before": before, "after": after},
        )
    return link


def event_location_copy(*, source: Event, copy: Event, by) -> None:
    """ "Run again" of an event held at a store holds the copy at the same store at the same time, when `by` may
    hold events there (else the copy is `by`'s own). Registered in OrganizationsConfig.ready()
    (tournaments/copying.py)."""
    link = EventLocation.objects.filter(event=source).select_related("location__organization").first()
    if link is None or not may_use_location(by, link.location):
        return
    event_location_set(event=copy, location=link.location, start_time=link.start_time, by=by)
