"""Reading the event log (issue 29): the one log filtered for the log page, its CSV and the desk's log panel.

Who may read it is the rights module's to say (the log page: may_judge_event, since it names penalties; the desk's
panel: may_score_event, shown only the kinds the desk works with, DESK_LOG_KINDS). Picks are never logged, and the
page is closed to players, so nothing here reveals an unconfirmed report or a pick to a player.
"""

import json
from dataclasses import dataclass

import tablib
from django.db.models import Q, QuerySet

from common.params import plain_int
from tournaments.exports import dataset_bytes
from tournaments.models import Event, EventLogEntry, Registration
from tournaments.models.log import LogKind

# What the desk's panel shows: what the desk and the scorekeepers do (never penalties, deck checks or decklists).
DESK_LOG_KINDS = (
    LogKind.DESK,
    LogKind.RESULT,
    LogKind.PAIRING,
    LogKind.DROP,
    LogKind.SEATS,
    LogKind.SETTINGS,
    LogKind.DRAFT,
)


@dataclass(frozen=True)
class LogFilter:
    """The log page's filters; empty means all. `team` is a registration of the event."""

    kind: str = ""
    round_number: int | None = None
    team: int | None = None
    person: str = ""
    text: str = ""

    def as_query(self) -> dict[str, str]:
        """The filters as the page's query string (for the CSV link of the same selection)."""
        values = {
            "kind": self.kind,
            "round": self.round_number,
            "team": self.team,
            "person": self.person,
            "text": self.text,
        }
        return {k: str(v) for k, v in values.items() if v not in ("", None)}


def event_log_filter_from(params) -> LogFilter:
    """The filters from a query string; what can't be read (an unknown kind, a round that isn't a number, NUL
    bytes) is left out rather than refused, so a hand-edited link never fails."""

    def clean(name: str) -> str:
        return str(params.get(name, "") or "").replace("\x00", "").strip()[:100]

    kind = clean("kind")
    return LogFilter(
        kind=kind if kind in LogKind.values else "",
        round_number=plain_int(clean("round"), max_digits=6),
        team=plain_int(clean("team"), max_digits=12),
        person=clean("person"),
        text=clean("text"),
    )


def event_log_entries(*, event: Event, filters: LogFilter | None = None) -> list[EventLogEntry]:
    """The event's log, oldest first, narrowed by `filters`. The text filter matches the sentence as each reader
    reads it (in the active language) or as it was written (English)."""
    filters = filters or LogFilter()
    entries = (
        EventLogEntry.objects.filter(event=event).select_related("user", "registration__team").order_by("at", "pk")
    )
    if filters.kind:
        entries = entries.filter(kind=filters.kind)
    if filters.round_number is not None:
        entries = entries.filter(round_number=filters.round_number)
    if filters.team is not None:
        entries = entries.filter(Q(registration_id=filters.team) | Q(data__team=filters.team))
    if filters.person:
        entries = entries.filter(Q(user__username__icontains=filters.person) | Q(actor__icontains=filters.person))
    found = list(entries)
    if filters.text:
        needle = filters.text.casefold()
        found = [e for e in found if needle in e.text.casefold() or needle in e.message.casefold()]
    return found


def event_log_latest(*, event: Event, kinds=DESK_LOG_KINDS, count: int = 8) -> list[EventLogEntry]:
    """The newest `count` entries of these kinds, newest first (the desk's log panel)."""
    return list(
        EventLogEntry.objects.filter(event=event, kind__in=kinds).select_related("user").order_by("-at", "-pk")[:count]
    )


def event_log_teams(*, event: Event) -> QuerySet[Registration]:
    """The teams the page's team filter offers: the event's registrations, by name."""
    return Registration.objects.filter(event=event).select_related("team").order_by("team__name")


def event_log_rounds(*, event: Event) -> list[int]:
    """The round numbers that have entries, for the page's round filter."""
    return sorted(
        set(
            EventLogEntry.objects.filter(event=event, round_number__isnull=False).values_list("round_number", flat=True)
        )
    )


CSV_COLUMNS = ["at", "by", "action", "message", "kind", "round", "team", "before", "after", "went on despite"]


def event_log_csv(*, event: Event, filters: LogFilter | None = None) -> bytes:
    """The event's log as CSV, with the page's filters: when, who, the action's word, the sentence (in the active
    language), then the kind, round, team, what was before and after (JSON) and the warnings gone past. Written
    through tournaments.exports, so a cell never runs as a formula."""
    # An individual event's entrants are its players (tournaments.wording): the entrant column says so.
    data = tablib.Dataset(headers=[("player" if c == "team" and event.is_individual else c) for c in CSV_COLUMNS])
    for entry in event_log_entries(event=event, filters=filters):
        data.append(
            [
                entry.at.isoformat(),
                entry.by,
                entry.action,
                entry.text,
                entry.kind,
                "" if entry.round_number is None else entry.round_number,
                entry.registration.team.name if entry.registration_id else "",
                _json(entry.before),
                _json(entry.after),
                " ".join(entry.warning_texts),
            ]
        )
    return dataset_bytes(data, "csv")


def _json(value) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)
