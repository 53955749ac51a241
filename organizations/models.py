"""Organizations (issue 53; docs/organizations.md): a store, or a network of stores, that owns events. Its members
hold a role (owner, organizer, scorekeeper, judge) at every event of its stores; each store (Location) has its name,
address and time zone, a public page and a calendar feed.

The link of an event to a store lives here (EventLocation, one per event at most), so tournaments knows nothing of
organizations: the rights module learns the members' roles through tournaments/affiliations.py. An event without
a link is its organizer's own, as before."""

import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from organizations.enums import OrganizationRole
from tournaments.models import Event


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(
            _("%(value)s is no time zone: write it as Europe/Berlin or America/New_York."), params={"value": value}
        )


class Organization(models.Model):
    name = models.CharField(_("name"), max_length=200)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("organization")
        verbose_name_plural = _("organizations")

    def __str__(self) -> str:
        return self.name


class Location(models.Model):
    """One store of an organization: where its events are held."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="locations", verbose_name=_("organization")
    )
    name = models.CharField(_("name"), max_length=200)
    address = models.TextField(_("address"), max_length=500, blank=True)
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text=_("The store's time zone, as Europe/Berlin: the events' times and the calendar feed use it."),
    )

    class Meta:
        ordering = ["organization", "name", "pk"]
        verbose_name = _("store")
        verbose_name_plural = _("stores")

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)


class Membership(models.Model):
    """One person's role in an organization, at every event of its stores."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("organization")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="organization_memberships",
        verbose_name=_("person"),
    )
    role = models.CharField(_("role"), max_length=20, choices=OrganizationRole.choices)
    added_at = models.DateTimeField(_("added"), auto_now_add=True)
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("added by"),
    )

    class Meta:
        ordering = ["organization", "role", "user__username"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["organization", "user"], name="organization_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class EventLocation(models.Model):
    """The store an event is held at, and the time it starts there (the calendar's time, in the store's zone)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="store_link", verbose_name=_("event"))
    location = models.ForeignKey(
        Location, on_delete=models.PROTECT, related_name="event_links", verbose_name=_("store")
    )
    start_time = models.TimeField(
        _("starts at"), null=True, blank=True, help_text=_("Local time at the store; empty: a day-long event.")
    )

    class Meta:
        verbose_name = _("event at a store")
        verbose_name_plural = _("events at stores")

    def __str__(self) -> str:
        return f"{self.event} @ {self.location}"


class OrganizationLogEntry(models.Model):
    """One change to an organization (created, a store added, a member added or removed, an event put at a store),
    with who made it: the organization's audit, as the event log is an event's (a change to an event is written to
    its event log as well)."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="log_entries", verbose_name=_("organization")
    )
    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    actor = models.CharField(_("acting as"), max_length=200, blank=True, default="")
    action = models.CharField(_("action"), max_length=40)
    message = models.TextField(_("message"))
    data = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("organization log entry")
        verbose_name_plural = _("organization log")

    def __str__(self) -> str:
        return self.message
