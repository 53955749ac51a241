"""The records of an event beyond its teams, rounds and draft tables, in the event file (version 2): penalties, deck
checks, decklist changes, staff, the desk, round clocks and their extensions, sealed settings and pools, pods (2HG
and booster) with their teams and cards, multiplayer pods with their seats and byes, phases with their pod seats
and kept decks, sign-ups and their seats, the
entry fee, prizes and payments, the timers, check-ins, announcements and shared games' life and poison
(docs/event-format.md).

Each kind is described once (`Part`): its model, where it hangs off the event, and how each of its relations is
written (a team by name, a round by number, a match by round and table, a player by name, a person by username);
its own columns are written as they are. `parts_export` writes them all and `parts_import` checks and writes them
all, the same way for every kind.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import models
from django.utils.translation import gettext as _

from drafting.models import EventTimer, Pod, PodCard, PodTeam
from fees.models import EventFee, Payment, Prize
from judging.models import DeckCheck, Penalty
from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable
from sealed.models import PoolCard, SealedPool, SealedSettings
from sharedgame.models import GameState, LifeChange
from signup.models import SignupSeat, TeamSignup
from tournaments.models import (
    Announcement,
    CheckIn,
    ClockExtension,
    Decklist,
    DecklistChange,
    EventDesk,
    EventStaff,
    Phase,
    PhaseDeck,
    PhasePod,
    PhaseSeat,
    Registration,
    Round,
    RoundClock,
    TeamMatch,
)
from eventfile.validation import Problems, row_fields, rows_insert

# How a relation is written. TEAM: the team's name; ROUND: the round's number; MATCH: {"round", "table"};
# PLAYER: the player's name; BY: who did it, by username (an import records the importing organizer instead, so a
# file can't name another account as the actor, issue 37); USER: an account by username (staff: an account this
# Hydra doesn't have is left out); SEAT: a decklist's {"team", "seat"}; POD_SEAT: a pod card's team by its seat;
# PHASE_POD: a phase seat's pod by its number (the phase's pods are made from the numbers on import).
TEAM, ROUND, MATCH, PLAYER, BY, USER, SEAT, POD_SEAT = (
    "team",
    "round",
    "match",
    "player",
    "by",
    "user",
    "seat",
    "pod_seat",
)
PHASE_POD = "phase_pod"

# Columns that are Hydra's own bookkeeping, not the event: never written, set afresh on import.
SKIP = {"id", "event", "version", "updated_at"}


@dataclass(frozen=True)
class Part:
    key: str
    model: type[models.Model]
    path: str  # the lookup from the model to its event
    refs: dict[str, str] = field(default_factory=dict)
    parent: str = ""  # a child part's relation to the part it is written in
    children: tuple["Part", ...] = ()
    order: tuple[str, ...] = ("pk",)
    where: tuple[tuple[str, object], ...] = ()  # only the rows matching these lookups are written


PARTS: list[Part] = [
    Part("desk", EventDesk, "event"),
    Part("staff", EventStaff, "event", {"user": USER, "added_by": BY}, order=("user__username",)),
    Part(
        "penalties",
        Penalty,
        "event",
        {"registration": TEAM, "player": PLAYER, "round": ROUND, "applied_to": MATCH, "judge": BY},
        order=("at", "pk"),
    ),
    Part("deck_checks", DeckCheck, "event", {"registration": TEAM, "round": ROUND, "judge": BY}, order=("at", "pk")),
    Part(
        "decklist_changes",
        DecklistChange,
        "decklist__seat__event",
        {"decklist": SEAT, "changed_by": BY},
        order=("changed_at", "pk"),
    ),
    Part(
        "clocks",
        RoundClock,
        "round__event",
        {"round": ROUND},
        order=("round__number", "purpose"),
        children=(Part("extensions", ClockExtension, "clock__round__event", {"by": BY}, parent="clock"),),
    ),
    Part("sealed_settings", SealedSettings, "event"),
    Part(
        "sealed_pools",
        SealedPool,
        "event",
        {"registration": TEAM, "registered_by": BY},
        order=("registration__team__name",),
        children=(Part("cards", PoolCard, "pool__event", parent="pool", order=("position",)),),
    ),
    # The event-wide timers; a pod's or a round's table's call (a paper draft's, issue 40) is the evening's, not
    # the event's record, and its pod or table isn't named in the file.
    Part("timers", EventTimer, "event", order=("kind",), where=(("pod__isnull", True), ("table__isnull", True))),
    Part(
        "pods",
        Pod,
        "event",
        order=("number",),
        children=(
            Part("teams", PodTeam, "pod__event", {"registration": TEAM}, parent="pod", order=("seat",)),
            Part(
                "cards",
                PodCard,
                "pod__event",
                {"team": POD_SEAT},
                parent="pod",
                order=("pack_round", "opener", "position"),
            ),
        ),
    ),
    # Multiplayer pods (issue 43): each round's pods with their seats and outcomes, and the byes.
    Part(
        "multiplayer_pods",
        MultiplayerTable,
        "round__event",
        {"round": ROUND, "reporter": TEAM, "reported_by": BY, "confirmed_by": BY},
        order=("round__number", "number"),
        children=(
            Part(
                "seats",
                MultiplayerSeat,
                "table__round__event",
                {"registration": TEAM},
                parent="table",
                order=("position",),
            ),
        ),
    ),
    Part(
        "pod_byes",
        MultiplayerBye,
        "round__event",
        {"round": ROUND, "registration": TEAM},
        order=("round__number", "registration__team__name"),
    ),
    Part(
        "signups",
        TeamSignup,
        "event",
        {"captain": PLAYER, "registration": TEAM},
        order=("name",),
        children=(Part("seats", SignupSeat, "signup__event", {"player": PLAYER}, parent="signup", order=("letter",)),),
    ),
    # Phases of a big event (issue 42, docs/phases.md): the plan, each phase's pod seats and the decks kept from it.
    Part(
        "phases",
        Phase,
        "event",
        {"started_by": BY},
        order=("number",),
        children=(
            Part(
                "seats",
                PhaseSeat,
                "phase__event",
                {"registration": TEAM, "pod": PHASE_POD},
                parent="phase",
                order=("pod__number", "seat"),
            ),
            Part(
                "decks",
                PhaseDeck,
                "phase__event",
                {"registration": TEAM},
                parent="phase",
                order=("registration__team__name", "letter"),
            ),
        ),
    ),
    Part("fee", EventFee, "event"),
    Part("prizes", Prize, "event", order=("position", "pk")),
    Part(
        "payments",
        Payment,
        "registration__event",
        {"registration": TEAM, "paid_by": PLAYER, "marked_by": BY},
        order=("registration__team__name",),
    ),
    Part(
        "games",
        GameState,
        "match__round__event",
        {"match": MATCH},
        order=("match__round__number", "match__table", "number"),
        children=(
            Part(
                "changes",
                LifeChange,
                "game__match__round__event",
                {"by": BY, "undone_by": BY},
                parent="game",
                order=("at", "pk"),
            ),
        ),
    ),
    Part(
        "check_ins",
        CheckIn,
        "registration__event",
        {"registration": TEAM, "by": BY},
        order=("registration__team__name",),
    ),
    Part("announcements", Announcement, "event", {"round": ROUND, "by": BY}, order=("created_at", "pk")),
]


def parts_keys() -> tuple[str, ...]:
    """The document's keys of every part registered."""
    return tuple(part.key for part in PARTS)


def parts_event_models() -> list[type[models.Model]]:
    """The models of the parts that hold the event themselves (an `event` column), children included."""
    return [part.model for part in _all_parts() if any(f.name == "event" for f in part.model._meta.concrete_fields)]


def _value(value):
    if isinstance(value, Decimal):
        return str(value)  # money as text: "7.50", exact (eventfile.validation reads it back)
    return value.isoformat() if hasattr(value, "isoformat") else value


def _all_parts(parts=PARTS):
    for part in parts:
        yield part
        yield from _all_parts(part.children)


class _Names:
    """What the export writes for each kind of relation, read once per event."""

    def __init__(self, event, team_names: dict[int, str]):
        self.teams = team_names
        self.rounds = dict(Round.objects.filter(event=event).values_list("id", "number"))
        self.matches = {
            pk: {"round": number, "table": table}
            for pk, number, table in TeamMatch.objects.filter(round__event=event).values_list(
                "id", "round__number", "table"
            )
        }
        self.seats = {
            pk: {"team": team_names[reg], "seat": letter}
            for pk, reg, letter in Decklist.objects.filter(seat__event=event).values_list(
                "id", "seat__registration", "seat__letter"
            )
        }
        self.pod_seats = dict(PodTeam.objects.filter(pod__event=event).values_list("id", "seat"))
        self.phase_pods = dict(PhasePod.objects.filter(phase__event=event).values_list("id", "number"))

    def write(self, obj, name: str, kind: str):
        pk = getattr(obj, f"{name}_id")
        if pk is None:
            return None
        if kind in (PLAYER,):
            return getattr(obj, name).name
        if kind in (BY, USER):
            return getattr(obj, name).get_username()
        return {
            TEAM: self.teams,
            ROUND: self.rounds,
            MATCH: self.matches,
            SEAT: self.seats,
            POD_SEAT: self.pod_seats,
            PHASE_POD: self.phase_pods,
        }[kind][pk]


def _row(obj, part: Part, names: _Names) -> dict:
    row = {}
    for f in obj._meta.concrete_fields:
        if f.name in SKIP or f.name == part.parent or f.primary_key:
            continue
        if f.is_relation:
            if f.name in part.refs:
                row[f.name] = names.write(obj, f.name, part.refs[f.name])
            continue
        row[f.name] = _value(getattr(obj, f.attname))
    return row


def _export(part: Part, event, names: _Names) -> dict[int | None, list[dict]]:
    """The part's rows, grouped by their parent's id (None at the top)."""
    related = [name for name, kind in part.refs.items() if kind in (PLAYER, BY, USER)]
    grouped: dict[int | None, list[dict]] = defaultdict(list)
    children = {child.key: _export(child, event, names) for child in part.children}
    for obj in (
        part.model.objects.filter(**{part.path: event}, **dict(part.where))
        .select_related(*related)
        .order_by(*part.order)
    ):
        row = _row(obj, part, names)
        for key, rows in children.items():
            row[key] = rows.get(obj.pk, [])
        grouped[getattr(obj, f"{part.parent}_id") if part.parent else None].append(row)
    return grouped


def parts_export(*, event, team_names: dict[int, str]) -> dict[str, list[dict]]:
    """Every part of the event, by its key: a list of rows each (a fixed number of queries, whatever the size)."""
    names = _Names(event, team_names)
    return {part.key: _export(part, event, names).get(None, []) for part in PARTS}


def parts_player_names(document: dict) -> list[str]:
    """The players the document's parts name (penalties, sign-ups), for the importer's one players_find_or_create."""
    found = []

    def walk(parts, rows):
        for part in parts:
            listed = rows.get(part.key) if isinstance(rows, dict) else None
            for row in listed if isinstance(listed, list) else []:
                if not isinstance(row, dict):
                    continue
                found.extend(
                    " ".join(row[name].split())
                    for name, kind in part.refs.items()
                    if kind == PLAYER and isinstance(row.get(name), str) and row[name].strip()
                )
                walk(part.children, row)

    walk(PARTS, document)
    return found


class Resolver:
    """Turns what the file writes for a relation into this Hydra's object, for the import."""

    def __init__(self, *, event, user, registrations: dict[str, Registration], players: dict):
        self.event, self.user = event, user
        self.teams = registrations
        self.players = players
        self.rounds = {r.number: r for r in Round.objects.filter(event=event)}
        self.matches = {
            (m.round.number, m.table): m for m in TeamMatch.objects.filter(round__event=event).select_related("round")
        }
        self.decklists = {
            (d.seat.registration_id, d.seat.letter): d
            for d in Decklist.objects.filter(seat__event=event).select_related("seat")
        }
        self.users: dict[str, object] = {}
        self.pod_seats: dict[int, PodTeam] = {}
        self.phase_pods: dict[int, PhasePod] = {}

    def read(self, kind: str, value, *, where: str, problems: Problems):
        """(found, the object or None); a problem is named when the value names nothing of the file's."""
        if value is None:
            return True, None
        if kind == BY:
            return True, self.user
        if kind == TEAM:
            found = self.teams.get(" ".join(value.split()).lower()) if isinstance(value, str) else None
            message = _("Not one of the file's teams.")
        elif kind == PLAYER:
            found = self.players.get(" ".join(value.split()).lower()) if isinstance(value, str) else None
            message = _("Not a player's name.")
        elif kind == ROUND:
            found = self.rounds.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
            message = _("Not one of the file's rounds.")
        elif kind == MATCH:
            found = (
                self.matches.get((value.get("round"), value.get("table")))
                if isinstance(value, dict) and not {type(value.get("round")), type(value.get("table"))} - {int}
                else None
            )
            message = _('Not one of the file\'s matches ({"round": n, "table": n}).')
        elif kind == SEAT:
            team = self.teams.get(" ".join(str(value.get("team")).split()).lower()) if isinstance(value, dict) else None
            found = (
                self.decklists.get((team.pk, value.get("seat")))
                if team and isinstance(value.get("seat"), str)
                else None
            )
            message = _('Not a seat of the file\'s teams with a decklist ({"team": ..., "seat": ...}).')
        elif kind == POD_SEAT:
            found = self.pod_seats.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
            message = _("Not a seat of this pod's teams.")
        elif kind == PHASE_POD:
            found = self.phase_pods.get(value) if isinstance(value, int) and not isinstance(value, bool) else None
            message = _("Expected a whole number.")
        else:  # USER: an account of this Hydra, by username; the row is left out when there is none
            if not isinstance(value, str):
                problems.add(where, _("Expected a username."))
                return False, None
            if value not in self.users:
                self.users[value] = get_user_model().objects.filter(username=value).first()
            return self.users[value] is not None, self.users[value]
        if found is None:
            problems.add(where, message)
            return False, None
        return True, found


def _build(part: Part, rows, *, where: str, resolver: Resolver, problems: Problems, parent=None) -> list[tuple]:
    """(the unsaved object, its place, its row) for each row, checked; problems named."""
    if not isinstance(rows, list):
        problems.add(where, _("Expected a list."))
        return []
    built = []
    child_keys = {child.key for child in part.children}
    for i, row in enumerate(rows):
        place = f"{where}[{i}]"
        if not isinstance(row, dict):
            problems.add(place, _("Expected an object."))
            continue
        for key in SKIP & set(row):
            problems.add(f"{place}.{key}", _("Unknown field."))
        values = row_fields(part.model, row, where=place, problems=problems, skip={*part.refs, *child_keys, *SKIP})
        keep = True
        for name, kind in part.refs.items():
            found, obj = resolver.read(kind, row.get(name), where=f"{place}.{name}", problems=problems)
            keep = keep and found
            values[name] = obj
        if parent is not None:
            values[part.parent] = parent
        if any(f.name == "event" for f in part.model._meta.concrete_fields):
            values["event"] = resolver.event
        if keep:
            built.append((part.model(**values), place, row))
    return built


def _write(part: Part, built: list[tuple], *, resolver: Resolver, problems: Problems) -> None:
    # Times the model stamps on insert (auto_now_add) are the file's when it gives them: kept, and put back after.
    stamped = [f.name for f in part.model._meta.concrete_fields if getattr(f, "auto_now_add", False)]
    given = [{name: getattr(obj, name) for name in stamped if row.get(name) is not None} for obj, _w, row in built]
    objects = rows_insert([obj for obj, _w, _r in built], wheres=[w for _o, w, _r in built], problems=problems)
    for name in stamped:
        changed = [obj for obj, times in zip(objects, given, strict=True) if name in times]
        for obj, times in zip(objects, given, strict=True):
            if name in times:
                setattr(obj, name, times[name])
        if changed:
            part.model.objects.bulk_update(changed, [name])
    for child in part.children:
        built_children = []
        for obj, (_o, where, row) in zip(objects, built, strict=True):
            if child.model is PodCard:  # a card's team is written as its seat in this pod
                resolver.pod_seats = {t.seat: t for t in PodTeam.objects.filter(pod=obj)}
            if child.model is PhaseSeat:  # a seat's pod is written as its number: the phase's pods, made here
                resolver.phase_pods = _phase_pods_make(phase=obj, rows=row.get(child.key, []))
            built_children += _build(
                child,
                row.get(child.key, []),
                where=f"{where}.{child.key}",
                resolver=resolver,
                problems=problems,
                parent=obj,
            )
        problems.raise_if_any()
        _write(child, built_children, resolver=resolver, problems=problems)


def _phase_pods_make(*, phase: Phase, rows) -> dict[int, PhasePod]:
    """The phase's pods that its seats' rows number (1 to 32767; any other value is named by the seat's check)."""
    numbers = (
        sorted(
            {
                row.get("pod")
                for row in rows
                if isinstance(row, dict) and type(row.get("pod")) is int and 1 <= row["pod"] <= 32767
            }
        )
        if isinstance(rows, list)
        else []
    )
    return {pod.number: pod for pod in PhasePod.objects.bulk_create(PhasePod(phase=phase, number=n) for n in numbers)}


def parts_import(*, document: dict, resolver: Resolver, problems: Problems) -> None:
    """Check and write every part the document holds (none in a version-1 file); raises every problem found."""
    for part in PARTS:
        built = _build(part, document.get(part.key, []), where=part.key, resolver=resolver, problems=problems)
        problems.raise_if_any()
        _write(part, built, resolver=resolver, problems=problems)
