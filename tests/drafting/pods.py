"""Helpers for the Two-Headed Giant pod tests: an event of 2HG teams seated in pods, packs of uniquely named
cards entered, and moving a pod's clock (a database update of its deadline, never a mock)."""

import datetime as dt

from django.utils import timezone

from drafting.models import Pod, PodCard, PodTeam
from drafting.services.pods import thg_pod_enter_packs, thg_pod_start, thg_pods_seat
from tests.factories import RegistrationFactory, ThgDraftEventFactory
from tournaments.enums import EnforcementLevel


def pod_card_name(pack_round: int, opener: int, position: int) -> str:
    return f"R{pack_round + 1}-S{opener + 1}-{position:02d}"


def make_pods(
    *,
    teams=8,
    pack_size=15,
    start=True,
    seed=1,
    review=None,
    pick_seconds=None,
    enforcement=EnforcementLevel.COMPETITIVE,
    **kwargs,
) -> list[Pod]:
    """An event of `teams` 2HG teams seated in pods, each pod's packs entered, started unless start=False."""
    event = ThgDraftEventFactory(enforcement_level=enforcement, **kwargs)
    for _ in range(teams):
        RegistrationFactory(event=event)
    pods = thg_pods_seat(event=event, by=None, seed=seed, confirm_five=teams == 5)
    for pod in pods:
        size = pod.teams.count()
        Pod.objects.filter(pk=pod.pk).update(round_review_seconds=review, pick_seconds=pick_seconds or {})
        packs = [[pod_card_name(r, o, k) for k in range(1, pack_size + 1)] for r in range(6) for o in range(size)]
        thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=packs)
        if start:
            thg_pod_start(pod_id=pod.pk, by=None)
    return [reload(pod) for pod in pods]


def reload(pod: Pod) -> Pod:
    return Pod.objects.select_related("event").get(pk=pod.pk)


def expire(pod: Pod, *, ago: float = 0.001) -> Pod:
    Pod.objects.filter(pk=pod.pk).update(picks_open_at=None, deadline=timezone.now() - dt.timedelta(seconds=ago))
    return reload(pod)


def players(team: PodTeam) -> list:
    """The two users of the team, seat A then B."""
    return [seat.player.user for seat in team.registration.seats.order_by("letter").select_related("player__user")]


def pack_ids(pod: Pod, team: PodTeam) -> list[int]:
    """Ids of the cards in front of `team` now, oldest first."""
    from drafting import thg

    pod = reload(pod)
    opener = thg.pack_in_front_of(pod_size=pod.teams.count(), pack_round=pod.pack_round, step=pod.step, seat=team.seat)
    return list(
        PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=opener, team__isnull=True)
        .order_by("position")
        .values_list("pk", flat=True)
    )


def picked(pod: Pod) -> int:
    return PodCard.objects.filter(pod=pod, team__isnull=False).count()
