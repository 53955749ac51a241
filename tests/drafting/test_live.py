"""The draft against the real services: PostgreSQL row locks and a real Celery worker on Redis (RULES.md 6).

The worker runs as a subprocess (`celery -A config worker --pool threads -B`) on the pytest test database, so these
tests use `transactional_db`: the worker only sees committed rows. It talks to its own Redis database number, and
this process sends the timer tasks there too.
"""

import datetime as dt
import os
import threading
import time

import pytest
import redis
from django.db import connection, connections
from django.utils import timezone

from benchmarks.servers import start_worker, stop_worker
from config.celery import app as celery_app
from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors.tables import draft_seat_to_pick
from drafting.services.picks import DraftRefused, draft_pick, draft_timeout_apply
from tests.drafting.conftest import make_table, reload
from tests.drafting.test_services import expected_by_plan, picks_by_plan

pytestmark = [pytest.mark.services, pytest.mark.slow]

WORKER_REDIS_DB = 7


@pytest.fixture
def broker_url(redis_url):
    """A Redis database of its own for the draft worker; this process's Celery app sends there during the test."""
    url = redis_url.rsplit("/", 1)[0] + f"/{WORKER_REDIS_DB}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    old = celery_app.conf.broker_url
    old_env = os.environ.get("CELERY_BROKER_URL")
    _use_broker(url)
    yield url
    _use_broker(old)
    if old_env is None:
        os.environ.pop("CELERY_BROKER_URL", None)
    client.flushdb()


def _use_broker(url: str) -> None:
    # Celery reads CELERY_BROKER_URL from the environment before its configuration (settings/test.py sets it in CI).
    os.environ["CELERY_BROKER_URL"] = url
    celery_app.conf.broker_url = url
    # Drop the cached connection and producer pools so the next send connects to `url`.
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def worker(transactional_db, broker_url):
    proc = _start(broker_url)
    yield proc
    stop_worker(proc, kill=True)


def _start(broker_url: str):
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return start_worker(
        database_url=database_url, broker_url=broker_url, concurrency=4, settings_module="config.settings.test"
    )


def wait_for(condition, *, timeout: float, step: float = 0.05) -> bool:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if condition():
            return True
        time.sleep(step)
    return False


def test_timeout_task_takes_the_oldest_card_within_a_second_of_the_deadline(worker):
    table = make_table(team_size=2, pack_size=3, review=0, pick=1)
    assert wait_for(lambda: DraftCard.objects.filter(table=table, pick_number=2).exists(), timeout=6)
    for card in DraftCard.objects.filter(table=table, pick_number__in=[1, 2], pack_index=0).order_by("pick_number"):
        assert card.via == PickVia.TIMER
        assert card.position == card.pick_number  # the oldest card left
        assert 0 <= (card.picked_at - card.deadline_at).total_seconds() < 1.0


def test_a_timer_delivered_before_its_deadline_waits_for_it(worker):
    table = make_table(team_size=2, pack_size=3, review=0, pick=None)  # no limit: no timer of its own
    deadline = timezone.now() + dt.timedelta(seconds=1.5)
    DraftTable.objects.filter(pk=table.pk).update(deadline=deadline)
    celery_app.send_task("drafting.draft_timeout", args=(table.pk, 0, 1))  # delivered now, 1.5 s early
    assert wait_for(lambda: DraftCard.objects.filter(table=table, pick_number=1).exists(), timeout=6)
    card = DraftCard.objects.get(table=table, pick_number=1)
    assert card.via == PickVia.TIMER  # the timer itself, not the beat sweep that catches missed timers
    assert 0 <= (card.picked_at - deadline).total_seconds() < 1.0


def test_worker_killed_mid_draft_the_draft_completes_without_lost_or_doubled_picks(worker, broker_url):
    table = make_table(team_size=2, pack_size=2, review=0, pick=0.3)
    assert wait_for(lambda: reload(table).picks_made >= 5, timeout=10)
    stop_worker(worker, kill=True)  # a crash: its timer tasks die with it, unacknowledged
    time.sleep(1.0)  # deadlines pass with no worker, and nobody reads the table
    stuck = reload(table).picks_made
    assert stuck < table.pick_count
    restarted = _start(broker_url)
    try:
        assert wait_for(lambda: reload(table).status == DraftStatus.FINISHED, timeout=30)
    finally:
        stop_worker(restarted, kill=True)
    assert picks_by_plan(table) == expected_by_plan(team_size=2, pack_size=2, first_team=1)
    vias = set(DraftCard.objects.filter(table=table).values_list("via", flat=True))
    assert PickVia.SWEEP in vias  # the pick whose task died was made by the beat sweep after the restart


def _race(table: DraftTable, *, contenders) -> list:
    """Run the contenders at the same instant from threads, each on its own connection; return what each did."""
    barrier = threading.Barrier(len(contenders))
    results = [None] * len(contenders)

    def run(k, contender):
        try:
            barrier.wait()
            results[k] = contender()
        except DraftRefused as refused:
            results[k] = refused
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(k, c)) for k, c in enumerate(contenders)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_pick_and_its_timeout_racing_record_exactly_one_pick(transactional_db, broker_url):
    table = make_table(team_size=2, pack_size=15, review=0, pick=None)
    outcomes = set()
    for pick in range(1, 13):
        seat = draft_seat_to_pick(table=reload(table))
        newest = DraftCard.objects.filter(table=table, pack_index=0, pick_number__isnull=True).last()
        # The deadline is a few milliseconds away; the player's pick and the timer both fire at that instant.
        deadline = timezone.now() + dt.timedelta(milliseconds=30)
        DraftTable.objects.filter(pk=table.pk).update(deadline=deadline)

        def at_deadline(action):
            time.sleep(max(0.0, (deadline - timezone.now()).total_seconds()))
            return action()

        results = _race(
            table,
            contenders=[
                lambda: at_deadline(
                    lambda: draft_pick(table_id=table.pk, seat=seat, card_id=newest.pk, pack_index=0, pick_number=pick)
                ),
                lambda: at_deadline(lambda: draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=pick)),
            ],
        )
        assert DraftCard.objects.filter(table=table, pack_index=0, pick_number=pick).count() == 1
        assert reload(table).pick_number == pick + 1
        outcomes.add(DraftCard.objects.get(table=table, pack_index=0, pick_number=pick).via)
        assert results[1] in (True, False)
    assert DraftCard.objects.filter(table=table, pick_number__isnull=False).count() == 12
    assert outcomes <= {PickVia.PLAYER, PickVia.TIMER, PickVia.LATE}


def test_two_tabs_picking_at_once_record_one_pick(transactional_db, broker_url):
    table = make_table(team_size=3, pack_size=15, review=0, pick=30)
    cards = list(DraftCard.objects.filter(table=table, pack_index=0)[:2])
    results = _race(
        table,
        contenders=[
            lambda card=card: draft_pick(table_id=table.pk, seat="1B", card_id=card.pk, pack_index=0, pick_number=1)
            for card in cards
        ],
    )
    assert sorted(type(r).__name__ for r in results) == ["DraftCard", "DraftRefused"]
    assert "already been made" in str(next(r for r in results if isinstance(r, DraftRefused)))
    assert DraftCard.objects.filter(table=table, pick_number__isnull=False).count() == 1
    assert reload(table).pick_number == 2
