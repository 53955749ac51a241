"""Helpers for the booster draft tests: an event of single players seated in pods of up to eight, packs of
uniquely named cards entered, and the cards in front of a player."""

from drafting.models import Pod, PodCard, PodTeam
from drafting.services.booster import booster_pods_seat
from drafting.services.pods import thg_pod_enter_packs, thg_pod_start
from tests.drafting.pods import pod_card_name, reload
from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory
from tournaments.enums import EnforcementLevel


def make_booster_pods(
    *,
    players=8,
    pack_size=15,
    start=True,
    seed=1,
    review=None,
    pick_seconds=None,
    enforcement=EnforcementLevel.COMPETITIVE,
    **kwargs,
) -> list[Pod]:
    """An event of `players` single players seated in booster pods, each pod's 3 x seats packs entered, started
    unless start=False. `review` replaces the reviews before packs 2 and 3 (None: none, for quick tests)."""
    event = BoosterDraftEventFactory(enforcement_level=enforcement, **kwargs)
    for _ in range(players):
        SoloRegistrationFactory(event=event)
    pods = booster_pods_seat(event=event, by=None, seed=seed)
    for pod in pods:
        size = pod.teams.count()
        Pod.objects.filter(pk=pod.pk).update(
            review_seconds_by_round=review or [], round_review_seconds=None, pick_seconds=pick_seconds or {}
        )
        packs = [[pod_card_name(r, o, k) for k in range(1, pack_size + 1)] for r in range(3) for o in range(size)]
        thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=packs)
        if start:
            thg_pod_start(pod_id=pod.pk, by=None)
    return [reload(pod) for pod in pods]


def player(seat: PodTeam):
    """The user of the player on this pod seat."""
    return seat.registration.seats.select_related("player__user").get().player.user


def front(pod: Pod, seat: PodTeam) -> list[int]:
    """Ids of the cards in front of `seat` now, oldest first."""
    pod = reload(pod)
    opener = pod.rules.pack_in_front_of(
        pod_size=pod.teams.count(), pack_round=pod.pack_round, step=pod.step, seat=seat.seat
    )
    return list(
        PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=opener, team__isnull=True)
        .order_by("position")
        .values_list("pk", flat=True)
    )
