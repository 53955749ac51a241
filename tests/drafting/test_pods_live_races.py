"""Two-Headed Giant pods against the real services: PostgreSQL row locks under threads, and a real Celery worker
whose ETA timer tasks (and beat sweep, after the worker is killed) time out pick steps."""
import datetime as dt
import time

import pytest
from django.utils import timezone

from benchmarks.servers import stop_worker
from drafting.models import DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_timeout_apply
from tests.drafting.pods import make_pods, pack_ids, picked, players, reload
from tests.drafting.test_live import _race, _start, broker_url, wait_for, worker  # noqa: F401 - fixtures

pytestmark = [pytest.mark.services, pytest.mark.slow]


def test_two_teammates_pressing_at_once_record_one_pick(transactional_db, broker_url):  # noqa: F811
    pod = make_pods(teams=3)[0]
    team = PodTeam.objects.get(pod=pod, seat=0)
    a, b = players(team)
    ids = pack_ids(pod, team)
    results = _race(pod, contenders=[
        lambda: thg_pick(pod_id=pod.pk, user=a, card_ids=ids[:2], pack_round=0, step=0),
        lambda: thg_pick(pod_id=pod.pk, user=b, card_ids=ids[2:4], pack_round=0, step=0),
    ])
    assert sorted(type(r).__name__ for r in results) == ["DraftRefused", "list"]
    assert "already picked" in str(next(r for r in results if isinstance(r, DraftRefused)))
    assert PodCard.objects.filter(team=team).count() == 2


def test_every_team_picking_at_once_as_the_timer_fires_one_pick_each(transactional_db, broker_url):  # noqa: F811
    pod = make_pods(teams=4)[0]
    teams = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    for step in range(5):
        pod = reload(pod)
        deadline = timezone.now() + dt.timedelta(milliseconds=30)
        Pod.objects.filter(pk=pod.pk).update(deadline=deadline)
        choices = {team.pk: pack_ids(pod, team)[-2:] for team in teams}

        def at_deadline(action):
            time.sleep(max(0.0, (deadline - timezone.now()).total_seconds()))
            return action()

        _race(pod, contenders=[
            *[lambda team=team: at_deadline(lambda: thg_pick(
                pod_id=pod.pk, user=players(team)[0], card_ids=choices[team.pk], pack_round=0, step=step))
              for team in teams],
            lambda: at_deadline(lambda: thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=step)),
        ])
        assert (reload(pod).pack_round, reload(pod).step) == (0, step + 1)
        for team in teams:
            assert PodCard.objects.filter(team=team, pick_step=step).count() == 2
    assert picked(pod) == 5 * 2 * 4


def test_timer_tasks_time_out_steps_within_a_second_and_the_sweep_survives_a_killed_worker(worker, broker_url):  # noqa: F811
    pod = make_pods(teams=3, pack_size=4, pick_seconds={"3": 1})[0]
    assert wait_for(lambda: reload(pod).pack_round >= 1, timeout=10)
    timed = PodCard.objects.filter(pod=pod, via=PickVia.TIMER)
    assert timed.count() == 6
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
    for team in PodTeam.objects.filter(pod=pod):
        assert PodCard.objects.filter(team=team).count() == 24
    assert PickVia.SWEEP in set(PodCard.objects.filter(pod=pod).values_list("via", flat=True))
