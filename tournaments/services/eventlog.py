"""The event log: every change judges and the organizer must be able to trace afterwards goes through here."""
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, EventLogEntry


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


def event_log_record(*, event: Event, user, action: str, message: str, data: dict | None = None) -> EventLogEntry:
    """Record one entry in the event's log (inside the caller's transaction, so it is kept exactly when the change
    it describes is). `user` may be None for what Hydra does by itself."""
    return EventLogEntry.objects.create(
        event=event,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        message=message,
        data=data or {},
    )
