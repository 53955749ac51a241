"""Webhooks against the real services: pairing a round on PostgreSQL sends the deliveries through Redis to a real
Celery worker, which posts them to local HTTP receivers (thread servers in this process); a failing receiver is
retried with backoff and then marked failed; a re-sent delivery goes through the same way."""

import json
import os
import time

import pytest
import redis

from benchmarks.servers import start_worker, stop_worker, worker_database_url
from tests.drafting.test_live import wait_for
from tests.webhooks.conftest import event_with_teams
from tests.webhooks.receiver import start_receiver, stop_receiver
from tournaments.services.rounds import event_pair_next
from tournaments.signals import DomainEvent
from webhooks.models import DeliveryStatus, WebhookDelivery
from webhooks.services import webhook_create, webhook_delivery_resend
from webhooks.signing import signature_valid

pytestmark = [pytest.mark.services, pytest.mark.slow]


WORKER_REDIS_DB = 9


def _use_broker(url: str) -> None:
    """Send this process's tasks to `url` (another test may have pointed the app elsewhere and kept its pool)."""
    from config.celery import app as celery_app

    os.environ["CELERY_BROKER_URL"] = url
    celery_app.conf.broker_url = url
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def worker(transactional_db, redis_url, monkeypatch):
    """A Celery worker on this test's database and a broker of its own that this process sends to; fast retries."""
    from config.celery import app as celery_app

    monkeypatch.setenv("HYDRA_WEBHOOK_BACKOFF_SECONDS", "0.3")
    monkeypatch.setenv("HYDRA_WEBHOOK_MAX_ATTEMPTS", "3")
    broker = redis_url.rsplit("/", 1)[0] + f"/{WORKER_REDIS_DB}"
    old, old_env = celery_app.conf.broker_url, os.environ.get("CELERY_BROKER_URL")
    redis.Redis.from_url(broker).flushdb()
    _use_broker(broker)
    proc = start_worker(
        database_url=worker_database_url(),
        broker_url=broker,
        concurrency=2,
        beat=False,
        settings_module="config.settings.test",
    )
    yield proc
    stop_worker(proc, kill=True)
    _use_broker(old)
    if old_env is None:
        os.environ.pop("CELERY_BROKER_URL", None)
    redis.Redis.from_url(broker).flushdb()


def _wait(condition) -> bool:
    return wait_for(condition, timeout=30.0)


def test_deliveries_through_a_real_worker_signed_retried_failed_and_resent(worker):
    good, bad = start_receiver(200), start_receiver(500, 500, 500, 200)
    try:
        event = event_with_teams()
        hook = webhook_create(event=event, by=event.organizer, url=good.url, topics=[DomainEvent.ROUND_PAIRED])
        webhook_create(event=event, by=event.organizer, url=bad.url, topics=[DomainEvent.ROUND_PAIRED])
        paired = time.monotonic()
        round_ = event_pair_next(event=event, seed=5)

        log = lambda: worker.log_path.read_text()[-3000:]  # noqa: E731
        assert _wait(lambda: len(good.requests) == 1), log()
        request = good.requests[0]
        print(f"delivered {request.at - paired:.3f} s after pairing")  # noqa: T201 - the figure in docs/webhooks.md
        assert signature_valid(
            secret=hook.secret,
            timestamp=request.headers["X-Hydra-Timestamp"],
            body=request.body,
            signature=request.headers["X-Hydra-Signature"],
            now=time.time(),
        )
        assert json.loads(request.body)["round"]["number"] == round_.number

        failed = WebhookDelivery.objects.get(webhook__url=bad.url)
        assert _wait(lambda: WebhookDelivery.objects.get(pk=failed.pk).status == DeliveryStatus.FAILED), log()
        failed.refresh_from_db()
        assert (failed.attempts, failed.response_code) == (3, 500)
        assert len(bad.requests) == 3
        # The waits doubled between attempts (0.3 s, then 0.6 s), measured at the receiver.
        first_wait, second_wait = (bad.requests[i + 1].at - bad.requests[i].at for i in (0, 1))
        assert first_wait >= 0.25 and second_wait >= 0.5, (first_wait, second_wait)
        delivered = WebhookDelivery.objects.get(webhook__url=good.url)
        assert (delivered.status, delivered.attempts, delivered.response_code) == (DeliveryStatus.DELIVERED, 1, 200)

        again = webhook_delivery_resend(delivery=failed, by=event.organizer)  # the receiver answers 200 now
        assert _wait(lambda: WebhookDelivery.objects.get(pk=again.pk).status == DeliveryStatus.DELIVERED), log()
        assert len(bad.requests) == 4
        assert bad.requests[3].body == bad.requests[0].body
    finally:
        stop_receiver(good)
        stop_receiver(bad)
