"""Reads of the paper draft (issue 40): who sits where ("Pod 2, seat 5") and the event's timers as the pages need
them, the schedule and the stopwatch, so each page computes the call by itself (static/js/called.js)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from drafting import called
from django.db.models import Q
from django.utils.translation import gettext as _

from drafting.models import DraftStatus, DraftTable, EventTimer, PackSource, Pod, PodTeam, TimerKind
from drafting.selectors.pods import event_pods, pod_drafter_seating
from drafting.selectors.tables import draft_seat_of_user


@dataclass(frozen=True)
class PaperSeat:
    """A drafter's place at a paper draft, both numbers from 1."""

    pod: int
    seat: int
    pod_id: int = 0


def paper_pods_for_event(*, event) -> list[tuple[Pod, list[tuple[int, str]]]]:
    """The event's paper pods, each with (seat from 1, drafter's name) in clockwise order."""
    pods = list(Pod.objects.filter(event=event, pack_source=PackSource.PAPER).order_by("number"))
    seating = pod_drafter_seating(pods=pods)
    return [(pod, list(enumerate(seating[pod.pk], start=1))) for pod in pods]


def paper_seat_of_user(*, event, user) -> PaperSeat | None:
    """Where this login drafts in the event's paper draft, or None (not seated, not signed in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    row = (
        PodTeam.objects.filter(
            pod__event=event, pod__pack_source=PackSource.PAPER, registration__seats__player__user=user
        )
        .values_list("pod__number", "seat", "pod_id")
        .first()
    )
    return PaperSeat(pod=row[0], seat=row[1] + 1, pod_id=row[2]) if row else None


@dataclass(frozen=True)
class PaperTableSeat:
    """A drafter's place at a team Rochester table with real packs: the round (None for the one draft of an event
    that lifts the pod rule), the table's number and id, and the seat's name ("1B")."""

    round: int | None
    table: int
    table_id: int
    seat: str


def paper_table_seat_of_user(*, event, user) -> PaperTableSeat | None:
    """Where this login drafts at the event's latest paper Rochester table (the current round's), or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    tables = (
        DraftTable.objects.filter(event=event, pack_source=PackSource.PAPER)
        .filter(Q(team1__seats__player__user=user) | Q(team2__seats__player__user=user))
        .select_related("round")
        .order_by("-round__number", "number")
        .distinct()
    )
    table = tables.first()
    if table is None:
        return None
    seat = draft_seat_of_user(table=table, user=user)
    if seat is None:
        return None
    return PaperTableSeat(
        round=table.round.number if table.round_id else None, table=table.number, table_id=table.pk, seat=seat
    )


def event_has_paper_tables(*, event) -> bool:
    """Whether any of the event's team Rochester tables drafts real packs (a called draft)."""
    return DraftTable.objects.filter(event=event, pack_source=PackSource.PAPER).exists()


def paper_tables_for_event(*, event) -> list[DraftTable]:
    """The event's team Rochester tables of the latest round that has any (or of its one draft), paper or not:
    the tables the organizer may call."""
    tables = list(
        DraftTable.objects.filter(event=event)
        .select_related("round", "team1", "team2")
        .order_by("-round__number", "number")
    )
    if not tables:
        return []
    latest = tables[0].round_id
    return sorted((t for t in tables if t.round_id == latest), key=lambda t: t.number)


def booster_pod_number_of_registrations(*, event) -> dict[int, int]:
    """Registration id -> pod number for a booster draft that pairs every round within the pod
    (DraftSettings.pods_every_round); empty otherwise (round 1 within the pod, then Swiss across the event)."""
    settings = getattr(event, "draft_settings", None)
    if settings is None or not settings.pods_every_round:
        return {}
    return dict(PodTeam.objects.filter(pod__in=event_pods(event=event)).values_list("registration_id", "pod__number"))


def _elapsed(timer: EventTimer, *, now: dt.datetime) -> float:
    return called.elapsed_seconds(
        started=timer.started_at.timestamp(),
        now=now.timestamp(),
        paused_at=timer.paused_at.timestamp() if timer.paused_at else None,
        paused_total=timer.paused_seconds,
    )


def _timer_json(timer: EventTimer, *, now: dt.datetime) -> dict:
    paused_at = timer.paused_at.timestamp() if timer.paused_at else None
    where = called.position(timer.schedule, _elapsed(timer, now=now))
    return {
        "id": timer.pk,
        "kind": timer.kind,
        "schedule": timer.schedule,
        "started": timer.started_at.timestamp(),
        "paused_at": paused_at,
        "paused_seconds": timer.paused_seconds,
        "version": timer.version,
        "server_now": now.timestamp(),
        "index": where.index,
        "left": round(where.left, 1),
        "pod": timer.pod.number if timer.pod_id else None,
        "pod_id": timer.pod_id,
        "table": timer.table.number if timer.table_id else None,
        "table_id": timer.table_id,
        "round": timer.table.round.number if timer.table_id and timer.table.round_id else None,
        "label": timer_label(timer),
    }


def timer_label(timer: EventTimer) -> str:
    """Whose timer it is, for a page: "Round 2, table 3: Team A – Team B", "Pod 2", or "" for the whole event."""
    if timer.table_id:
        table = timer.table
        teams = f"{table.team1} – {table.team2}"
        if table.round_id:
            return _("Round %(round)d, table %(table)d: %(teams)s") % {
                "round": table.round.number,
                "table": table.number,
                "teams": teams,
            }
        return _("Table %(table)d: %(teams)s") % {"table": table.number, "teams": teams}
    if timer.pod_id:
        return _("Pod %(n)d") % {"n": timer.pod.number}
    return ""


def event_timer_state(*, event, kind: str, now: dt.datetime) -> dict | None:
    """The event-wide timer of `kind` as JSON for a page: its schedule, the stopwatch in epoch seconds, the server's
    now (the page's clock offset), the version, and where it stands now (for a page without JavaScript). None: not
    started."""
    timer = EventTimer.objects.filter(event=event, kind=kind, pod__isnull=True, table__isnull=True).first()
    return None if timer is None else _timer_json(timer, now=now)


def event_calls_state(*, event, now: dt.datetime, table_ids=None, pod_ids=None) -> list[dict]:
    """The event's timers of a pod or a table (every round's table may have its call), as event_timer_state gives
    them, each with its `label`; by round, table and pod. `table_ids`: only those tables' calls; `pod_ids`: only
    those pods'."""
    timers = (
        EventTimer.objects.filter(event=event)
        .filter(Q(pod__isnull=False) | Q(table__isnull=False))
        .select_related("pod", "table__round", "table__team1", "table__team2")
    )
    if table_ids is not None:
        timers = timers.filter(table_id__in=list(table_ids))
    if pod_ids is not None:
        timers = timers.filter(pod_id__in=list(pod_ids))
    rows = [_timer_json(timer, now=now) for timer in timers]
    return sorted(rows, key=lambda r: (-(r["round"] or 0), r["table"] or 0, r["pod"] or 0, r["kind"]))


def event_timers_state(*, event, now: dt.datetime, table_ids=None, pod_ids=None) -> dict:
    """The event-wide timers (called draft, deck building) by kind, a timer not started None; every call of a pod
    or a table ("calls", only `table_ids`' or `pod_ids`' when given); and the server's now in epoch seconds
    ("server_now")."""
    return {
        "server_now": now.timestamp(),
        **{kind: event_timer_state(event=event, kind=kind, now=now) for kind in TimerKind.values},
        "calls": event_calls_state(event=event, now=now, table_ids=table_ids, pod_ids=pod_ids),
    }


# Where a pod draft stands before round 1, as the desk's next step reads it (issue 56).
NOT_SEATED, SEATED, CALLING, CALLED, DRAFTING, DRAFTED = (
    "not_seated",
    "seated",
    "calling",
    "called",
    "drafting",
    "drafted",
)


def pod_draft_progress(*, event, now: dt.datetime) -> str:
    """Where the event's pod draft (a booster or Two-Headed Giant draft) stands: NOT_SEATED (no pods), and then
    with real packs SEATED (no call yet), CALLING (a call still runs) or CALLED (every pod's call is over: the
    event-wide call, or each pod's own), with packs in Hydra SEATED (a pod still waits to start), DRAFTING or
    DRAFTED (every pod finished). Two or three queries."""
    pods = list(event_pods(event=event).values_list("pk", "pack_source", "status"))
    if not pods:
        return NOT_SEATED
    if any(source == PackSource.PAPER for _pk, source, _status in pods):
        timers = list(EventTimer.objects.filter(event=event, kind=TimerKind.CALLED_DRAFT, table__isnull=True))
        if not timers:
            return SEATED
        if any(not _over(timer, now=now) for timer in timers):
            return CALLING
        called_pods = {timer.pod_id for timer in timers}
        if None in called_pods or all(pk in called_pods for pk, _source, _status in pods):
            return CALLED
        return CALLING  # some pods called on their own, others not yet: the draft still runs
    statuses = {status for _pk, _source, status in pods}
    if statuses == {DraftStatus.FINISHED}:
        return DRAFTED
    if statuses <= {DraftStatus.SETUP}:
        return SEATED
    return DRAFTING


def _over(timer: EventTimer, *, now: dt.datetime) -> bool:
    return called.position(timer.schedule, _elapsed(timer, now=now)).over


def paper_calls_running(*, event, now: dt.datetime) -> list[str]:
    """The calls of the event's paper pod draft still running at `now`, named for a sentence ("Pod 2", or "" for the
    event-wide call); [] when none runs."""
    timers = EventTimer.objects.filter(event=event, kind=TimerKind.CALLED_DRAFT, table__isnull=True).select_related(
        "pod"
    )
    return [timer_label(timer) for timer in timers if not _over(timer, now=now)]


def event_pods_on_paper(*, event) -> bool:
    """Whether the event's current pod draft drafts real packs on the table (a called draft)."""
    return event_pods(event=event).filter(pack_source=PackSource.PAPER).exists()


def pods_building(*, event, now: dt.datetime) -> bool:
    """Whether a pod of the event's digital draft is still in its deck building time (it finished drafting less than
    its deck building minutes ago)."""
    return any(
        pod.deck_building_ends_at is not None and pod.deck_building_ends_at > now
        for pod in event_pods(event=event).filter(status=DraftStatus.FINISHED)
    )


@dataclass(frozen=True)
class PodSeatLine:
    """A login's seat at a pod draft, for /draft/: the pod, the seat from 1, the event's name, the state in words
    and where it leads (the call page for real packs, the pod's page for packs in Hydra)."""

    pod: Pod
    seat: int
    paper: bool
    state: str


def pod_seats_for_user(*, user, now: dt.datetime) -> dict[str, list[PodSeatLine]]:
    """Where this login drafts in a pod (booster draft and Two-Headed Giant draft, with real packs or in Hydra), by
    the pod's format (PodFormat), newest event first. A paper pod's state is its call's: "Seated: waiting for the
    call", "The draft is being called", "The draft is over"; a pod in Hydra's its status. A few queries."""
    if not getattr(user, "is_authenticated", False):
        return {}
    rows = list(
        PodTeam.objects.filter(registration__seats__player__user=user)
        .select_related("pod__event")
        .distinct()
        .order_by("-pod__event__date", "pod__event_id", "pod__number")
    )
    paper_events = {row.pod.event_id for row in rows if row.pod.pack_source == PackSource.PAPER}
    calls: dict[tuple[int, int | None], EventTimer] = {
        (timer.event_id, timer.pod_id): timer
        for timer in EventTimer.objects.filter(
            event_id__in=paper_events, kind=TimerKind.CALLED_DRAFT, table__isnull=True
        )
    }
    lines: dict[str, list[PodSeatLine]] = {}
    for row in rows:
        pod = row.pod
        paper = pod.pack_source == PackSource.PAPER
        if paper:
            timer = calls.get((pod.event_id, pod.pk)) or calls.get((pod.event_id, None))
            if timer is None:
                state = _("Seated: waiting for the call")
            elif _over(timer, now=now):
                state = _("The draft is over")
            else:
                state = _("The draft is being called")
        else:
            state = pod.get_status_display()
        lines.setdefault(pod.format, []).append(PodSeatLine(pod=pod, seat=row.seat + 1, paper=paper, state=state))
    return lines


def paper_pod_call_exists(*, event, timer_id: int) -> bool:
    """Whether `timer_id` is a call of the event's paper pod draft (the event-wide call or a pod's), not a table's
    call nor the deck building timer."""
    return EventTimer.objects.filter(pk=timer_id, event=event, kind=TimerKind.CALLED_DRAFT, table__isnull=True).exists()
