"""Import a whole event from its JSON document (docs/event-format.md), under the caller as its organizer.

Everything is checked before anything is written, and written in one transaction: a document with a problem
recreates nothing, and every problem found is named with its place in the document ("rounds[2].matches[5].team_b").
"""
import datetime as dt

from django.contrib.auth import get_user_model
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import transaction
from django.db.models.functions import Lower
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drafting.core import draft_log
from drafting.models import DraftCard, DraftSettings, DraftTable, Pod
from eventfile.export import FORMAT, VERSION
from eventfile.mtgodecklistcache import CacheFileError, cache_to_event_file, is_cache_document
from tournaments import scoring
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models.log import LogKind
from tournaments.models import Decklist, Event, EventLogEntry, Registration, Round, Seat, SeatMatch, Team, TeamMatch
from tournaments.services.eventlog import event_log_record
from tournaments.services.events import EDITABLE_FIELDS, event_create
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.players import players_find_or_create

_TOP_KEYS = {"format", "version", "source_event_id", "event", "draft_settings", "teams", "rounds", "draft_tables", "log"}
_TEAM_KEYS = {"name", "joined_round", "missed_rounds_as_losses", "dropped_round", "disqualified", "topcut_seed", "seats"}
_SEAT_KEYS = {"seat", "player", "decklist"}
_ROUND_KEYS = {"number", "kind", "seed", "is_finished", "matches"}
_MATCH_KEYS = {"table", "team_a", "team_b", "result_state", "outcome", "games", "seats", "dispute_note"}


class _Problems:
    def __init__(self):
        self.found: dict[str, list[str]] = {}

    def add(self, where: str, message: str) -> None:
        self.found.setdefault(where or "document", []).append(message)

    def keys(self, where: str, data, allowed: set[str], required: set[str] = frozenset()) -> bool:
        if not isinstance(data, dict):
            self.add(where, _("Expected an object."))
            return False
        for key in sorted(set(data) - allowed):
            self.add(f"{where}.{key}" if where else key, _("Unknown field."))
        for key in sorted(required - set(data)):
            self.add(f"{where}.{key}" if where else key, _("This field is required."))
        return True

    def raise_if_any(self) -> None:
        if self.found:
            raise ValidationError(self.found)


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
def event_import(*, document, user) -> Event:
    """Recreate the event the document describes, with `user` as its organizer; return it.

    The document is Hydra's event file, or a finished event in MTGODecklistCache's JSON, imported as an
    individual event (eventfile/mtgodecklistcache.py). Raises ValidationError, writing nothing, with every
    problem of the document keyed by where it is.
    """
    if is_cache_document(document):
        try:
            document = cache_to_event_file(document, imported_by=user.get_username())
        except CacheFileError as exc:
            raise ValidationError(exc.problems) from exc
    problems = _Problems()
    if not problems.keys("", document, _TOP_KEYS, {"format", "version", "event", "teams", "rounds"}):
        problems.raise_if_any()
    if document.get("format") != FORMAT:
        problems.add("format", _("This is not a Hydra event file (format must be %(f)r).") % {"f": FORMAT})
    if document.get("version") != VERSION:
        problems.add("version", _("Hydra reads version %(v)d of the event format; this file says %(got)r.")
                     % {"v": VERSION, "got": document.get("version")})
    problems.raise_if_any()
    settings = document["event"]
    if problems.keys("event", settings, set(EDITABLE_FIELDS) | {"status"}, {"name", "date"}):
        if settings.get("status", EventStatus.REGISTRATION) not in EventStatus.values:
            problems.add("event.status", _("One of: %(v)s.") % {"v": ", ".join(EventStatus.values)})
    problems.raise_if_any()
    fields = {k: v for k, v in settings.items() if k != "status"}
    try:
        event = event_create(organizer=user, **fields)
    except (ValidationError, TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
            raise ValidationError({f"event.{k}": v for k, v in exc.message_dict.items()}) from exc
        raise ValidationError({"event": [str(m) for m in getattr(exc, "messages", [str(exc)])]}) from exc
    registrations = _teams(event=event, teams=document["teams"], problems=problems, user=user)
    _rounds(event=event, rounds=document["rounds"], registrations=registrations, problems=problems)
    _drafts(event=event, document=document, registrations=registrations, problems=problems)
    _log(event=event, entries=document.get("log") or [], registrations=registrations, problems=problems)
    problems.raise_if_any()
    Event.objects.filter(pk=event.pk).update(status=settings.get("status", EventStatus.REGISTRATION))
    event_bump_version(event_id=event.pk)
    event.refresh_from_db()
    return event


def _teams(*, event: Event, teams, problems: _Problems, user) -> dict[str, Registration]:
    if not isinstance(teams, list):
        problems.add("teams", _("Expected a list of teams."))
        problems.raise_if_any()
    letters = event.seat_letters
    seen_teams: dict[str, str] = {}
    seen_players: dict[str, str] = {}
    player_names = []
    for i, team in enumerate(teams):
        where = f"teams[{i}]"
        if not problems.keys(where, team, _TEAM_KEYS, {"name", "seats"}):
            continue
        name = " ".join(str(team.get("name") or "").split())
        if not name or len(name) > 120:
            problems.add(f"{where}.name", _("A team's name has 1 to 120 characters."))
        elif name.lower() in seen_teams:
            problems.add(f"{where}.name", _("%(name)s appears twice (also %(other)s).") % {"name": name, "other": seen_teams[name.lower()]})
        seen_teams.setdefault(name.lower(), where)
        for key, low in (("joined_round", 1), ("dropped_round", 0), ("topcut_seed", 1)):
            value = team.get(key)
            if value is not None and not _int(value, low=low, high=30 if key != "topcut_seed" else 8):
                problems.add(f"{where}.{key}", _("A whole number in range, or null."))
        dq = team.get("disqualified")
        if dq is not None and not (isinstance(dq, dict) and isinstance(dq.get("reason"), str) and dq["reason"].strip()):
            problems.add(f"{where}.disqualified", _("null, or {\"at\": ..., \"reason\": \"...\"} with the reason."))
        seats = team.get("seats")
        if not isinstance(seats, list) or sorted(str(s.get("seat")) for s in seats if isinstance(s, dict)) != list(letters):
            problems.add(f"{where}.seats", _("Give one seat for each of %(seats)s.") % {"seats": ", ".join(letters)})
            continue
        for j, seat in enumerate(seats):
            swhere = f"{where}.seats[{j}]"
            if not problems.keys(swhere, seat, _SEAT_KEYS, {"seat", "player"}):
                continue
            player = " ".join(str(seat.get("player") or "").split())
            if player.lower() in seen_players:
                problems.add(f"{swhere}.player", _("%(player)s is already on another team (%(other)s).") % {"player": player, "other": seen_players[player.lower()]})
            seen_players.setdefault(player.lower(), swhere)
            player_names.append(player)
            deck = seat.get("decklist")
            if deck is not None and not (isinstance(deck, dict) and isinstance(deck.get("text"), str)
                                         and set(deck) <= {"text", "main", "sideboard", "errors"}):
                problems.add(f"{swhere}.decklist", _("null, or {\"text\": ..., \"main\": {...}, \"sideboard\": {...}, \"errors\": [...]}."))
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
        try:
            dq_at = _when(dq.get("at")) if dq else None
        except ValueError:
            problems.add("teams", _("%(name)s: the disqualification's time is not an ISO date and time.") % {"name": key})
            dq_at = None
        rows.append(Registration(
            event=event, team=existing[key.lower()], joined_round=team.get("joined_round") or 1,
            missed_rounds_as_losses=bool(team.get("missed_rounds_as_losses")), dropped_round=team.get("dropped_round"),
            topcut_seed=team.get("topcut_seed"),
            disqualified_at=(dq_at or dt.datetime.now(dt.timezone.utc)) if dq else None,
            disqualified_reason=dq["reason"].strip() if dq else "",
        ))
    problems.raise_if_any()
    created = Registration.objects.bulk_create(rows)
    seat_rows, decks = [], []
    for team, registration in zip(teams, created, strict=True):
        for seat in team["seats"]:
            player = players[" ".join(seat["player"].split()).lower()]
            seat_rows.append(Seat(registration=registration, event=event, letter=seat["seat"], player=player))
            decks.append(seat.get("decklist"))
    seats = Seat.objects.bulk_create(seat_rows)
    Decklist.objects.bulk_create([
        Decklist(seat=seat, text=deck["text"], main=deck.get("main") or {}, sideboard=deck.get("sideboard") or {},
                 errors=deck.get("errors") or [], submitted_by=user)
        for seat, deck in zip(seats, decks, strict=True) if deck is not None
    ])
    return {r.team.name.lower(): r for r in created}


def _seat_outcome(seats: list[dict]) -> str:
    return scoring.score_seat_against_seat([(s["wins_a"], s["wins_b"], s["draws"]) for s in seats]).outcome.value


def _rounds(*, event: Event, rounds, registrations: dict[str, Registration], problems: _Problems) -> None:
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
        if round_.get("kind") not in RoundKind.values:
            problems.add(f"{where}.kind", _("One of: %(v)s.") % {"v": ", ".join(RoundKind.values)})
            continue
        seed = round_.get("seed", 0)
        if not (isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 2**63):
            problems.add(f"{where}.seed", _("A whole number."))
            continue
        row = Round(event=event, number=number, kind=round_["kind"], seed=seed, is_finished=bool(round_.get("is_finished")))
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
            if state not in ResultState.values:
                problems.add(f"{mwhere}.result_state", _("One of: %(v)s.") % {"v": ", ".join(ResultState.values)})
                continue
            if outcome not in ("", *Outcome.values) or (state != ResultState.PENDING and not outcome):
                problems.add(f"{mwhere}.outcome", _("A, B or D (from team A's side) once a result is in; empty before."))
                continue
            if teams[1] is None and (state != ResultState.FINAL or outcome != Outcome.A_WINS):
                problems.add(mwhere, _("A bye is a final win for its team: result_state final, outcome A."))
                continue
            games = match.get("games") or {"wins_a": 0, "wins_b": 0, "draws": 0}
            if not (isinstance(games, dict) and all(_int(games.get(k), high=9) for k in ("wins_a", "wins_b", "draws"))):
                problems.add(f"{mwhere}.games", _("null, or {\"wins_a\": n, \"wins_b\": n, \"draws\": n}."))
                continue
            seats = match.get("seats") or []
            ok_seats = isinstance(seats, list) and all(
                isinstance(s, dict) and set(s) == {"letter", "wins_a", "wins_b", "draws"}
                and all(_int(s[k], high=3) for k in ("wins_a", "wins_b", "draws")) for s in seats)
            if not ok_seats or (seats and sorted(s["letter"] for s in seats) != letters):
                problems.add(f"{mwhere}.seats", _("Either no seat results, or one per seat %(seats)s.") % {"seats": ", ".join(letters)})
                continue
            if seats and state != ResultState.PENDING and not event.is_shared_game:
                try:
                    computed = _seat_outcome(sorted(seats, key=lambda s: s["letter"]))
                except scoring.ScoringError as exc:
                    problems.add(f"{mwhere}.seats", str(exc))
                    continue
                if computed != outcome:
                    problems.add(f"{mwhere}.outcome", _("The seat results give %(c)s, not %(o)s.") % {"c": computed, "o": outcome})
                    continue
            match_rows.append((row, TeamMatch(
                table=table, team_a=teams[0], team_b=teams[1], result_state=state, outcome=outcome,
                games_won_a=games["wins_a"], games_won_b=games["wins_b"], games_drawn=games["draws"],
                dispute_note=str(match.get("dispute_note") or "")[:2000],
            ), seats))
    problems.raise_if_any()
    Round.objects.bulk_create(round_rows)
    for row, match, _seats in match_rows:
        match.round = row
    created = TeamMatch.objects.bulk_create([m for _r, m, _s in match_rows])
    SeatMatch.objects.bulk_create([
        SeatMatch(team_match=match, letter=s["letter"], wins_a=s["wins_a"], wins_b=s["wins_b"], draws=s["draws"])
        for match, (_r, _m, seats) in zip(created, match_rows, strict=True) for s in seats
    ])


def _model_fields(model, row: dict, *, where: str, problems: _Problems, skip: set[str]) -> dict:
    out = {}
    for key, value in row.items():
        if key in skip:
            continue
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            problems.add(f"{where}.{key}", _("Unknown field."))
            continue
        if field.is_relation or field.primary_key:
            problems.add(f"{where}.{key}", _("Unknown field."))
            continue
        try:
            out[key] = field.to_python(value) if value is not None else None
        except ValidationError as exc:
            problems.add(f"{where}.{key}", " ".join(exc.messages))
    return out


def _drafts(*, event: Event, document: dict, registrations: dict[str, Registration], problems: _Problems) -> None:
    settings = document.get("draft_settings")
    if settings is not None:
        if isinstance(settings, dict):
            DraftSettings.objects.create(event=event, **_model_fields(
                DraftSettings, settings, where="draft_settings", problems=problems, skip=set()))
        else:
            problems.add("draft_settings", _("Expected an object or null."))
    tables = document.get("draft_tables") or []
    if not isinstance(tables, list):
        problems.add("draft_tables", _("Expected a list."))
        return
    rounds = {r.number: r for r in Round.objects.filter(event=event)}
    for i, row in enumerate(tables):
        where = f"draft_tables[{i}]"
        if not isinstance(row, dict):
            problems.add(where, _("Expected an object."))
            continue
        teams = [registrations.get(" ".join(str(row.get(k)).split()).lower()) for k in ("team1", "team2")]
        if None in teams:
            problems.add(where, _("team1 and team2 must name the file's teams."))
            continue
        fields = _model_fields(DraftTable, row, where=where, problems=problems, skip={"team1", "team2", "round", "cards", "log"})
        if "round" in row and row["round"] is not None:
            if row["round"] not in rounds or not hasattr(DraftTable, "round"):
                problems.add(f"{where}.round", _("Not one of the file's rounds."))
                continue
            fields["round"] = rounds[row["round"]]
        if problems.found:
            continue
        table = DraftTable.objects.create(event=event, team1=teams[0], team2=teams[1], **fields)
        cards = row.get("cards") or []
        DraftCard.objects.bulk_create([
            DraftCard(table=table, **_model_fields(DraftCard, c, where=f"{where}.cards[{k}]", problems=problems, skip=set()))
            for k, c in enumerate(cards) if isinstance(c, dict)
        ])
        for k, entry in enumerate(row.get("log") or []):
            _draft_log_entry(table=table, entry=entry, where=f"{where}.log[{k}]", problems=problems)


_DRAFT_LOG_KEYS = {"at", "actor", "action", "pack_index", "pick_number", "detail"}


def _draft_log_entry(*, table: DraftTable, entry, where: str, problems: _Problems) -> None:
    """One entry of a table's log in the file, written to the event's one log as drafting.core.draft_log does."""
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
    actor = get_user_model().objects.filter(username=entry["actor"]).first() if isinstance(entry.get("actor"), str) else None
    created = draft_log(table, str(entry["action"])[:40], by=actor, detail=str(entry.get("detail") or ""))
    created.data = {**created.data, "pack_index": entry.get("pack_index"), "pick_number": entry.get("pick_number")}
    EventLogEntry.objects.filter(pk=created.pk).update(data=created.data, **({"at": at} if at is not None else {}))


_LOG_KEYS = {"at", "user", "action", "message", "data", "actor", "kind", "round", "team", "before", "after", "warnings",
             "source"}


def _log_extra(entry: dict, *, where: str, registrations: dict[str, Registration], problems: _Problems) -> dict | None:
    """The keys issue 29 added to a log entry, checked, as the entry's fields (None: a problem was named)."""
    extra = {"actor": str(entry.get("actor") or "")[:200], "before": entry.get("before"), "after": entry.get("after")}
    kind = entry.get("kind", LogKind.EVENT)
    if kind not in LogKind.values:
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
        problems.add(f"{where}.warnings" if not isinstance(warnings, list) else f"{where}.source",
                     _("Expected a list.") if not isinstance(warnings, list) else _("Expected an object."))
        return None
    extra["warnings"], extra["source"] = warnings, source
    return extra


def _log(*, event: Event, entries, registrations: dict[str, Registration], problems: _Problems) -> None:
    if not isinstance(entries, list):
        problems.add("log", _("Expected a list."))
        return
    User = get_user_model()
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
        if isinstance(data.get("team"), str) and data["team"].lower() in registrations:
            data = {**data, "team": registrations[data["team"].lower()].pk}
        user = User.objects.filter(username=entry.get("user")).first() if entry.get("user") else None
        try:
            at = _when(entry.get("at"))
        except ValueError:
            problems.add(f"{where}.at", _("An ISO date and time."))
            continue
        # Entries recorded elsewhere, restored as they were (not changes made now, so not event_log_record).
        created = EventLogEntry.objects.create(event=event, user=user, action=str(entry["action"])[:40],
                                               message=str(entry["message"]), data=data, **extra)
        if at is not None:
            EventLogEntry.objects.filter(pk=created.pk).update(at=at)


# What an event file carries and event_replace swaps; every other record of the event (its tokens, webhooks, desk
# announcements, judges) stays.
_REPLACED = ("rounds", "draft_tables", "pods", "registrations")


@transaction.atomic
def event_replace(*, event: Event, document, user) -> Event:
    """Make the event what the document describes, keeping its id (push_event / pull_event, the API's
    POST /api/v1/events/{id}/replace): its settings, teams, rounds and drafts become the document's, and the
    document's log entries it didn't have yet are added to its log. All or nothing: the document is checked as
    for an import first (ValidationError with every problem).

    Refused (ValidationError) while the event holds records the event file doesn't carry and that belong to its
    teams (penalties, deck checks, sealed pools, sign-ups), which replacing would lose."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    kept = {
        _("penalties"): event.penalties.count(), _("deck checks"): event.deck_checks.count(),
        _("sealed pools"): event.sealed_pools.count(), _("sign-ups"): event.signups.count(),
    }
    blocking = [f"{n} {label}" for label, n in kept.items() if n]
    if blocking:
        raise ValidationError({"event": [
            _("This event has %(records)s, which the event file doesn't carry: replacing it would lose them. "
              "Import the file as a new event instead.") % {"records": ", ".join(blocking)}
        ]})
    fresh = event_import(document=document, user=event.organizer)
    for name in _REPLACED:
        getattr(event, name).all().delete()
    DraftSettings.objects.filter(event=event).delete()
    for model in (Registration, Seat, Round, DraftTable, Pod, DraftSettings):
        model.objects.filter(event=fresh).update(event=event)
    have = set(event.log_entries.values_list("at", "action", "message"))
    for entry in fresh.log_entries.all():
        if (entry.at, entry.action, entry.message) not in have:
            EventLogEntry.objects.filter(pk=entry.pk).update(event=event)
    Event.objects.filter(pk=event.pk).update(**{name: getattr(fresh, name) for name in (*EDITABLE_FIELDS, "status")})
    fresh.delete()
    event_log_record(
        event=event, user=user, action="event_replaced",
        message=LogText(gettext_lazy("The event was replaced from an event file (%(teams)d teams, %(rounds)d rounds)."),
                        {"teams": event.registrations.count(), "rounds": event.rounds.count()}),
    )
    event_bump_version(event_id=event.pk)
    event.refresh_from_db()
    return event
