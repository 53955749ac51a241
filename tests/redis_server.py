"""A throwaway redis-server for the tests that stop and start Redis (never the shared one): its own free port."""

import socket
import subprocess
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_server(port: int, folder: Path) -> subprocess.Popen:
    """Start redis-server on 127.0.0.1:`port` without persistence; return once it accepts connections."""
    from django.core.management.base import CommandError

    from benchmarks.servers import redis_server_start

    try:
        return redis_server_start(port, str(folder))
    except CommandError as exc:
        pytest.fail(f"the throwaway redis-server didn't start: {exc}")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture
def celery_app_on(monkeypatch):
    from config.celery import app

    old = app.conf.broker_url

    def use(url):
        # Celery reads CELERY_BROKER_URL from the environment before its configuration (CI sets it).
        monkeypatch.setenv("CELERY_BROKER_URL", url)
        app.conf.broker_url = url
        app._pool = None
        app.amqp._producer_pool = None
        return app

    yield use
    app.conf.broker_url = old
    app._pool = None
    app.amqp._producer_pool = None
