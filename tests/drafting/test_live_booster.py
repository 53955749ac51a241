"""The individual booster draft on a real worker, Redis and PostgreSQL: a pick racing its timer, the worker's timer
tasks timing out picks within a second, a worker killed mid-draft (the beat sweep of the next one takes over), and
the benchmark's JSON line."""

import datetime as dt
import time

import pytest
from django.utils import timezone

from benchmarks.servers import stop_worker
from drafting.models import DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.services.pods import thg_pick, thg_timeout_apply
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.pods import reload
from tests.drafting.test_live import _race, _start, broker_url, wait_for, worker  # noqa: F401 - fixtures

pytestmark = [pytest.mark.services, pytest.mark.slow]


def test_booster_every_player_picking_as_the_timer_fires_gets_one_card_each(transactional_db, broker_url):  # noqa: F811
    pod = make_booster_pods(players=8)[0]
    seats = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    for step in range(3):
        pod = reload(pod)
        deadline = timezone.now() + dt.timedelta(milliseconds=30)
        Pod.objects.filter(pk=pod.pk).update(deadline=deadline)
        choices = {seat.pk: front(pod, seat)[-1] for seat in seats}

        def at_deadline(action):
            time.sleep(max(0.0, (deadline - timezone.now()).total_seconds()))
            return action()

        _race(
            pod,
            contenders=[
                *[
                    lambda seat=seat: at_deadline(
                        lambda: thg_pick(
                            pod_id=pod.pk, user=player(seat), card_ids=[choices[seat.pk]], pack_round=0, step=step
                        )
                    )
                    for seat in seats
                ],
                lambda: at_deadline(lambda: thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=step)),
            ],
        )
        assert (reload(pod).pack_round, reload(pod).step) == (0, step + 1)
        for seat in seats:
            assert PodCard.objects.filter(team=seat, pick_step=step).count() == 1
    assert PodCard.objects.filter(pod=pod, team__isnull=False).count() == 3 * 8


def test_booster_timer_tasks_and_the_sweep_after_a_killed_worker_finish_the_draft(worker, broker_url):  # noqa: F811
    pod = make_booster_pods(players=3, pack_size=3, pick_seconds={"1": 1})[0]
    assert wait_for(lambda: reload(pod).pack_round >= 1, timeout=10)
    timed = PodCard.objects.filter(pod=pod, via=PickVia.TIMER)
    assert timed.count() == 2 * 3  # two steps with a choice in pack 1, three players
    for card in timed:
        assert 0 <= (card.picked_at - card.deadline_at).total_seconds() < 1.0
    stop_worker(worker, kill=True)
    time.sleep(1.5)
    restarted = _start(broker_url)
    try:
        assert wait_for(lambda: reload(pod).status == DraftStatus.FINISHED, timeout=40)
    finally:
        stop_worker(restarted, kill=True)
    assert PodCard.objects.filter(pod=pod, team__isnull=True).count() == 0
    for seat in PodTeam.objects.filter(pod=pod):
        assert PodCard.objects.filter(team=seat).count() == 3 * 3
    assert PickVia.SWEEP in set(PodCard.objects.filter(pod=pod).values_list("via", flat=True))
