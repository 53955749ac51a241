"""Defect 1 (issue 19): a Celery worker holding a timer message when Redis restarts must reconnect, not exit.

Runs its own throwaway redis-server (never the shared one) on a free port, a real worker on it, a countdown task the
worker holds unacknowledged, then kills Redis and starts it again.
"""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config import kombu_fixes
from tests.redis_server import celery_app_on, free_port, redis_server, stop  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.services, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _ping(app, attempts: int) -> bool:
    for _ in range(attempts):
        try:
            if app.control.ping(timeout=1.0):
                return True
        except Exception:  # the broker may still be coming back
            time.sleep(0.5)
    return False


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program")
def test_worker_reconnects_after_redis_restarts_while_it_holds_a_timer(tmp_path, celery_app_on):  # noqa: F811
    port = free_port()
    redis = redis_server(port, tmp_path)
    url = f"redis://127.0.0.1:{port}/0"
    env = dict(os.environ, CELERY_BROKER_URL=url, DJANGO_SETTINGS_MODULE="config.settings.dev", PYTHONUNBUFFERED="1")
    env.pop("HYDRA_REDIS_URL", None)
    env.pop("DATABASE_URL", None)
    log = tmp_path / "worker.log"
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
                f"restart-test-{port}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        app = celery_app_on(url)
        assert _ping(app, 120), log.read_text()[-3000:]
        # A pick timer the worker holds (unacknowledged) until its deadline.
        app.send_task("drafting.draft_sweep", countdown=120)
        time.sleep(2)
        redis.send_signal(signal.SIGKILL)
        redis.wait()
        time.sleep(2)
        redis = redis_server(port, tmp_path)
        celery_app_on(url)
        assert _ping(app, 60), log.read_text()[-3000:]
        assert worker.poll() is None, log.read_text()[-3000:]
        text = log.read_text()
        assert "Unrecoverable error" not in text
        assert "Restoring 1 unacknowledged message(s)" in text  # the path that used to crash was taken
    finally:
        stop(worker)
        stop(redis)


def test_the_fix_is_installed_in_every_process_that_loads_celery():
    from kombu.transport import redis as kombu_redis

    assert kombu_redis.QoS.restore_unacked is kombu_fixes._restore_unacked_tolerant
