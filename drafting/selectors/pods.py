"""Reads of the Two-Headed Giant pods (RULES.md 7, MTR 7.7 and 9.7). What a team may see is decided here, on the
server: the pack in front of it and its teammate's tentative choice; its own pool only after the draft, before each
pack round after the first, in a review break, or between picks where the event's REL allows it; other teams'
picks never."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _

from drafting import booster, thg
from drafting.passing import LEFT
from drafting.models import DraftStatus, Pod, PodCard, PodTeam
from drafting.selectors.tables import TIMEOUT_VIAS, DraftClock, PoolHidden
from tournaments.models import Seat
from tournaments.selectors.phases import phase_current


def event_draft_phase_number(*, event) -> int | None:
    """The phase whose draft the event's pods are now (docs/phases.md): the phase being played (phase 1 until it
    starts), None for an event without a phase plan. A later draft phase seats pods of its own."""
    phase = phase_current(event=event)
    return phase.number if phase is not None else None


def event_pods(*, event) -> QuerySet[Pod]:
    """The pods of the event's current draft: the phase being played's, or every pod of an event without phases."""
    return Pod.objects.filter(event=event, phase_number=event_draft_phase_number(event=event))


def thg_pods_for_event(*, event) -> QuerySet[Pod]:
    """The pods of the event's current draft (event_pods), in order."""
    return event_pods(event=event).select_related("event").order_by("number")


def booster_first_round_pairs(
    *, event, entrant_ids: list[int], avoid: Collection[frozenset[int]] = frozenset()
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Round 1 of a booster draft event: the pairs across each pod by seat (booster.first_round_pairs) of the
    entrants `entrant_ids`, and the bye; entrants in no pod (late entries) pair among themselves. A pairing to
    avoid (`avoid`) sitting across plays another seat's opposite in its pod where that untangles it. None while the
    event has no pods (then round 1 is paired like any other)."""
    seating: dict[int, list[int]] = defaultdict(list)
    active = set(entrant_ids)
    rows = (
        PodTeam.objects.filter(pod__in=event_pods(event=event))
        .order_by("pod__number", "seat")
        .values_list("pod__number", "registration_id")
    )
    for number, registration in rows:
        if registration in active:
            seating[number].append(registration)
    if not rows:
        return None
    seated = {r for seats in seating.values() for r in seats}
    pods = [seating[n] for n in sorted(seating)] + [[e for e in entrant_ids if e not in seated]]
    pairs, bye = booster.first_round_pairs(pods, avoid)
    return pairs, [] if bye is None else [bye]


def pod_drafter_seating(*, pods: list[Pod]) -> dict[int, list[str]]:
    """Pod id -> the names on its seats in clockwise order (the player of a one-player registration, else the team),
    in one query whatever the number of pods."""
    seats = list(PodTeam.objects.filter(pod__in=pods).select_related("registration__team").order_by("pod", "seat"))
    players: dict[int, list[str]] = defaultdict(list)
    for registration_id, name in Seat.objects.filter(
        registration__in=[s.registration_id for s in seats], player__isnull=False
    ).values_list("registration_id", "player__name"):
        players[registration_id].append(name)
    seating: dict[int, list[str]] = defaultdict(list)
    for s in seats:
        names = players[s.registration_id]
        seating[s.pod_id].append(names[0] if len(names) == 1 else str(s.registration.team))
    return seating


def thg_pod_team_of_user(*, pod: Pod, user) -> PodTeam | None:
    """The pod seat of the team this login plays for, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        PodTeam.objects.filter(pod=pod, registration__seats__player__user=user)
        .select_related("registration__team")
        .first()
    )


def thg_in_round_review(*, pod: Pod, now: dt.datetime) -> bool:
    """The teams are looking through their pools before a pack round (picks not open yet)."""
    return pod.status == DraftStatus.RUNNING and pod.picks_open_at is not None and now < pod.picks_open_at


def thg_pool_visible(*, pod: Pod, now: dt.datetime) -> bool:
    """A team sees its pool after the draft, at the end of each pack round (the review before the next), in a review
    break, and between picks only where the event's REL allows it (pod.review_between_picks)."""
    return thg.pool_visible(
        finished=pod.status == DraftStatus.FINISHED,
        round_over=thg_in_round_review(pod=pod, now=now),
        review_between_picks=pod.review_between_picks,
    ) or (pod.status == DraftStatus.PAUSED and pod.review_break)


def thg_pool(*, pod: Pod, team: PodTeam, now: dt.datetime) -> list[PodCard]:
    """The cards `team` took, in pick order. Raises PoolHidden while the rules hide them."""
    if not thg_pool_visible(pod=pod, now=now):
        raise PoolHidden(_("Your team may not look through its pool during a pack round."))
    return list(PodCard.objects.filter(team=team).order_by("pack_round", "pick_step", "pick_slot"))


@dataclass(frozen=True)
class TeamView:
    seat: int
    name: str
    has_picked: bool  # at the current step; never which cards
    cards_in_front: int


@dataclass(frozen=True)
class PodState(DraftClock):
    """What one page of the pod shows. Only `team`, `pack`, `tentative` and `pool` depend on the viewer."""

    pod: Pod
    team: PodTeam | None
    etag: str
    server_now: dt.datetime
    pack_round: int | None  # 1-based
    pick: int | None  # 1-based, within the pack round
    passing: str
    deadline: dt.datetime | None
    picks_open_at: dt.datetime | None
    in_review: bool
    teams: list[TeamView]
    pack: list[PodCard]  # the viewer team's pack, oldest first; empty for anyone else
    must_pick: bool
    tentative: list[int]
    tentative_by: str
    pool_visible: bool
    pool: list[PodCard]
    timed_out: list[PodCard]  # the viewer's most recent pick, when the timer made it (the phone says which card)

    @property
    def solo(self) -> bool:
        """One card a pick (the individual booster draft): the page speaks to a player, not a team."""
        return self.pod.rules.cards_per_pick == 1

    @property
    def pack_rounds(self) -> int:
        return self.pod.rules.pack_rounds

    @property
    def ready_to_confirm(self) -> bool:
        """The chosen cards make a whole pick: the page offers the button that confirms it."""
        return len(self.tentative) == self.pod.rules.cards_per_pick


def thg_pod_etag(*, pod: Pod, now: dt.datetime) -> str:
    return f"{pod.version}{'r' if thg_in_round_review(pod=pod, now=now) else ''}"


def thg_pod_state(*, pod: Pod, team: PodTeam | None, now: dt.datetime) -> PodState:
    """The pod as a page shows it (a few queries, none per team). Never another team's picks: for each team only
    whether it has picked at this step and how many cards lie in front of it."""
    drafting = pod.status in (DraftStatus.RUNNING, DraftStatus.PAUSED) and pod.pack_round < len(pod.pack_sizes)
    teams = list(PodTeam.objects.filter(pod=pod).select_related("registration__team").order_by("seat"))
    size = len(teams)
    counts: dict[int, int] = {}
    if drafting:
        counts = dict(
            PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, team__isnull=True)
            .values_list("opener")
            .annotate(n=Count("pk"))
            .values_list("opener", "n")
        )
    views, pack, must_pick = [], [], False
    for t in teams:
        in_front = 0
        if drafting:
            opener = pod.rules.pack_in_front_of(pod_size=size, pack_round=pod.pack_round, step=pod.step, seat=t.seat)
            in_front = counts.get(opener, 0)
        views.append(
            TeamView(
                seat=t.seat + 1,
                name=t.registration.team.name,
                has_picked=drafting and t.picked_through >= pod.step_key,
                cards_in_front=in_front,
            )
        )
    mine = next((t for t in teams if team is not None and t.pk == team.pk), None)
    if drafting and mine is not None:
        opener = pod.rules.pack_in_front_of(pod_size=size, pack_round=pod.pack_round, step=pod.step, seat=mine.seat)
        if mine.picked_through < pod.step_key:
            pack = list(
                PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=opener, team__isnull=True).order_by(
                    "position"
                )
            )
        must_pick = pod.status == DraftStatus.RUNNING and bool(pack)
    visible = mine is not None and thg_pool_visible(pod=pod, now=now)
    running = pod.status == DraftStatus.RUNNING
    return PodState(
        pod=pod,
        team=mine,
        etag=thg_pod_etag(pod=pod, now=now),
        server_now=now,
        pack_round=pod.pack_round + 1 if drafting else None,
        pick=pod.step + 1 if drafting else None,
        passing=(_("left") if pod.rules.direction(pod.pack_round) == LEFT else _("right")) if drafting else "",
        deadline=max(pod.deadline, now) if running and pod.deadline else None,
        picks_open_at=pod.picks_open_at if running else None,
        in_review=thg_in_round_review(pod=pod, now=now),
        teams=views,
        pack=pack,
        must_pick=must_pick,
        tentative=list(mine.tentative) if mine and pack else [],
        tentative_by=mine.tentative_by if mine and pack else "",
        pool_visible=visible,
        pool=list(PodCard.objects.filter(team=mine).order_by("pack_round", "pick_step", "pick_slot"))
        if visible
        else [],
        timed_out=pod_timed_out_pick(pod=pod, team=mine)
        if mine is not None and pod.status != DraftStatus.SETUP
        else [],
    )


def pod_timed_out_pick(*, pod: Pod, team: PodTeam) -> list[PodCard]:
    """The team's most recent pick when the clock made it (timer, sweep, read or too late), else []: the phone
    says the timer picked and which card(s). Only the team's own cards."""
    latest = list(
        PodCard.objects.filter(team=team).order_by("-pack_round", "-pick_step", "pick_slot")[: pod.rules.cards_per_pick]
    )
    picks = [c for c in latest if (c.pack_round, c.pick_step) == (latest[0].pack_round, latest[0].pick_step)]
    return picks if picks and all(c.via in TIMEOUT_VIAS for c in picks) else []


def thg_pods_overview(*, event) -> list[dict]:
    """Every pod of the event for coverage screens and the organizer: status, pack round, pick, passing direction,
    deadline, and per team whether it has picked and the cards in front of it. Never picks. Four queries (the
    first finds the phase being played, whose pods these are)."""
    pods = list(thg_pods_for_event(event=event))
    teams_by_pod: dict[int, list[PodTeam]] = defaultdict(list)
    for t in PodTeam.objects.filter(pod__in=pods).select_related("registration__team").order_by("seat"):
        teams_by_pod[t.pod_id].append(t)
    counts: dict[tuple[int, int, int], int] = {}
    for pod_id, pack_round, opener, n in (
        PodCard.objects.filter(pod__in=pods, team__isnull=True)
        .values_list("pod_id", "pack_round", "opener")
        .annotate(n=Count("pk"))
        .values_list("pod_id", "pack_round", "opener", "n")
    ):
        counts[(pod_id, pack_round, opener)] = n
    out = []
    for pod in pods:
        teams = teams_by_pod[pod.pk]
        drafting = pod.status in (DraftStatus.RUNNING, DraftStatus.PAUSED) and pod.pack_round < len(pod.pack_sizes)
        rows = []
        for t in teams:
            opener = pod.rules.pack_in_front_of(
                pod_size=len(teams), pack_round=pod.pack_round, step=pod.step, seat=t.seat
            )
            rows.append(
                {
                    "seat": t.seat + 1,
                    "registration": t.registration_id,
                    "team": t.registration.team.name,
                    "has_picked": drafting and t.picked_through >= pod.step_key,
                    "cards_in_front": counts.get((pod.pk, pod.pack_round, opener), 0) if drafting else 0,
                }
            )
        out.append(
            {
                "number": pod.number,
                "status": pod.status,
                "pack_round": pod.pack_round + 1 if drafting else None,
                "pick": pod.step + 1 if drafting else None,
                "passing": ("left" if pod.rules.direction(pod.pack_round) == LEFT else "right") if drafting else None,
                "deadline": pod.deadline if pod.status == DraftStatus.RUNNING else None,
                "picks_open_at": pod.picks_open_at if pod.status == DraftStatus.RUNNING else None,
                "packs_left": sum(
                    1 for (p, r, _o), n in counts.items() if p == pod.pk and n > 0 and r >= pod.pack_round
                ),
                "cards_left": sum(n for (p, _r, _o), n in counts.items() if p == pod.pk),
                "teams": rows,
                "version": pod.version,
            }
        )
    return out


def thg_pod_number_of_registrations(*, event) -> dict[int, int]:
    """The pod number of each registration of the event seated in a pod (one query): the teams a team plays while
    the pod rule holds (MTR 7.6)."""
    return dict(PodTeam.objects.filter(pod__in=event_pods(event=event)).values_list("registration_id", "pod__number"))
