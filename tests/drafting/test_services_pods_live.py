"""Two-Headed Giant pods (drafting.services.pods) against the real services: PostgreSQL, Redis and a real Celery
worker whose ETA timer tasks (and beat sweep, after the worker is killed) time out pick steps.

First a whole 2HG booster draft event (RULES.md 7, MTR 9.7): 8 teams are seated in two pods of four; each pod
drafts six pack rounds of 14-card boosters live (one team picks its first two cards by hand, every other pick is
the timer's two oldest cards); each team's pool becomes its sealed pool, where it registers two 40-card decks and
the shared sideboard; the Swiss rounds pair the teams of each pod with each other (2HG shared-game matches); the
standings follow. Then the races: row locks under threads, and the timers.
"""

import datetime as dt
import time

import pytest
from django.utils import timezone

from benchmarks.servers import stop_worker
from drafting.models import DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.services.picks import DraftRefused
from drafting.services.pods import (
    thg_pick,
    thg_pod_enter_packs,
    thg_pod_start,
    thg_pods_seat,
    thg_timeout_apply,
)
from sealed.models import SealedPool
from sealed.services import sealed_pool_register_lists
from tests.drafting.pods import (
    make_pods,
    pack_ids,
    picked,
    players,
    pod_card_name,
    reload,
)
from tests.drafting.test_live import _race, _start, broker_url, wait_for, worker  # noqa: F401 - fixtures
from tests.factories import RegistrationFactory, ThgDraftEventFactory
from tournaments.enums import EnforcementLevel, Structure
from tournaments.models import TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_publish
from tournaments.services.results import SharedGames, team_match_record_final

pytestmark = [pytest.mark.services, pytest.mark.slow]

PACK_SIZE = 14


def test_two_hg_draft_event_of_eight_teams_end_to_end(worker):  # noqa: F811
    event = ThgDraftEventFactory(enforcement_level=EnforcementLevel.COMPETITIVE, swiss_rounds=3)
    assert event.structure == Structure.TWO_HEADED_GIANT
    for _ in range(8):
        RegistrationFactory(event=event)
    pods = thg_pods_seat(event=event, by=event.organizer, seed=11)
    assert [p.teams.count() for p in pods] == [4, 4]
    for pod in pods:
        Pod.objects.filter(pk=pod.pk).update(pick_seconds={"1": 1}, round_review_seconds=None)
        packs = [[pod_card_name(r, o, k) for k in range(1, PACK_SIZE + 1)] for r in range(6) for o in range(4)]
        thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=packs)
        thg_pod_start(pod_id=pod.pk, by=None)
    first = PodTeam.objects.filter(pod=pods[0]).order_by("seat").first()
    chosen = pack_ids(pods[0], first)[-2:]
    thg_pick(pod_id=pods[0].pk, user=players(first)[1], card_ids=chosen, pack_round=0, step=0)

    assert wait_for(lambda: all(reload(p).status == DraftStatus.FINISHED for p in pods), timeout=150)

    for pod in pods:
        assert PodCard.objects.filter(pod=pod, team__isnull=True).count() == 0
        timed = PodCard.objects.filter(pod=pod, via__in=[PickVia.TIMER, PickVia.SWEEP])
        assert timed.count() > 0
        assert sum(1 for c in timed if (c.picked_at - c.deadline_at).total_seconds() < 1.0) >= 0.9 * timed.count()
    assert set(PodCard.objects.filter(pk__in=chosen).values_list("team", flat=True)) == {first.pk}

    # Pools: 84 cards each; two 40-card decks and a shared sideboard of 4, registered against the pool.
    for team in PodTeam.objects.filter(pod__event=event).select_related("registration"):
        pool = SealedPool.objects.get(registration=team.registration)
        names = list(pool.cards.order_by("position").values_list("name", flat=True))
        assert len(names) == 6 * PACK_SIZE
        text = lambda cards: "\n".join(f"1 {n}" for n in cards)  # noqa: E731
        sealed_pool_register_lists(
            pool=pool,
            user=players(team)[0],
            lists={("A", "main"): text(names[:40]), ("B", "main"): text(names[40:80]), ("", "side"): text(names[80:])},
        )
        assert SealedPool.objects.get(pk=pool.pk).is_registered

    # Three Swiss rounds within the pods: every team meets each team of its pod once.
    pod_of = dict(PodTeam.objects.filter(pod__event=event).values_list("registration_id", "pod_id"))
    for number in range(1, 4):
        # Competitive REL: the round is a draft until published (issue 53).
        round_ = round_publish(round_=round_pair_next(event=event, seed=number), user=event.organizer)
        for match in round_.matches.all():
            assert pod_of[match.team_a_id] == pod_of[match.team_b_id]
            team_match_record_final(match=match, user=event.organizer, games=SharedGames(1, 0))
    met = {(a, b) for a, b in TeamMatch.objects.filter(round__event=event).values_list("team_a_id", "team_b_id")}
    assert len(met) == 12 and all(pod_of[a] == pod_of[b] for a, b in met)
    standings = standings_for_event(event=event)
    assert len(standings) == 8
    points = [row.match_points for row in standings]
    assert sum(points) == 12 * 3 and points == sorted(points, reverse=True)


def test_two_teammates_pressing_at_once_record_one_pick(transactional_db, broker_url):  # noqa: F811
    pod = make_pods(teams=3)[0]
    team = PodTeam.objects.get(pod=pod, seat=0)
    a, b = players(team)
    ids = pack_ids(pod, team)
    results = _race(
        pod,
        contenders=[
            lambda: thg_pick(pod_id=pod.pk, user=a, card_ids=ids[:2], pack_round=0, step=0),
            lambda: thg_pick(pod_id=pod.pk, user=b, card_ids=ids[2:4], pack_round=0, step=0),
        ],
    )
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

        _race(
            pod,
            contenders=[
                *[
                    lambda team=team: at_deadline(
                        lambda: thg_pick(
                            pod_id=pod.pk, user=players(team)[0], card_ids=choices[team.pk], pack_round=0, step=step
                        )
                    )
                    for team in teams
                ],
                lambda: at_deadline(lambda: thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=step)),
            ],
        )
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
