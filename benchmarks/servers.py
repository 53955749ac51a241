"""The processes a benchmark starts beside itself: gunicorn (on a free port), a Celery worker with beat, a
throwaway redis-server; and the settings they run.

The servers under measurement run the settings of the benchmark's own process (DJANGO_SETTINGS_MODULE, development
by default), except under config.settings.bench: that is production's settings plus this app, so that the
commands exist, and what it starts runs config.settings.production itself, so the figures are production's
(docs/deploy.md, "Benchmark").
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core.management.base import CommandError
from django.db import connection

BENCH_SETTINGS = "config.settings.bench"
PRODUCTION_SETTINGS = "config.settings.production"


def measured_settings_module() -> str:
    """The DJANGO_SETTINGS_MODULE of the servers and workers a benchmark starts: this process's own (development
    without one), but config.settings.production where this process runs config.settings.bench."""
    module = os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    return PRODUCTION_SETTINGS if module == BENCH_SETTINGS else module


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (now)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gunicorn_start(*, port: int, env: dict, stderr=subprocess.PIPE, new_session: bool = False) -> subprocess.Popen:
    """gunicorn with uvicorn workers (config/gunicorn.py) on 127.0.0.1:`port` without an access log, in this
    process's environment with measured_settings_module() and `env` over it; returns at once (the caller waits
    until it answers). With `new_session`, in a process group of its own (stop_worker stops it with its workers)."""
    return subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "config.asgi:application",
            "--config",
            "config/gunicorn.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": measured_settings_module(), **env},
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        start_new_session=new_session,
    )


def server_stop(proc: subprocess.Popen) -> None:
    """Stop a server started by gunicorn_start (or any one process): SIGTERM, then SIGKILL after 20 s."""
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()


def redis_server_start(port: int, folder: str) -> subprocess.Popen:
    """A redis-server without persistence on 127.0.0.1:`port`, once it accepts connections."""
    if shutil.which("redis-server") is None:
        raise CommandError("This benchmark starts its own redis-server: install Redis (the redis-server program).")
    proc = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            folder,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    give_up = time.monotonic() + 10
    while time.monotonic() < give_up:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.05)
    proc.kill()
    raise CommandError(f"redis-server didn't start on port {port}")


def start_worker(
    *,
    database_url: str,
    broker_url: str,
    concurrency: int = 8,
    beat: bool = True,
    pool: str = "threads",
    settings_module: str | None = None,
    log_path: Path | None = None,
    ready_timeout: float = 30,
) -> subprocess.Popen:
    """Start `celery -A config worker` (threads or prefork pool, beat embedded with -B) on the given database and broker, in
    its own process group, and wait until it says it is ready. Stop it with stop_worker."""
    log_path = log_path or Path(tempfile.mkstemp(prefix="hydra-worker-", suffix=".log")[1])
    schedule = Path(tempfile.mkdtemp(prefix="hydra-beat-")) / "schedule"
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=broker_url,
        PYTHONUNBUFFERED="1",
        DJANGO_SETTINGS_MODULE=settings_module or measured_settings_module(),
    )
    command = [
        str(Path(sys.executable).parent / "celery"),
        "-A",
        "config",
        "worker",
        "--pool",
        pool,
        "--concurrency",
        str(concurrency),
        "--loglevel",
        "INFO",
        "--without-gossip",
        "--without-mingle",
        "--hostname",
        f"draft-{os.getpid()}-{time.monotonic_ns()}@%h",
    ]
    if beat:
        command += ["-B", "--schedule", str(schedule)]
    log_file = open(log_path, "wb")  # noqa: SIM115 - the worker writes to it until it stops
    proc = subprocess.Popen(
        command, cwd=settings.BASE_DIR, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True
    )
    proc.log_path = log_path  # type: ignore[attr-defined]
    give_up = time.monotonic() + ready_timeout
    while time.monotonic() < give_up:
        if proc.poll() is not None:
            raise RuntimeError(f"The Celery worker stopped at once; see {log_path}:\n{log_path.read_text()[-2000:]}")
        if b" ready." in log_path.read_bytes():
            return proc
        time.sleep(0.1)
    stop_worker(proc, kill=True)
    raise RuntimeError(f"The Celery worker wasn't ready within {ready_timeout} s; see {log_path}.")


def stop_worker(proc: subprocess.Popen, *, kill: bool = False) -> None:
    """Stop the worker and its embedded beat: SIGKILL (as a crash would) or SIGTERM (warm shutdown)."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def worker_database_url() -> str:
    """The URL of this process's database, for a worker started on it."""
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    if db.get("PASSWORD"):
        database_url = database_url.replace("@", f":{db['PASSWORD']}@", 1)
    return database_url


def session_for(user) -> str:
    """A signed-in session of `user` in the database, as a login would leave it: the cookie value a bench client or
    a test sends to the servers started here."""
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key
