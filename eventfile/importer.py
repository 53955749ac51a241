"""Import a whole event from its JSON document (docs/event-format.md), under the caller as its organizer.

Everything is checked before anything is written, and written in one transaction: a document with a problem
recreates nothing, and every problem found is named with its place in the document ("rounds[2].matches[5].team_b").
"""

import datetime as dt
import json
import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.functions import Lower
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drafting.core import draft_log
from drafting.models import DraftCard, DraftSettings, DraftTable, Pod
from eventfile.export import FORMAT, READS
from eventfile.logdata import log_data_in
from eventfile.mtgodecklistcache import CacheFileError, cache_to_hydra, import_warnings, is_cache_document
from eventfile.topdeck import TopDeckFileError, is_topdeck_document, topdeck_to_event_file
from eventfile.parts import Resolver, parts_event_models, parts_import, parts_keys, parts_player_names
from eventfile.validation import Problems, document_scan, row_fields, rows_insert
from judging.models import Penalty
from sealed.models import SealedPool
from tournaments import scoring
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import (
    AvoidedPairing,
    Decklist,
    Event,
    EventLogEntry,
    EventStaff,
    Player,
    Registration,
    Round,
    Seat,
    SeatMatch,
    Team,
    TeamMatch,
)
from tournaments.models.log import FROM_FILE, LogKind
from tournaments.services.eventlog import event_log_record
from tournaments.services.events import EDITABLE_FIELDS, event_create
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.players import players_find_or_create

_TOP_KEYS = {
    "format",
    "version",
    "source_event_id",
    "event",
    "draft_settings",
    "teams",
    "rounds",
    "draft_tables",
    "log",
}
_TEAM_KEYS = {
    "name",
    "joined_round",
    "missed_rounds_as_losses",
    "dropped_round",
    "disqualified",
    "topcut_seed",
    "seats",
    "tiebreak",
    "deck_problems",
    "byes_in_advance",
    "fixed_table",
    "avoid",
    "day2_cut_round",
}
_SEAT_KEYS = {"seat", "player", "decklist"}
_ROUND_KEYS = {"number", "kind", "seed", "is_finished", "matches"}
_MATCH_KEYS = {
    "table",
    "team_a",
    "team_b",
    "result_state",
    "outcome",
    "games",
    "seats",
    "dispute_note",
    "reported_at",
    "confirmed_at",
}
_DECKLIST_KEYS = {"text", "main", "sideboard", "errors", "submitted_at"}
_TIEBREAK = re.compile(r"[0-9a-f]{64}")
# Read once: a Django enum's `.values` builds its list again at every call (a 1,028-player file checks 5,000 matches).
_RESULT_STATES = frozenset(ResultState.values)
_OUTCOMES = frozenset(("", *Outcome.values))


def json_text(value) -> str:
    """The value as the file wrote it (JSON), shortened for a message."""
    return json.dumps(value, default=str)[:40]


def _int(value, *, low=0, high=2**62) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _when(value):
    if value is None or isinstance(value, dt.datetime):
        return value
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise ValueError(value)
    return parsed


@transaction.atomic
def event_import(*, document, user, by=None, team_size: int | None = None) -> Event:
    """Recreate the event the document describes, with `user` as its organizer; return it.

    The document is Hydra's event file, a finished TopDeck.gg pod event (its API's tournament JSON, imported as a
    multiplayer pod event: eventfile/topdeck.py), or a finished event in MTGODecklistCache's JSON, imported as an
    individual event, or with `team_size` (or the document's "team_size") as a team event from one file or
    {"files": [one per seat]} (eventfile/mtgodecklistcache.py). Raises ValidationError, writing nothing, with every
    problem of the document keyed by where it is. What the file's records say somebody did (its log, a penalty's
    judge) is recorded as done by `by` (default `user`), who imports it; the file's names stay as its words.
    The returned event's `import_warnings` lists what a cache file had to be read as or doesn't add up (missing
    rounds, players without a match, published records the matches don't give); empty for Hydra's own files.
    """
    by = by or user
    warnings: list[str] = []
    if is_cache_document(document):
        size = team_size if team_size is not None else document.get("team_size")
        if size is not None and (isinstance(size, bool) or not isinstance(size, int)):
            raise ValidationError({"team_size": [_("A whole number: 1 for an individual event, or the team size.")]})
        try:
            document = cache_to_hydra(document, team_size=size, imported_by=user.get_username())
        except CacheFileError as exc:
            raise ValidationError(exc.problems) from exc
        warnings = import_warnings(document)
    elif is_topdeck_document(document):
        if team_size not in (None, 1):
            raise ValidationError({"team_size": [_("A TopDeck.gg event is an individual pod event: no team size.")]})
        try:
            document = topdeck_to_event_file(document, imported_by=user.get_username())
        except TopDeckFileError as exc:
            raise ValidationError(exc.problems) from exc
        warnings = import_warnings(document)
    elif team_size is not None:
        raise ValidationError(
            {
                "team_size": [
                    _(
                        "A team size is given for MTGODecklistCache files only: Hydra's own "
                        "event file says its team size."
                    )
                ]
            }
        )
    problems = Problems()
    if not problems.keys("", document, {*_TOP_KEYS, *parts_keys()}, {"format", "version", "event", "teams", "rounds"}):
        problems.raise_if_any()
    document_scan(document, where="", problems=problems)
    problems.raise_if_any()
    if document.get("format") != FORMAT:
        problems.add("format", _("This is not a Hydra event file (format must be %(f)r).") % {"f": FORMAT})
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version not in READS:
        problems.add(
            "version",
            _("Hydra reads versions %(v)s of the event format (a whole number); this file says %(got)s.")
            % {"v": ", ".join(map(str, READS)), "got": json_text(version)},
        )
    problems.raise_if_any()
    settings = document["event"]
    if problems.keys("event", settings, set(EDITABLE_FIELDS) | {"status", "day2_cut_applied"}, {"name", "date"}):
        # Each setting by its column's rules first (type, null, choices, length, range); event_create then checks
        # them together as it does for every new event.
        row_fields(Event, settings, where="event", problems=problems)
    if settings.get("day2_cut_applied") is True and settings.get("day2_cut_round") is None:
        problems.add("event.day2_cut_applied", _("A Day 2 cut made needs its round (day2_cut_round)."))
    problems.raise_if_any()
    fields = {k: v for k, v in settings.items() if k not in ("status", "day2_cut_applied")}
    try:
        event = event_create(organizer=user, **fields)
    except (ValidationError, TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
            raise ValidationError({f"event.{k}": v for k, v in exc.message_dict.items()}) from exc
        raise ValidationError({"event": [str(m) for m in getattr(exc, "messages", [str(exc)])]}) from exc
    registrations, players = _teams(event=event, document=document, problems=problems, user=by)
    read_as_published: list[str] = []
    _rounds(
        event=event,
        rounds=document["rounds"],
        registrations=registrations,
        problems=problems,
        warnings=read_as_published,
    )
    if read_as_published:
        document = _with_warnings(document, read_as_published, by=by)
        warnings = [*warnings, *read_as_published]
    _drafts(event=event, document=document, registrations=registrations, problems=problems, user=by)
    parts_import(
        document=document,
        problems=problems,
        resolver=Resolver(event=event, user=by, registrations=registrations, players=players),
    )
    _log(
        event=event,
        entries=document.get("log") or [],
        registrations=registrations,
        problems=problems,
        user=by,
        players=players,
    )
    problems.raise_if_any()
    Event.objects.filter(pk=event.pk).update(
        status=settings.get("status", EventStatus.REGISTRATION), day2_cut_applied=bool(settings.get("day2_cut_applied"))
    )
    event_bump_version(event_id=event.pk)
    event.refresh_from_db()
    event.import_warnings = warnings
    return event


def _teams(*, event: Event, document: dict, problems: Problems, user) -> tuple[dict[str, Registration], dict]:
    """The file's teams, their seats and decklists, written; (the registrations by name, case ignored; the players
    by name, case ignored: the seats' and those the other parts name)."""
    teams = document["teams"]
    if not isinstance(teams, list):
        problems.add("teams", _("Expected a list of teams."))
        problems.raise_if_any()
    letters = event.seat_letters
    seen_teams: dict[str, str] = {}
    seen_players: dict[str, str] = {}
    seen_tiebreaks: set[str] = set()
    seen_tables: dict[int, str] = {}
    player_names = []
    name_length = Player._meta.get_field("name").max_length
    team_name_length = Team._meta.get_field("name").max_length
    for i, team in enumerate(teams):
        where = f"teams[{i}]"
        if not problems.keys(where, team, _TEAM_KEYS, {"name", "seats"}):
            continue
        if not isinstance(team.get("name"), str):
            problems.add(f"{where}.name", _("Expected text."))
            continue
        name = " ".join(team["name"].split())
        if not name or len(name) > team_name_length:
            problems.add(f"{where}.name", _("A team's name has 1 to %(n)d characters.") % {"n": team_name_length})
        elif name.lower() in seen_teams:
            problems.add(
                f"{where}.name",
                _("%(name)s appears twice (also %(other)s).") % {"name": name, "other": seen_teams[name.lower()]},
            )
        seen_teams.setdefault(name.lower(), where)
        for key, low, high in (
            ("joined_round", 1, 30),
            ("dropped_round", 0, 30),
            ("topcut_seed", 1, 1024),
            ("byes_in_advance", 0, 3),
            ("fixed_table", 1, 32767),
            ("day2_cut_round", 1, 30),
        ):
            value = team.get(key)
            if value is not None and not _int(value, low=low, high=high):
                problems.add(f"{where}.{key}", _("A whole number in range, or null."))
        cut = team.get("day2_cut_round")
        if cut is not None and (
            not document["event"].get("day2_cut_applied") or cut != document["event"].get("day2_cut_round")
        ):
            problems.add(
                f"{where}.day2_cut_round",
                _("Only the round of the event's Day 2 cut, once it is made (day2_cut_applied), or null."),
            )
        table = team.get("fixed_table")
        if _int(table, low=1) and table in seen_tables:
            problems.add(
                f"{where}.fixed_table",
                _("Table %(table)d is already kept by %(other)s.") % {"table": table, "other": seen_tables[table]},
            )
        elif table is not None:
            seen_tables[table] = where
        avoid = team.get("avoid", [])
        if not isinstance(avoid, list) or not all(isinstance(other, str) for other in avoid):
            problems.add(f"{where}.avoid", _("Expected a list of the names of teams in this file."))
        if team.get("missed_rounds_as_losses") is not None and not isinstance(team["missed_rounds_as_losses"], bool):
            problems.add(f"{where}.missed_rounds_as_losses", _("Expected true or false."))
        if not isinstance(team.get("deck_problems", []), list):
            problems.add(f"{where}.deck_problems", _("Expected a list."))
        tiebreak = team.get("tiebreak")
        if tiebreak is not None and (
            not isinstance(tiebreak, str) or not _TIEBREAK.fullmatch(tiebreak) or tiebreak in seen_tiebreaks
        ):
            problems.add(f"{where}.tiebreak", _("64 hexadecimal digits (lower case), each team's its own, or null."))
        elif tiebreak is not None:
            seen_tiebreaks.add(tiebreak)
        dq = team.get("disqualified")
        if dq is not None and not (
            isinstance(dq, dict)
            and set(dq) <= {"at", "reason"}
            and isinstance(dq.get("reason"), str)
            and dq["reason"].strip()
        ):
            problems.add(f"{where}.disqualified", _('null, or {"at": ..., "reason": "..."} with the reason.'))
        elif dq is not None:
            try:
                _when(dq.get("at"))
            except ValueError:
                problems.add(f"{where}.disqualified.at", _("An ISO date and time."))
        seats = team.get("seats")
        if not isinstance(seats, list) or sorted(str(s.get("seat")) for s in seats if isinstance(s, dict)) != list(
            letters
        ):
            problems.add(f"{where}.seats", _("Give one seat for each of %(seats)s.") % {"seats": ", ".join(letters)})
            continue
        for j, seat in enumerate(seats):
            swhere = f"{where}.seats[{j}]"
            if not problems.keys(swhere, seat, _SEAT_KEYS, {"seat", "player"}):
                continue
            player = " ".join(seat["player"].split()) if isinstance(seat.get("player"), str) else ""
            if not player or len(player) > name_length:
                problems.add(f"{swhere}.player", _("A player's name has 1 to %(n)d characters.") % {"n": name_length})
                continue
            if player.lower() in seen_players:
                problems.add(
                    f"{swhere}.player",
                    _("%(player)s is already on another team (%(other)s).")
                    % {"player": player, "other": seen_players[player.lower()]},
                )
            seen_players.setdefault(player.lower(), swhere)
            player_names.append(player)
            _decklist_check(seat.get("decklist"), where=f"{swhere}.decklist", problems=problems)
    for k, name in enumerate(parts_player_names(document)):
        if len(name) > name_length:
            problems.add("players", _("A player's name has 1 to %(n)d characters.") % {"n": name_length})
        elif name.lower() not in seen_players:
            seen_players[name.lower()] = f"players[{k}]"
            player_names.append(name)
    problems.raise_if_any()
    try:
        players = players_find_or_create(names=player_names, organizer=event.organizer_id, event=event)
    except ValidationError as exc:
        raise ValidationError({"teams": exc.messages}) from exc
    keys = [" ".join(t["name"].split()) for t in teams]
    existing = {t.key: t for t in Team.objects.annotate(key=Lower("name")).filter(key__in=[k.lower() for k in keys])}
    new = Team.objects.bulk_create([Team(name=k) for k in keys if k.lower() not in existing])
    existing.update({t.name.lower(): t for t in new})
    rows = []
    for team, key in zip(teams, keys, strict=True):
        dq = team.get("disqualified")
        dq_at = _when(dq.get("at")) if dq else None
        rows.append(
            Registration(
                event=event,
                team=existing[key.lower()],
                joined_round=team.get("joined_round") or 1,
                missed_rounds_as_losses=bool(team.get("missed_rounds_as_losses")),
                dropped_round=team.get("dropped_round"),
                topcut_seed=team.get("topcut_seed"),
                tiebreak=team.get("tiebreak") or "",
                byes_in_advance=team.get("byes_in_advance") or 0,
                fixed_table=team.get("fixed_table"),
                day2_cut_round=team.get("day2_cut_round"),
                deck_problems=team.get("deck_problems") or [],
                disqualified_at=(dq_at or dt.datetime.now(dt.timezone.utc)) if dq else None,
                disqualified_reason=dq["reason"].strip() if dq else "",
            )
        )
    created = rows_insert(rows, wheres=[f"teams[{i}]" for i in range(len(rows))], problems=problems)
    seat_rows, decks = [], []
    for team, registration in zip(teams, created, strict=True):
        for seat in team["seats"]:
            player = players[" ".join(seat["player"].split()).lower()]
            seat_rows.append(Seat(registration=registration, event=event, letter=seat["seat"], player=player))
            decks.append(seat.get("decklist"))
    seats = Seat.objects.bulk_create(seat_rows)
    written = Decklist.objects.bulk_create(
        [
            Decklist(
                seat=seat,
                text=deck["text"],
                main=deck.get("main") or {},
                sideboard=deck.get("sideboard") or {},
                errors=deck.get("errors") or [],
                submitted_by=user,
            )
            for seat, deck in zip(seats, decks, strict=True)
            if deck is not None
        ]
    )
    # submitted_at is stamped on insert: the file's time, when it gives one, put back after.
    dated = []
    for decklist, deck in zip(written, [d for d in decks if d is not None], strict=True):
        if deck.get("submitted_at"):
            decklist.submitted_at = _when(deck["submitted_at"])
            dated.append(decklist)
    Decklist.objects.bulk_update(dated, ["submitted_at"])
    by_name = {r.team.name.lower(): r for r in created}
    _avoided(event=event, teams=teams, registrations=by_name, problems=problems)
    return by_name, players


def _avoided(*, event: Event, teams: list, registrations: dict[str, Registration], problems: Problems) -> None:
    """The pairings to avoid the teams name (`avoid`: other teams of the file, by name), each pair once."""
    pairs: set[tuple[int, int]] = set()
    for i, team in enumerate(teams):
        own = registrations[" ".join(team["name"].split()).lower()]
        for other_name in team.get("avoid") or []:
            other = registrations.get(" ".join(other_name.split()).lower())
            if other is None or other.pk == own.pk:
                problems.add(
                    f"teams[{i}].avoid", _("%(name)s is not another team of this file.") % {"name": other_name}
                )
                continue
            pairs.add((min(own.pk, other.pk), max(own.pk, other.pk)))
    AvoidedPairing.objects.bulk_create(
        AvoidedPairing(event=event, first_id=first, second_id=second) for first, second in sorted(pairs)
    )


def _decklist_check(deck, *, where: str, problems: Problems) -> None:
    if deck is None:
        return
    if not (
        isinstance(deck, dict)
        and isinstance(deck.get("text"), str)
        and set(deck) <= _DECKLIST_KEYS
        and isinstance(deck.get("main", {}), dict)
        and isinstance(deck.get("sideboard", {}), dict)
        and isinstance(deck.get("errors", []), list)
    ):
        problems.add(where, _('null, or {"text": ..., "main": {...}, "sideboard": {...}, "errors": [...]}.'))
        return
    try:
        _when(deck.get("submitted_at"))
    except ValueError:
        problems.add(f"{where}.submitted_at", _("An ISO date and time."))


def _seat_outcome(seats: list[dict], *, kind: str) -> str:
    # A playoff may have been played as best of five (published events have them); a Swiss round never.
    best_of = 5 if kind == RoundKind.PLAYOFF else 3
    return scoring.score_seat_against_seat(
        [(s["wins_a"], s["wins_b"], s["draws"]) for s in seats], best_of=best_of
    ).outcome.value


def _with_warnings(document: dict, warnings: list[str], *, by) -> dict:
    """The document with what its import read as published kept in the event log: among the warnings of its
    import's entry (a cache file's), or in an entry of its own."""
    log = [dict(entry) if isinstance(entry, dict) else entry for entry in document.get("log") or []]
    entry = next(
        (
            e
            for e in log
            if isinstance(e, dict) and e.get("action") == "imported" and isinstance(e.get("warnings"), list)
        ),
        None,
    )
    if entry is not None:
        entry["warnings"] = [*entry["warnings"], *warnings]
    else:
        log.append(
            {
                "user": by.get_username(),
                "action": "imported",
                "warnings": warnings,
                "message": _("Imported: results read as published (%(n)d).") % {"n": len(warnings)},
            }
        )
    return {**document, "log": log}


def _seats_as_published(seats: list[dict]) -> tuple[str, list[dict], str]:
    """A result the rules don't allow (more games than a best of three, both players at the deciding win), read as
    the file publishes it: each seat to the player with more games won, equal games a drawn seat; game counts above
    what Hydra keeps (3 a player) kept at 3. (the outcome, the seats as stored, what was read in words)."""
    stored, read = [], []
    tally = {"A": 0, "B": 0}
    for seat in seats:
        won, lost, drawn = seat["wins_a"], seat["wins_b"], seat["draws"]
        if won > lost:
            tally["A"] += 1
        elif lost > won:
            tally["B"] += 1
        kept = [min(won, 3), min(lost, 3), min(drawn, 3)]
        if kept[0] == kept[1] == 3 and won != lost:  # 4-3 kept as 3-2: the same winner
            kept[1 if won > lost else 0] = 2
        stored.append({**seat, "wins_a": kept[0], "wins_b": kept[1], "draws": kept[2]})
        shown = f"{won}-{lost}-{drawn}"
        if kept != [won, lost, drawn]:
            shown += " " + _("(kept as %(kept)s)") % {"kept": "-".join(map(str, kept))}
        read.append(shown)
    outcome = "A" if tally["A"] > tally["B"] else "B" if tally["B"] > tally["A"] else "D"
    return outcome, stored, ", ".join(read)


def _rounds(
    *, event: Event, rounds, registrations: dict[str, Registration], problems: Problems, warnings: list[str]
) -> None:
    if not isinstance(rounds, list):
        problems.add("rounds", _("Expected a list of rounds."))
        problems.raise_if_any()
    letters = list(event.seat_letters)
    round_rows, match_rows = [], []
    numbers = set()
    for i, round_ in enumerate(rounds):
        where = f"rounds[{i}]"
        if not problems.keys(where, round_, _ROUND_KEYS, {"number", "kind", "matches"}):
            continue
        number = round_.get("number")
        if not _int(number, low=1, high=60) or number in numbers:
            problems.add(f"{where}.number", _("Rounds are numbered from 1, each number once."))
            continue
        numbers.add(number)
        if not isinstance(round_.get("kind"), str) or round_["kind"] not in RoundKind.values:
            problems.add(f"{where}.kind", _("One of: %(v)s.") % {"v": ", ".join(RoundKind.values)})
            continue
        seed = round_.get("seed", 0)
        if not (isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**63):
            problems.add(f"{where}.seed", _("A whole number."))
            continue
        if not isinstance(round_.get("is_finished", False), bool):
            problems.add(f"{where}.is_finished", _("Expected true or false."))
            continue
        row = Round(
            event=event, number=number, kind=round_["kind"], seed=seed, is_finished=round_.get("is_finished", False)
        )
        round_rows.append(row)
        matches = round_.get("matches")
        if not isinstance(matches, list):
            problems.add(f"{where}.matches", _("Expected a list of matches."))
            continue
        tables, playing = set(), set()
        for j, match in enumerate(matches):
            mwhere = f"{where}.matches[{j}]"
            if not problems.keys(mwhere, match, _MATCH_KEYS, {"table", "team_a", "team_b"}):
                continue
            table = match.get("table")
            if not _int(table, low=1, high=32767) or table in tables:
                problems.add(f"{mwhere}.table", _("Tables are numbered from 1, each once in a round."))
                continue
            tables.add(table)
            teams = []
            for side in ("team_a", "team_b"):
                name = match.get(side)
                if name is None and side == "team_b":
                    teams.append(None)
                    continue
                registration = registrations.get(" ".join(str(name).split()).lower())
                if registration is None:
                    problems.add(f"{mwhere}.{side}", _("%(name)r is not one of the file's teams.") % {"name": name})
                elif registration.pk in playing:
                    problems.add(f"{mwhere}.{side}", _("%(name)s plays twice in this round.") % {"name": name})
                else:
                    playing.add(registration.pk)
                teams.append(registration)
            if len(teams) != 2 or teams[0] is None:
                continue
            state = match.get("result_state", ResultState.PENDING)
            outcome = match.get("outcome") or ""
            if not isinstance(state, str) or state not in _RESULT_STATES:
                problems.add(f"{mwhere}.result_state", _("One of: %(v)s.") % {"v": ", ".join(ResultState.values)})
                continue
            if (
                not isinstance(outcome, str)
                or outcome not in _OUTCOMES
                or (state != ResultState.PENDING and not outcome)
            ):
                problems.add(
                    f"{mwhere}.outcome", _("A, B or D (from team A's side) once a result is in; empty before.")
                )
                continue
            if teams[1] is None and (state != ResultState.FINAL or outcome != Outcome.A_WINS):
                problems.add(mwhere, _("A bye is a final win for its team: result_state final, outcome A."))
                continue
            games = match.get("games") or {"wins_a": 0, "wins_b": 0, "draws": 0}
            if not (isinstance(games, dict) and all(_int(games.get(k), high=9) for k in ("wins_a", "wins_b", "draws"))):
                problems.add(f"{mwhere}.games", _('null, or {"wins_a": n, "wins_b": n, "draws": n}.'))
                continue
            seats = match.get("seats") or []
            ok_seats = isinstance(seats, list) and all(
                isinstance(s, dict)
                and set(s) == {"letter", "wins_a", "wins_b", "draws"}
                and isinstance(s["letter"], str)
                and all(_int(s[k], high=99) for k in ("wins_a", "wins_b", "draws"))
                for s in seats
            )
            if not ok_seats or (seats and sorted(s["letter"] for s in seats) != letters):
                problems.add(
                    f"{mwhere}.seats",
                    _("Either no seat results, or one per seat %(seats)s.") % {"seats": ", ".join(letters)},
                )
                continue
            if seats and state != ResultState.PENDING and not event.is_shared_game:
                try:
                    computed = _seat_outcome(sorted(seats, key=lambda s: s["letter"]), kind=round_["kind"])
                except scoring.ScoringError as exc:
                    # A real file publishes what was entered at the event ("3-0-0" in a Swiss round: a slip, or a
                    # best of five): read as published and said, never a refusal of the whole event (issue 51).
                    computed, seats, read = _seats_as_published(sorted(seats, key=lambda s: s["letter"]))
                    warnings.append(
                        _(
                            "Round %(round)s, table %(table)s (%(a)s against %(b)s): %(problem)s; read as "
                            "published: %(read)s."
                        )
                        % {
                            "round": number,
                            "table": table,
                            "a": teams[0].team.name,
                            "b": teams[1].team.name,
                            "problem": str(exc),
                            "read": read,
                        }
                    )
                if computed != outcome:
                    problems.add(
                        f"{mwhere}.outcome",
                        _("The seat results give %(c)s, not %(o)s.") % {"c": computed, "o": outcome},
                    )
                    continue
            times = row_fields(
                TeamMatch,
                {k: match.get(k) for k in ("reported_at", "confirmed_at", "dispute_note") if match.get(k) is not None},
                where=mwhere,
                problems=problems,
            )
            match_rows.append(
                (
                    row,
                    TeamMatch(
                        table=table,
                        team_a=teams[0],
                        team_b=teams[1],
                        result_state=state,
                        outcome=outcome,
                        games_won_a=games["wins_a"],
                        games_won_b=games["wins_b"],
                        games_drawn=games["draws"],
                        **times,
                    ),
                    seats,
                    mwhere,
                )
            )
    problems.raise_if_any()
    Round.objects.bulk_create(round_rows)
    for row, match, _seats, _w in match_rows:
        match.round = row
    created = rows_insert([m for _r, m, _s, _w in match_rows], wheres=[w for *_r, w in match_rows], problems=problems)
    SeatMatch.objects.bulk_create(
        [
            SeatMatch(team_match=match, letter=s["letter"], wins_a=s["wins_a"], wins_b=s["wins_b"], draws=s["draws"])
            for match, (_r, _m, seats, _w) in zip(created, match_rows, strict=True)
            for s in seats
        ]
    )


def _drafts(*, event: Event, document: dict, registrations: dict[str, Registration], problems: Problems, user) -> None:
    settings = document.get("draft_settings")
    if settings is not None:
        if isinstance(settings, dict):
            fields = row_fields(DraftSettings, settings, where="draft_settings", problems=problems)
            problems.raise_if_any()
            DraftSettings.objects.create(event=event, **fields)
        else:
            problems.add("draft_settings", _("Expected an object or null."))
    tables = document.get("draft_tables") or []
    if not isinstance(tables, list):
        problems.add("draft_tables", _("Expected a list."))
        return
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
    built = []
    for i, row in enumerate(tables):
        where = f"draft_tables[{i}]"
        if not isinstance(row, dict):
            problems.add(where, _("Expected an object."))
            continue
        teams = [registrations.get(" ".join(str(row.get(k)).split()).lower()) for k in ("team1", "team2")]
        if None in teams:
            problems.add(where, _("team1 and team2 must name the file's teams."))
            continue
        fields = row_fields(
            DraftTable, row, where=where, problems=problems, skip={"team1", "team2", "round", "cards", "log"}
        )
        if row.get("round") is not None:
            if not isinstance(row["round"], int) or row["round"] not in rounds:
                problems.add(f"{where}.round", _("Not one of the file's rounds."))
                continue
            fields["round"] = rounds[row["round"]]
        cards = row.get("cards") or []
        if not isinstance(cards, list):
            problems.add(f"{where}.cards", _("Expected a list."))
            continue
        card_rows = []
        for k, card in enumerate(cards):
            if not isinstance(card, dict):
                problems.add(f"{where}.cards[{k}]", _("Expected an object."))
                continue
            card_rows.append(
                (
                    DraftCard(**row_fields(DraftCard, card, where=f"{where}.cards[{k}]", problems=problems)),
                    f"{where}.cards[{k}]",
                )
            )
        log = row.get("log") or []
        if not isinstance(log, list):
            problems.add(f"{where}.log", _("Expected a list."))
            continue
        built.append((DraftTable(event=event, team1=teams[0], team2=teams[1], **fields), where, card_rows, log))
    problems.raise_if_any()
    created = rows_insert([t for t, *_r in built], wheres=[w for _t, w, *_r in built], problems=problems)
    for table, (_t, _w, card_rows, _l) in zip(created, built, strict=True):
        for card, _where in card_rows:
            card.table = table
    rows_insert(
        [c for *_r, card_rows, _l in built for c, _w in card_rows],
        wheres=[w for *_r, card_rows, _l in built for _c, w in card_rows],
        problems=problems,
    )
    for table, (_t, where, _c, log) in zip(created, built, strict=True):
        for k, entry in enumerate(log):
            _draft_log_entry(table=table, entry=entry, where=f"{where}.log[{k}]", problems=problems, user=user)


_DRAFT_LOG_KEYS = {"at", "actor", "action", "pack_index", "pick_number", "detail"}


def _from_file(entry: dict, *keys: str) -> dict:
    """Who the file says acted, kept as the file's words (never an account: issue 37)."""
    return {FROM_FILE: {key: str(entry.get(key) or "") for key in keys}}


def _draft_log_entry(*, table: DraftTable, entry, where: str, problems: Problems, user) -> None:
    """One entry of a table's log in the file, written to the event's one log as drafting.core.draft_log does, by
    the importing organizer, the file's actor kept as the file's words."""
    if not problems.keys(where, entry, _DRAFT_LOG_KEYS, {"action"}):
        return
    try:
        at = _when(entry.get("at"))
    except ValueError:
        problems.add(f"{where}.at", _("An ISO date and time."))
        return
    for key in ("pack_index", "pick_number"):
        if entry.get(key) is not None and not _int(entry[key], high=1000):
            problems.add(f"{where}.{key}", _("A whole number."))
            return
    if not isinstance(entry["action"], str) or not all(
        isinstance(entry.get(k), (str, type(None))) for k in ("actor", "detail")
    ):
        problems.add(where, _("action, actor and detail are text."))
        return
    created = draft_log(table, entry["action"][:40], by=user, detail=entry.get("detail") or "")
    created.data = {
        **created.data,
        "pack_index": entry.get("pack_index"),
        "pick_number": entry.get("pick_number"),
        **_from_file(entry, "actor"),
    }
    EventLogEntry.objects.filter(pk=created.pk).update(data=created.data, **({"at": at} if at is not None else {}))


_LOG_KEYS = {
    "at",
    "user",
    "action",
    "message",
    "data",
    "actor",
    "kind",
    "round",
    "team",
    "before",
    "after",
    "warnings",
    "source",
}


def _log_extra(entry: dict, *, where: str, registrations: dict[str, Registration], problems: Problems) -> dict | None:
    """The keys issue 29 added to a log entry, checked, as the entry's fields (None: a problem was named). The
    file's `actor` isn't one: it is kept with the file's `user` as the file's words (_from_file)."""
    extra = {"before": entry.get("before"), "after": entry.get("after")}
    kind = entry.get("kind", LogKind.EVENT)
    if not isinstance(kind, str) or kind not in LogKind.values:
        problems.add(f"{where}.kind", _("One of: %(v)s.") % {"v": ", ".join(LogKind.values)})
        return None
    extra["kind"] = kind
    if entry.get("round") is not None and not _int(entry["round"], low=1, high=1000):
        problems.add(f"{where}.round", _("A round's number."))
        return None
    extra["round_number"] = entry.get("round")
    if entry.get("team") is not None:
        registration = registrations.get(" ".join(str(entry["team"]).split()).lower())
        if registration is None:
            problems.add(f"{where}.team", _("Not one of the file's teams."))
            return None
        extra["registration"] = registration
    warnings, source = entry.get("warnings", []), entry.get("source", {})
    if not isinstance(warnings, list) or not isinstance(source, dict):
        problems.add(
            f"{where}.warnings" if not isinstance(warnings, list) else f"{where}.source",
            _("Expected a list.") if not isinstance(warnings, list) else _("Expected an object."),
        )
        return None
    extra["warnings"], extra["source"] = warnings, source
    for key in ("user", "actor"):
        if not isinstance(entry.get(key), (str, type(None))) or len(entry.get(key) or "") > 200:
            problems.add(f"{where}.{key}", _("Text of at most 200 characters, or null."))
            return None
    if (
        not isinstance(entry["action"], str)
        or not 0 < len(entry["action"]) <= 40
        or not isinstance(entry["message"], str)
    ):
        problems.add(f"{where}.action", _("action is a word of 1 to 40 characters and message a text."))
        return None
    return extra


def _log_maps(*, event: Event, registrations: dict[str, Registration], players: dict) -> dict[str, dict]:
    """What the file writes for an id in a log entry's data -> this event's id (eventfile.logdata)."""
    return {
        "team": {name: r.pk for name, r in registrations.items()},
        "match": {
            (number, table): pk
            for pk, number, table in TeamMatch.objects.filter(round__event=event).values_list(
                "pk", "round__number", "table"
            )
        },
        "player": {name: p.pk for name, p in players.items()},
        "pod": dict(Pod.objects.filter(event=event).values_list("number", "pk")),
        "pool": {
            name.lower(): pk
            for pk, name in SealedPool.objects.filter(event=event).values_list("pk", "registration__team__name")
        },
        "penalty": dict(
            enumerate(Penalty.objects.filter(event=event).order_by("at", "pk").values_list("pk", flat=True))
        ),
    }


def _log(*, event: Event, entries, registrations: dict[str, Registration], problems: Problems, user, players) -> None:
    """The file's log entries, each recorded as imported by `user`, who the file says acted kept as its words."""
    if not isinstance(entries, list):
        problems.add("log", _("Expected a list."))
        return
    maps = _log_maps(event=event, registrations=registrations, players=players)
    rows, wheres, times = [], [], []
    for i, entry in enumerate(entries):
        where = f"log[{i}]"
        if not problems.keys(where, entry, _LOG_KEYS, {"action", "message"}):
            continue
        extra = _log_extra(entry, where=where, registrations=registrations, problems=problems)
        if extra is None:
            continue
        data = entry.get("data") or {}
        if not isinstance(data, dict):
            problems.add(f"{where}.data", _("Expected an object."))
            continue
        data = log_data_in(data, maps)
        try:
            at = _when(entry.get("at"))
        except ValueError:
            problems.add(f"{where}.at", _("An ISO date and time."))
            continue
        # Entries recorded elsewhere, restored as they were (not changes made now, so not event_log_record).
        rows.append(
            EventLogEntry(
                event=event,
                user=user,
                action=entry["action"],
                message=entry["message"],
                data={**data, **_from_file(entry, "user", "actor")},
                **extra,
            )
        )
        wheres.append(where)
        times.append(at)
    problems.raise_if_any()
    created = rows_insert(rows, wheres=wheres, problems=problems)
    dated = []
    for row, at in zip(created, times, strict=True):
        if at is not None:  # `at` is stamped on insert: the file's time put back
            row.at = at
            dated.append(row)
    EventLogEntry.objects.bulk_update(dated, ["at"])


# What event_replace swaps: every record of the event the file carries that holds the event itself (the rest
# hangs off these: seats' decklists and their changes, matches and their games, clocks, check-ins, pool and pod
# cards), the parts' first. Its staff, tokens, webhooks, syncs and sign-up invitations stay: they are this Hydra's.
_REPLACED = (DraftTable, DraftSettings, Round, Seat, Registration)


@transaction.atomic
def event_replace(*, event: Event, document, user) -> Event:
    """Make the event what the document describes, keeping its id (push_event / pull_event, the API's
    POST /api/v1/events/{id}/replace): its settings and everything of it the file carries become the document's
    (its staff stay), and the document's log entries it didn't have yet are added to its log. All or nothing: the
    document is checked as for an import first (ValidationError with every problem)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    fresh = event_import(document=document, user=event.organizer, by=user)
    EventStaff.objects.filter(event=fresh).delete()
    replaced = [m for m in parts_event_models() if m is not EventStaff] + list(_REPLACED)
    for model in replaced:
        model.objects.filter(event=event).delete()
    for model in reversed(replaced):
        model.objects.filter(event=fresh).update(event=event)
    have = set(event.log_entries.values_list("at", "action", "message"))
    for entry in fresh.log_entries.all():
        if (entry.at, entry.action, entry.message) not in have:
            EventLogEntry.objects.filter(pk=entry.pk).update(event=event)
    Event.objects.filter(pk=event.pk).update(
        **{name: getattr(fresh, name) for name in (*EDITABLE_FIELDS, "status", "day2_cut_applied")}
    )
    fresh.delete()
    event_log_record(
        event=event,
        user=user,
        action="event_replaced",
        message=LogText(
            gettext_lazy("The event was replaced from an event file (%(teams)d teams, %(rounds)d rounds)."),
            {"teams": event.registrations.count(), "rounds": event.rounds.count()},
        ),
    )
    event_bump_version(event_id=event.pk)
    event.refresh_from_db()
    return event
