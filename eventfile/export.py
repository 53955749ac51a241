"""Export a whole event as one JSON document (docs/event-format.md).

Teams are named, not numbered: matches, draft tables and the log refer to teams by name, so the document means the
same in any Hydra and an export of an imported event is the same document (apart from the event's own id).
"""

import datetime as dt
from collections import defaultdict

from django.contrib.auth import get_user_model
from django.db import models

from drafting.models import DraftCard, DraftSettings, DraftTable, Pod
from eventfile.logdata import ID_KEYS, log_data_out
from eventfile.parts import parts_export
from judging.models import Penalty
from sealed.models import SealedPool
from tournaments.models import (
    AvoidedPairing,
    Decklist,
    Event,
    EventLogEntry,
    Player,
    Registration,
    Round,
    Seat,
    SeatMatch,
    TeamMatch,
)
from tournaments.models.log import FROM_FILE
from tournaments.standings import final_tiebreak
from tournaments.services.events import EDITABLE_FIELDS

FORMAT = "hydra-event"
VERSION = 2
READS = (1, 2)  # the versions the importer reads: version 1 is version 2 without the parts and keys 2 added

# Columns that are Hydra's own bookkeeping, not the event: never exported, set afresh on import.
_SKIP = {"id", "event", "version", "created_at", "updated_at"}


def _value(value):
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def model_row(obj: models.Model, *, skip: set[str] = frozenset()) -> dict:
    """The object's own columns (foreign keys left to the caller), JSON-ready, in field order."""
    row = {}
    for field in obj._meta.concrete_fields:
        if field.name in _SKIP or field.name in skip or field.is_relation:
            continue
        row[field.name] = _value(getattr(obj, field.attname))
    return row


def event_export(*, event: Event) -> dict:
    """The event as one document: settings, teams and seats with their decklists, drops and disqualifications,
    rounds with their matches and seat results, draft tables with their cards and logs, and the event's log.
    A fixed number of queries, whatever the event's size."""
    registrations = list(Registration.objects.filter(event=event).select_related("team").order_by("team__name", "pk"))
    names = {r.pk: r.team.name for r in registrations}
    seats_by_team: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(event=event).select_related("player").order_by("letter"):
        seats_by_team[seat.registration_id].append(seat)
    decklists = {d.seat_id: d for d in Decklist.objects.filter(seat__event=event)}
    avoid: dict[int, list[str]] = defaultdict(list)  # each pairing to avoid once, on its first team's entry
    for first, second in AvoidedPairing.objects.filter(event=event).values_list("first_id", "second_id"):
        avoid[first].append(names[second])
    teams = []
    for r in registrations:
        teams.append(
            {
                "name": r.team.name,
                "joined_round": r.joined_round,
                "missed_rounds_as_losses": r.missed_rounds_as_losses,
                "dropped_round": r.dropped_round,
                "disqualified": None
                if r.disqualified_at is None
                else {"at": _value(r.disqualified_at), "reason": r.disqualified_reason},
                "topcut_seed": r.topcut_seed,
                "tiebreak": r.tiebreak or final_tiebreak(event.pk, r.pk),
                "deck_problems": r.deck_problems,
                "byes_in_advance": r.byes_in_advance,
                "fixed_table": r.fixed_table,
                "day2_cut_round": r.day2_cut_round,
                "avoid": sorted(avoid[r.pk]),
                "seats": [
                    {
                        "seat": s.letter,
                        "player": s.player.name,
                        "decklist": None
                        if s.pk not in decklists
                        else {
                            "text": decklists[s.pk].text,
                            "main": decklists[s.pk].main,
                            "sideboard": decklists[s.pk].sideboard,
                            "errors": decklists[s.pk].errors,
                            "submitted_at": _value(decklists[s.pk].submitted_at),
                        },
                    }
                    for s in seats_by_team[r.pk]
                ],
            }
        )
    seat_results: dict[int, list[SeatMatch]] = defaultdict(list)
    for sm in SeatMatch.objects.filter(team_match__round__event=event).order_by("letter"):
        seat_results[sm.team_match_id].append(sm)
    matches_by_round: dict[int, list[TeamMatch]] = defaultdict(list)
    for m in TeamMatch.objects.filter(round__event=event).order_by("table"):
        matches_by_round[m.round_id].append(m)
    shared = event.is_shared_game
    rounds = []
    for round_ in Round.objects.filter(event=event).order_by("number"):
        rounds.append(
            {
                "number": round_.number,
                "kind": round_.kind,
                "seed": round_.seed,
                "is_finished": round_.is_finished,
                "matches": [
                    {
                        "table": m.table,
                        "team_a": names[m.team_a_id],
                        "team_b": names.get(m.team_b_id),
                        "result_state": m.result_state,
                        "outcome": m.outcome,
                        "games": {"wins_a": m.games_won_a, "wins_b": m.games_won_b, "draws": m.games_drawn}
                        if shared
                        else None,
                        "seats": [
                            {"letter": s.letter, "wins_a": s.wins_a, "wins_b": s.wins_b, "draws": s.draws}
                            for s in seat_results[m.pk]
                        ],
                        "dispute_note": m.dispute_note,
                        "reported_at": _value(m.reported_at),
                        "confirmed_at": _value(m.confirmed_at),
                    }
                    for m in matches_by_round[round_.pk]
                ],
            }
        )
    log = [e for e in _event_log(event) if "draft_table" not in e.data]
    maps = _log_maps(event, log, names)
    return {
        "format": FORMAT,
        "version": VERSION,
        "source_event_id": event.pk,
        "event": {
            **{name: _value(getattr(event, name)) for name in EDITABLE_FIELDS},
            "status": event.status,
            "day2_cut_applied": event.day2_cut_applied,
        },
        "draft_settings": _draft_settings(event),
        "teams": teams,
        "rounds": rounds,
        "draft_tables": _draft_tables(event, names),
        **parts_export(event=event, team_names=names),
        "log": [_log_row(e, names, maps) for e in log],
    }


def _event_log(event: Event) -> list[EventLogEntry]:
    return list(EventLogEntry.objects.filter(event=event).select_related("user").order_by("at", "pk"))


def _by(entry: EventLogEntry, key: str) -> str | None:
    """Who acted, as the file writes it: the username; for an entry imported from a file, the file's own words
    (so a file read and written again says the same, and never becomes the importing account's)."""
    written = entry.data.get(FROM_FILE) if isinstance(entry.data, dict) else None
    if isinstance(written, dict):
        return written.get(key) or None
    if key == "actor":
        return entry.actor or None
    return entry.user.get_username() if entry.user else None


def _log_row(entry: EventLogEntry, names: dict[int, str], maps: dict[str, dict]) -> dict:
    """One entry of the event's log; the keys issue 29 added only where they hold something, so files written
    before read the same."""
    row = {
        "at": _value(entry.at),
        "user": _by(entry, "user"),
        "action": entry.action,
        "message": entry.message,
        "data": log_data_out(entry.data, maps),
    }
    extra = {
        "actor": _by(entry, "actor"),
        "kind": entry.kind,
        "round": entry.round_number,
        "team": names.get(entry.registration_id),
        "before": entry.before,
        "after": entry.after,
        "warnings": entry.warnings,
        "source": entry.source,
    }
    return {**row, **{k: v for k, v in extra.items() if v not in (None, "", [], {})}}


def _log_maps(event: Event, entries: list[EventLogEntry], names: dict[int, str]) -> dict[str, dict]:
    """What the file writes for each id a log entry's data holds (eventfile.logdata), read once per event."""
    wanted = {kind: {e.data.get(key) for e in entries if isinstance(e.data, dict)} for key, kind in ID_KEYS.items()}
    return {
        "team": names,
        "match": {
            pk: {"round": number, "table": table}
            for pk, number, table in TeamMatch.objects.filter(round__event=event).values_list(
                "pk", "round__number", "table"
            )
        },
        "player": dict(Player.objects.filter(pk__in=_ids(wanted["player"])).values_list("pk", "name")),
        "pod": dict(Pod.objects.filter(event=event).values_list("pk", "number")),
        "pool": dict(SealedPool.objects.filter(event=event).values_list("pk", "registration__team__name")),
        "penalty": {
            pk: i
            for i, pk in enumerate(
                Penalty.objects.filter(event=event).order_by("at", "pk").values_list("pk", flat=True)
            )
        },
        "user": dict(get_user_model().objects.filter(pk__in=_ids(wanted["user"])).values_list("pk", "username")),
    }


def _ids(values) -> list[int]:
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def _draft_settings(event: Event) -> dict | None:
    found = DraftSettings.objects.filter(event=event).first()
    return None if found is None else model_row(found)


def _draft_tables(event: Event, names: dict[int, str]) -> list[dict]:
    tables = list(DraftTable.objects.filter(event=event).order_by("number"))
    cards: dict[int, list[DraftCard]] = defaultdict(list)
    for card in DraftCard.objects.filter(table__event=event).order_by("pack_index", "position"):
        cards[card.table_id].append(card)
    # A table's log is its entries in the event's one log (drafting.core.draft_log), in the file's table form.
    logs: dict[int, list[EventLogEntry]] = defaultdict(list)
    for entry in _event_log(event):
        if "draft_table" in entry.data:
            logs[entry.data["draft_table"]].append(entry)
    out = []
    for table in tables:
        row = model_row(table)
        row["team1"], row["team2"] = names[table.team1_id], names[table.team2_id]
        round_id = getattr(table, "round_id", None)
        if round_id is not None:
            row["round"] = table.round.number
        row["cards"] = [model_row(c, skip={"table"}) for c in cards[table.pk]]
        row["log"] = [
            {
                "at": _value(e.at),
                "action": e.action,
                "pack_index": e.data.get("pack_index"),
                "pick_number": e.data.get("pick_number"),
                "detail": e.data.get("detail", e.message),
                "actor": _by(e, "actor") if FROM_FILE in e.data else _by(e, "user"),
            }
            for e in logs[table.pk]
        ]
        out.append(row)
    return out
