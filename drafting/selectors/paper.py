"""Reads of the paper draft (issue 40): who sits where ("Pod 2, seat 5") and the event's timers as the pages need
them, the schedule and the stopwatch, so each page computes the call by itself (static/js/called.js)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from drafting import called
from drafting.models import EventTimer, PackSource, Pod, PodTeam, TimerKind
from drafting.selectors.pods import pod_drafter_seating


@dataclass(frozen=True)
class PaperSeat:
    """A drafter's place at a paper draft, both numbers from 1."""

    pod: int
    seat: int


def paper_pods_for_event(*, event) -> list[tuple[Pod, list[tuple[int, str]]]]:
    """The event's paper pods, each with (seat from 1, drafter's name) in clockwise order."""
    pods = list(Pod.objects.filter(event=event, pack_source=PackSource.PAPER).order_by("number"))
    seating = pod_drafter_seating(pods=pods)
    return [(pod, list(enumerate(seating[pod.pk], start=1))) for pod in pods]


def paper_seat_of_user(*, event, user) -> PaperSeat | None:
    """Where this login drafts in the event's paper draft, or None (not seated, not signed in)."""
    if not getattr(user, "is_authenticated", False):
        return None
    row = (PodTeam.objects.filter(pod__event=event, pod__pack_source=PackSource.PAPER,
                                  registration__seats__player__user=user)
           .values_list("pod__number", "seat").first())
    return PaperSeat(pod=row[0], seat=row[1] + 1) if row else None


def booster_pod_number_of_registrations(*, event) -> dict[int, int]:
    """Registration id -> pod number for a booster draft that pairs every round within the pod
    (DraftSettings.pods_every_round); empty otherwise (round 1 within the pod, then Swiss across the event)."""
    settings = getattr(event, "draft_settings", None)
    if settings is None or not settings.pods_every_round:
        return {}
    return dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod__number"))


def event_timer_state(*, event, kind: str, now: dt.datetime) -> dict | None:
    """The timer of `kind` as JSON for a page: its schedule, the stopwatch in epoch seconds, the server's now (the
    page's clock offset), the version, and where it stands now (for a page without JavaScript). None: not started."""
    timer = EventTimer.objects.filter(event=event, kind=kind).first()
    if timer is None:
        return None
    paused_at = timer.paused_at.timestamp() if timer.paused_at else None
    elapsed = called.elapsed_seconds(started=timer.started_at.timestamp(), now=now.timestamp(),
                                     paused_at=paused_at, paused_total=timer.paused_seconds)
    where = called.position(timer.schedule, elapsed)
    return {
        "kind": kind, "schedule": timer.schedule, "started": timer.started_at.timestamp(), "paused_at": paused_at,
        "paused_seconds": timer.paused_seconds, "version": timer.version, "server_now": now.timestamp(),
        "index": where.index, "left": round(where.left, 1),
    }


def event_timers_state(*, event, now: dt.datetime) -> dict:
    """Both timers of the event (called draft, deck building) by kind, a timer not started None, and the server's
    now in epoch seconds ("server_now")."""
    return {"server_now": now.timestamp(),
            **{kind: event_timer_state(event=event, kind=kind, now=now) for kind in TimerKind.values}}
