"""Closing an event against the real services: the task goes through Redis to a real Celery worker, which
rebuilds the ratings on PostgreSQL; closing again recomputes the same figures, never counts twice."""

import os

import pytest
import redis
from django.db import connection

from benchmarks.servers import start_worker, stop_worker
from config.celery import app as celery_app
from ratings.models import PlayerRating, RatingCategory
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, B, played_event
from tournaments.enums import EventStatus
from tournaments.models import Event
from tournaments.services.events import event_finish

pytestmark = [pytest.mark.services, pytest.mark.slow]

WORKER_REDIS_DB = 8


def _use_broker(url: str) -> None:
    os.environ["CELERY_BROKER_URL"] = url
    celery_app.conf.broker_url = url
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def worker(transactional_db, redis_url):
    url = redis_url.rsplit("/", 1)[0] + f"/{WORKER_REDIS_DB}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    old, old_env = celery_app.conf.broker_url, os.environ.get("CELERY_BROKER_URL")
    _use_broker(url)
    db = connection.settings_dict
    proc = start_worker(
        database_url=f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        broker_url=url,
        concurrency=2,
        beat=False,
        settings_module="config.settings.test",
    )
    yield proc
    stop_worker(proc, kill=True)
    _use_broker(old)
    if old_env is None:
        os.environ.pop("CELERY_BROKER_URL", None)
    client.flushdb()


def _wait(condition, timeout=30.0):
    import time

    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if condition():
            return True
        time.sleep(0.1)
    return False


def test_closing_an_event_rates_it_through_the_worker_and_closing_again_changes_nothing(worker):
    p = [PlayerFactory() for _ in range(6)]
    event, _ = played_event(
        teams=[p[0:2], p[2:4], p[4:6]], status=EventStatus.RUNNING, results=[[(0, 1, A), (2, None, A)], [(2, 0, B)]]
    )
    event_finish(event=event)
    assert _wait(lambda: PlayerRating.objects.count() == 6), worker.log_path.read_text()[-3000:]
    first = sorted(PlayerRating.objects.values_list("player_id", "rating", "matches"))
    stamp = RatingCategory.objects.get(slug="constructed-2").recalculated_at

    event_finish(event=Event.objects.get(pk=event.pk))
    assert _wait(lambda: RatingCategory.objects.get(slug="constructed-2").recalculated_at != stamp)
    assert sorted(PlayerRating.objects.values_list("player_id", "rating", "matches")) == first
    assert PlayerRating.objects.get(player=p[0]).matches == 2
