"""The event log, the one audit log of an event (issue 29): every change judges and the organizer must be able to
trace afterwards goes through `event_log_record`, whoever makes it (a person, a token, Hydra itself) and from
whichever door (desk, portal, API, admin, task, event-file import)."""

from collections.abc import Iterable

from django.db import models
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.enums import RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, EventLogEntry
from tournaments.models.log import LogKind
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
    DECKLIST_SUBMITTED = "decklist_submitted", _("Decklist registered")
    RESULT_REPORTED = "result_reported", _("Result reported")
    RESULT_REPORT_CORRECTED = "result_report_fixed", _("Report corrected by the reporting team")
    RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
    RESULT_DISPUTED = "result_disputed", _("Result disputed")
    RESULT_FINAL = "result_final", _("Result entered as final")
    RESULT_CORRECTED = "result_corrected", _("Final result changed")
    ROUND_PAIRED = "round_paired", _("Round paired")
    ROUND_REPAIRED = "round_repaired", _("Round paired again")
    PAIRING_SWAPPED = "pairing_swapped", _("Teams swapped in the pairings")
    ROUND_PUBLISHED = "round_published", _("Round published to the players")
    TOP_CUT_PAIRED = "top_cut_paired", _("Top cut paired")
    DAY2_CUT = "day2_cut", _("Day 2 cut made")
    DAY2_CUT_UNDONE = "day2_cut_undone", _("Day 2 cut undone")
    PENALTY = "penalty", _("Penalty recorded")
    PENALTY_APPLIED = "penalty_applied", _("Penalty applied to a match result")
    DECK_CHECK = "deck_check", _("Deck check")
    STAFF_CHANGED = "staff_changed", _("Staff changed")
    DELETED = "deleted", _("Deleted in the admin")
    EVENT_CREATED = "event_created", _("Event created")
    SETTINGS_CHANGED = "settings_changed", _("Settings changed")
    EVENT_CLOSED = "event_closed", _("Event closed")
    EVENT_REOPENED = "event_reopened", _("Event reopened")
    SEAT_INVITED = "seat_invited", _("Account invited to a seat")
    INVITATION_ACCEPTED = "invitation_accepted", _("Seat invitation accepted")
    INVITATION_DECLINED = "invitation_declined", _("Seat invitation declined")
    PLACEHOLDER_MERGED = "placeholder_merged", _("Placeholder merged into its person's account")
    SERIES_ATTACHED = "series_attached", _("Event put into a series")
    SERIES_DETACHED = "series_detached", _("Event taken out of a series")
    SERIES_CHANGED = "series_changed", _("Series settings changed")
    SERIES_RECORDED = "series_recorded", _("Results recorded for the series")
    SERIES_PARTNER_JOINED = "series_partner_joined", _("Organizer joined the series")
    STORE_SET = "store_set", _("Event held at a store")
    ANNOUNCED = "announced", _("Announcement posted")
    SIGNUP_APPROVED = "signup_approved", _("Sign-up approved")
    WAITLIST_MOVED_UP = "waitlist_moved_up", _("Moved up from the waitlist")
    PHASE_PLAN_CHANGED = "phase_plan_changed", _("Phase plan changed")
    PHASE_STARTED = "phase_started", _("Phase started")
    INVITE_LIST_IMPORTED = "invite_list_imported", _("Players imported from an EventLink invite list")


# The family of each action, for the page's filter; actions not listed here name theirs when they are recorded.
ACTION_KINDS = {
    LogAction.SEATS_CORRECTED: LogKind.SEATS,
    LogAction.TEAM_RENAMED: LogKind.SEATS,
    LogAction.SEAT_INVITED: LogKind.SEATS,
    LogAction.INVITATION_ACCEPTED: LogKind.SEATS,
    LogAction.INVITATION_DECLINED: LogKind.SEATS,
    LogAction.PLACEHOLDER_MERGED: LogKind.SEATS,
    LogAction.DROPPED: LogKind.DROP,
    LogAction.REINSTATED: LogKind.DROP,
    LogAction.DISQUALIFIED: LogKind.DROP,
    LogAction.ROUND_TAKEN_BACK: LogKind.PAIRING,
    LogAction.ROUND_PAIRED: LogKind.PAIRING,
    LogAction.ROUND_REPAIRED: LogKind.PAIRING,
    LogAction.PAIRING_SWAPPED: LogKind.PAIRING,
    LogAction.ROUND_PUBLISHED: LogKind.PAIRING,
    LogAction.TOP_CUT_PAIRED: LogKind.PAIRING,
    LogAction.DAY2_CUT: LogKind.PAIRING,
    LogAction.DAY2_CUT_UNDONE: LogKind.PAIRING,
    LogAction.DECKLIST_CHANGED: LogKind.DECKLIST,
    LogAction.DECKLIST_SUBMITTED: LogKind.DECKLIST,
    LogAction.RESULT_REPORTED: LogKind.RESULT,
    LogAction.RESULT_REPORT_CORRECTED: LogKind.RESULT,
    LogAction.RESULT_CONFIRMED: LogKind.RESULT,
    LogAction.RESULT_DISPUTED: LogKind.RESULT,
    LogAction.RESULT_FINAL: LogKind.RESULT,
    LogAction.RESULT_CORRECTED: LogKind.RESULT,
    LogAction.PENALTY: LogKind.PENALTY,
    LogAction.PENALTY_APPLIED: LogKind.PENALTY,
    LogAction.DECK_CHECK: LogKind.PENALTY,
    LogAction.STAFF_CHANGED: LogKind.STAFF,
    LogAction.SETTINGS_CHANGED: LogKind.SETTINGS,
    LogAction.PHASE_PLAN_CHANGED: LogKind.SETTINGS,
    LogAction.PHASE_STARTED: LogKind.PAIRING,
    LogAction.ANNOUNCED: LogKind.DESK,
    LogAction.SIGNUP_APPROVED: LogKind.SEATS,
    LogAction.WAITLIST_MOVED_UP: LogKind.SEATS,
    LogAction.INVITE_LIST_IMPORTED: LogKind.SEATS,
}


def round_label(round_) -> LogText:
    """A round's name for a log sentence, read in each reader's language: "Round 3", or "Semifinal" (its own
    msgid) for a playoff round."""
    if round_.kind == RoundKind.SWISS:
        return LogText(_("Round %(n)d"), {"n": round_.number})
    with translation.override(None):
        return LogText(round_.name)


def event_log_record(
    *,
    event: Event,
    user,
    action: str,
    message,
    kind: str | None = None,
    data: dict | None = None,
    round_number: int | None = None,
    registration=None,
    match=None,
    before=None,
    after=None,
    warnings: Iterable = (),
) -> EventLogEntry:
    """Record one entry in the event's log (inside the caller's transaction, so it is kept exactly when the change
    it describes is). `user` may be None for what Hydra does by itself; an API token (or its person acting
    through it) is recorded as the token by name, "token Desk 2 (of alice)".

    `message` is a LogText (or a lazy string): it is kept with its source and shown in each reader's language;
    a plain string is kept as it is. `kind` defaults to the action's family (ACTION_KINDS; else "event").
    `before`/`after` are JSON values of what changed; `warnings` (LogTexts or strings) what the organizer went
    past; `round_number`, `registration` and `match` what the entry is about (the round defaults to the match's).
    """
    person = person_of(user)
    if isinstance(message, Promise):
        message = LogText(message)
    if match is not None and round_number is None:
        round_number = match.round.number
    return EventLogEntry.objects.create(
        event=event,
        user=person if getattr(person, "is_authenticated", False) else None,
        actor=actor_label(user),
        kind=kind or ACTION_KINDS.get(action, LogKind.EVENT),
        action=action,
        message=message.english() if isinstance(message, LogText) else str(message),
        source=message.as_json() if isinstance(message, LogText) else {},
        round_number=round_number,
        registration=registration,
        match=match,
        before=before,
        after=after,
        warnings=[w.as_json() if isinstance(w, LogText) else str(w) for w in warnings],
        data=data or {},
    )
