"""GET /health/: database, Redis, broker, a worker's heartbeat and beat's last run; 503 when any fails."""

import time

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from health.services import BEAT_KEY, WORKER_KEY, heartbeat_stamp
from health.signals import _stamp_beat
from health.tasks import heartbeat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _get():
    response = Client().get("/health/")
    return response.status_code, response.json()


def test_without_heartbeats_it_is_503_and_says_what_is_missing():
    status, body = _get()
    assert status == 503 and body["status"] == "failing"
    assert body["checks"]["database"]["ok"] and body["checks"]["broker"]["ok"]
    assert body["checks"]["worker"] == {**body["checks"]["worker"], "ok": False}
    assert "is the worker running?" in body["checks"]["worker"]["error"]
    assert "is the beat running?" in body["checks"]["beat"]["error"]


def test_with_fresh_heartbeats_it_is_200():
    _stamp_beat(sender="health.beat", headers={})
    heartbeat.apply()
    status, body = _get()
    assert status == 200, body
    assert body["status"] == "ok"
    assert body["checks"]["worker"]["age_seconds"] < 5 and body["checks"]["beat"]["age_seconds"] < 5


def test_other_tasks_do_not_stamp_beat():
    _stamp_beat(sender="drafting.draft_sweep", headers={})
    assert cache.get(BEAT_KEY) is None


@override_settings(HYDRA_HEARTBEAT_STALE_SECONDS=30)
def test_a_stale_worker_heartbeat_is_503_with_its_age():
    heartbeat_stamp(key=WORKER_KEY, who="celery@gone", at=time.time() - 120)
    heartbeat_stamp(key=BEAT_KEY, who="beat")
    status, body = _get()
    assert status == 503
    worker = body["checks"]["worker"]
    assert not worker["ok"] and worker["who"] == "celery@gone" and worker["age_seconds"] >= 120
    assert "more than 30 s" in worker["error"]
    assert body["checks"]["beat"]["ok"]


@override_settings(HYDRA_REDIS_URL="redis://127.0.0.1:1/0")
def test_unreachable_redis_is_503_with_the_error():
    heartbeat_stamp(key=WORKER_KEY, who="w")
    heartbeat_stamp(key=BEAT_KEY, who="b")
    status, body = _get()
    assert status == 503
    assert not body["checks"]["redis"]["ok"] and "Error" in body["checks"]["redis"]["error"]


def test_health_is_never_cached_and_only_read():
    response = Client().get("/health/")
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    assert Client().post("/health/").status_code == 405


@pytest.mark.services
def test_heartbeats_go_through_the_shared_redis_cache(redis_url, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url}}
    settings.HYDRA_REDIS_URL = redis_url
    try:
        from django.core.cache import cache as shared

        shared.delete_many([BEAT_KEY, WORKER_KEY])
        heartbeat.apply()
        _stamp_beat(sender="health.beat", headers={})
        import redis

        keys = {k.decode() for k in redis.Redis.from_url(redis_url).keys("*health:*")}
        assert any(k.endswith(WORKER_KEY) for k in keys) and any(k.endswith(BEAT_KEY) for k in keys)
        status, body = _get()
        assert status == 200, body
        assert body["checks"]["redis"]["ok"] and "skipped" not in body["checks"]["redis"]
    finally:
        shared.delete_many([BEAT_KEY, WORKER_KEY])


def test_liveness_is_200_without_any_heartbeat_or_redis(settings):
    settings.HYDRA_REDIS_URL = "redis://127.0.0.1:1/0"
    assert _get()[0] == 503
    response = Client().get("/health/live/")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": {**response.json()["checks"]["database"], "ok": True}},
    }
    assert "max-age=0" in response["Cache-Control"] and Client().post("/health/live/").status_code == 405


def test_without_redis_the_heartbeats_say_they_cant_be_read(settings):
    settings.HYDRA_REDIS_URL = "redis://127.0.0.1:1/0"
    body = _get()[1]
    assert "Redis, which keeps it, is unreachable" in body["checks"]["worker"]["error"]
    assert "Redis, which keeps it, is unreachable" in body["checks"]["beat"]["error"]


def test_only_beats_own_task_stamps_beat_and_running_it_stamps_the_workers():
    from health.tasks import beat_tick

    _stamp_beat(sender="health.heartbeat", headers={})  # what every worker sends
    assert cache.get(BEAT_KEY) is None
    beat_tick.apply()
    assert cache.get(WORKER_KEY) is not None
