"""The event log: every change judges and the organizer must be able to trace afterwards goes through here."""
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, EventLogEntry
from tournaments.rights import actor_label, person_of


class LogAction(models.TextChoices):
    SEATS_CORRECTED = "seats_corrected", _("Seats corrected by a judge")
    TEAM_RENAMED = "team_renamed", _("Team renamed")
    DROPPED = "dropped", _("Team dropped")
    REINSTATED = "reinstated", _("Team reinstated")
    DISQUALIFIED = "disqualified", _("Team disqualified")
    ROUND_TAKEN_BACK = "round_taken_back", _("Round taken back")
    EVENT_IMPORTED = "event_imported", _("Event imported from a file")
    DECKLIST_CHANGED = "decklist_changed", _("Locked decklist changed by a judge")
    RESULT_CORRECTED = "result_corrected", _("Final result changed")
    PENALTY = "penalty", _("Penalty recorded")
    PENALTY_APPLIED = "penalty_applied", _("Penalty applied to a match result")
    DECK_CHECK = "deck_check", _("Deck check")
    STAFF_CHANGED = "staff_changed", _("Staff changed")
    DELETED = "deleted", _("Deleted in the admin")
    EVENT_CREATED = "event_created", _("Event created")
    SETTINGS_CHANGED = "settings_changed", _("Settings changed")
    EVENT_CLOSED = "event_closed", _("Event closed")
    EVENT_REOPENED = "event_reopened", _("Event reopened")


def event_log_record(*, event: Event, user, action: str, message: str, data: dict | None = None) -> EventLogEntry:
    """Record one entry in the event's log (inside the caller's transaction, so it is kept exactly when the change
    it describes is). `user` may be None for what Hydra does by itself; an API token (or its person acting
    through it) is recorded as the token by name, "token Desk 2 (of alice)"."""
    person = person_of(user)
    return EventLogEntry.objects.create(
        event=event,
        user=person if getattr(person, "is_authenticated", False) else None,
        actor=actor_label(user),
        action=action,
        message=message,
        data=data or {},
    )
