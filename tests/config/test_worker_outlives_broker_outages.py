"""Issue 39, item 1: a worker outlives Redis restarts with late-acknowledged tasks in flight and timers held, as
the same process; the timers fire within seconds of Redis returning and /health/ is green within 5 s of Redis and
the workers being back.

Its own throwaway redis-server (never the shared one), restarted without persistence (so Redis comes back empty:
the worker's own copies of what it held are all that is left), and a real worker (`-B`: beat inside) per pool.
"""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from config import kombu_fixes
from health.selectors import health_report
from tests.redis_server import celery_app_on, free_port, redis_server, stop  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.services,
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program"),
]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
OUTAGE_SECONDS = 4
TIMER_SECONDS = 5


def _until(what, seconds: float, step: float = 0.1):
    """What `what()` answers once it is truthy, or None after `seconds`."""
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        answer = what()
        if answer:
            return answer
        time.sleep(step)
    return None


def _answers(app) -> bool:
    try:
        return bool(app.control.ping(timeout=0.5))
    except Exception:  # the broker may still be coming back
        return False


def _read_time(path: Path) -> float | None:
    return float(path.read_text()) if path.exists() and path.read_text() else None


def _database_url() -> str:
    conf = connection.settings_dict
    return f"postgres://{conf['USER']}@{conf['HOST'] or '127.0.0.1'}:{conf['PORT'] or 5432}/{conf['NAME']}"


@pytest.mark.parametrize("pool", ["prefork", "threads"])
def test_the_same_worker_runs_on_after_two_redis_restarts_with_tasks_in_flight(
    pool,
    tmp_path,
    settings,
    transactional_db,
    celery_app_on,  # noqa: F811 (last: the formatter keeps the noqa on it)
):
    port = free_port()
    redis = redis_server(port, tmp_path)
    url = f"redis://127.0.0.1:{port}/0"
    cache_url = f"redis://127.0.0.1:{port}/1"
    settings.HYDRA_REDIS_URL = cache_url
    # The cache the worker's settings give it (config/settings/base.py), so both read the same stamps.
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": cache_url,
            "KEY_PREFIX": "hydra",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 2, "RETRY_SECONDS": 2},
        }
    }
    env = dict(
        os.environ,
        CELERY_BROKER_URL=url,
        HYDRA_REDIS_URL=cache_url,
        DATABASE_URL=_database_url(),
        DJANGO_SETTINGS_MODULE="config.settings.dev",
        PYTHONUNBUFFERED="1",
    )
    log = tmp_path / "worker.log"
    with open(log, "w") as out:
        worker = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "tests.config.worker_tasks",
                "worker",
                "--loglevel",
                "INFO",
                "--pool",
                pool,
                "--concurrency",
                "2",
                "--without-gossip",
                "--without-mingle",
                "-B",
                "--schedule",
                str(tmp_path / "beat-schedule"),
                "--hostname",
                f"outage-{pool}-{port}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    pid = worker.pid
    try:
        app = celery_app_on(url)
        assert _until(lambda: _answers(app), 120), log.read_text()[-3000:]
        for outage in (1, 2):
            marks = tmp_path / f"outage-{outage}"
            marks.mkdir()
            # In flight: a late-acknowledged task that runs into the outage (the threads pool finishes it during
            # the outage and acknowledges through the dead channel; prefork's is cancelled and runs again), and a
            # timer the worker holds unacknowledged until its time, which falls in the outage.
            app.send_task("tests.sleep_then_stamp", args=[str(marks / "slow"), 2.5])
            sent = time.time()
            app.send_task("tests.stamp", args=[str(marks / "timer")], countdown=TIMER_SECONDS)
            assert _until(lambda: (marks / "slow.started").exists(), 30), log.read_text()[-3000:]
            time.sleep(0.5)  # both messages are in the worker's hands
            redis.send_signal(signal.SIGKILL)
            redis.wait()
            time.sleep(OUTAGE_SECONDS)
            redis = redis_server(port, tmp_path)
            back = time.time()
            celery_app_on(url)

            fired = _until(lambda: _read_time(marks / "timer"), 30)
            assert fired, log.read_text()[-4000:]
            due = max(sent + TIMER_SECONDS, back)
            assert fired - due < 5, (fired - due, log.read_text()[-4000:])
            assert _until(lambda: (marks / "slow").exists(), 30), log.read_text()[-4000:]

            workers_back = _until(lambda: _answers(app) and time.time(), 30)
            assert workers_back, log.read_text()[-4000:]
            green = _until(lambda: health_report()["status"] == "ok" and time.time(), 10, step=0.2)
            assert green, (health_report(), log.read_text()[-4000:])
            assert green - workers_back <= 5, (green - workers_back, health_report())
            print(
                f"{pool} outage {outage}: timer {fired - due:.1f} s after due, workers {workers_back - back:.1f} s"
                f" and /health/ {green - back:.1f} s after Redis"
            )

        assert worker.poll() is None, log.read_text()[-4000:]
        assert worker.pid == pid
        os.kill(pid, 0)  # the very process started above, alive
        text = log.read_text()
        assert "Unrecoverable error" not in text and "AttributeError" not in text
        assert "given back or acknowledged that a lost connection held" in text
    finally:
        stop(worker)
        stop(redis)


def test_the_fixes_are_installed_in_every_process_that_loads_celery():
    from kombu import Connection
    from kombu.transport import redis as kombu_redis

    from config.celery import app

    assert kombu_redis.QoS.restore_unacked is kombu_fixes._restore_unacked_tolerant
    assert kombu_redis.QoS.ack is kombu_fixes._ack_tolerant
    assert kombu_redis.QoS.reject is kombu_fixes._reject_tolerant
    assert kombu_redis.Channel._connparams is kombu_fixes._connparams_of_a_live_channel
    assert Connection.ensure_connection is kombu_fixes._ensure_connection_promptly
    assert kombu_fixes.ResumeStranded in app.steps["worker"]
