"""Health that blames the right part (issue 29): with a real worker and beat on a throwaway Redis, freezing beat
fails the report's `beat` check alone; the workers keep their own heartbeat and the load balancer's /health/live/
stays 200."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.test import Client

from benchmarks.servers import worker_database_url
from tests.redis_server import free_port, redis_server, stop

pytestmark = [
    pytest.mark.services,
    pytest.mark.slow,
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program"),
]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
STALE = 4


def _report() -> tuple[int, dict]:
    response = Client().get("/health/")
    return response.status_code, response.json()


def _wait_for(condition, seconds: float, what: str, log: Path):
    give_up = time.monotonic() + seconds
    while True:
        status, body = _report()
        if condition(body):
            return status, body
        if time.monotonic() > give_up:
            pytest.fail(f"{what}: {body}\n{log.read_text()[-3000:]}")
        time.sleep(0.2)


def test_a_frozen_beat_fails_beat_alone_and_the_web_node_stays_live(tmp_path, settings):
    port = free_port()
    redis = redis_server(port, tmp_path)
    broker, cache_url = f"redis://127.0.0.1:{port}/0", f"redis://127.0.0.1:{port}/1"
    settings.HYDRA_REDIS_URL = cache_url
    settings.HYDRA_HEARTBEAT_STALE_SECONDS = STALE
    settings.CACHES = {
        "default": {
            **settings.CACHES,
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": cache_url,
            "KEY_PREFIX": "hydra",
        }
    }
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="config.settings.dev",
        CELERY_BROKER_URL=broker,
        HYDRA_REDIS_URL=cache_url,
        HYDRA_HEARTBEAT_SECONDS="1",
        PYTHONUNBUFFERED="1",
        DATABASE_URL=worker_database_url(),
    )
    log = tmp_path / "celery.log"
    with open(log, "w") as out:
        worker = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "--loglevel",
                "INFO",
                "--concurrency",
                "1",
                "--hostname",
                f"blame-{port}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        beat = subprocess.Popen(
            [str(BIN / "celery"), "-A", "config", "beat", "--loglevel", "INFO", "-s", str(tmp_path / "schedule")],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_for(lambda b: b["checks"]["worker"]["ok"] and b["checks"]["beat"]["ok"], 90, "never both alive", log)
        beat.send_signal(signal.SIGSTOP)
        status, body = _wait_for(lambda b: not b["checks"]["beat"]["ok"], 30, "beat never went stale", log)
        # Beat's last stamp is older than STALE seconds: a worker heartbeat that depended on beat would be too.
        assert status == 503 and "more than 4 s" in body["checks"]["beat"]["error"]
        assert body["checks"]["worker"]["ok"], body
        assert body["checks"]["worker"]["who"].startswith(f"blame-{port}@")
        live = Client().get("/health/live/")
        assert live.status_code == 200 and live.json()["checks"]["database"]["ok"]

        beat.send_signal(signal.SIGCONT)
        _wait_for(lambda b: b["checks"]["beat"]["ok"], 30, "beat didn't come back", log)
        worker.send_signal(signal.SIGSTOP)
        status, body = _wait_for(lambda b: not b["checks"]["worker"]["ok"], 30, "the worker never went stale", log)
        assert body["checks"]["beat"]["ok"], body
        assert Client().get("/health/live/").status_code == 200
        worker.send_signal(signal.SIGCONT)
    finally:
        for proc in (beat, worker):
            proc.send_signal(signal.SIGCONT)
            stop(proc)
        stop(redis)
