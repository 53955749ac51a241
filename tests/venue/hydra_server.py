"""A second Hydra for tests: `manage.py runserver` in a subprocess on a database and address of the test's choosing,
stopped with its process group."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(
    *args: str,
    database_url: str,
    settings_module: str = "config.settings.test",
    env: dict | None = None,
    timeout: float = 120,
) -> str:
    """Run `manage.py ARGS` on `database_url`; its standard output (fails with the error output)."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": settings_module, **(env or {})},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def start_hydra(
    *,
    database_url: str,
    bind: str,
    port: int,
    probe: str,
    settings_module: str = "config.settings.test",
    env: dict | None = None,
    timeout: float = 60,
    asgi: bool = False,
) -> subprocess.Popen:
    """Serve Hydra on bind:port (runserver, or uvicorn with asgi=True: streams such as the live push need it) and
    wait until `probe` (a URL) answers anything at all."""
    log = Path(tempfile.mkstemp(prefix="hydra-server-", suffix=".log")[1])
    command = (
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", bind, "--port", str(port)]
        if asgi
        else [sys.executable, "manage.py", "runserver", f"{bind}:{port}", "--noreload"]
    )
    proc = subprocess.Popen(
        command,
        cwd=settings.BASE_DIR,
        env={
            **os.environ,
            "DATABASE_URL": database_url,
            "DJANGO_SETTINGS_MODULE": settings_module,
            "PYTHONUNBUFFERED": "1",
            **(env or {}),
        },
        stdout=open(log, "wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # noqa: SIM115
    )
    proc.log_path = log  # type: ignore[attr-defined]
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        if proc.poll() is not None:
            raise RuntimeError(f"Hydra stopped at once:\n{log.read_text()[-3000:]}")
        try:
            urllib.request.urlopen(probe, timeout=2).close()
            return proc
        except urllib.error.HTTPError:
            return proc  # it answers
        except OSError:
            time.sleep(0.2)
    stop_hydra(proc)
    raise RuntimeError(f"Hydra didn't answer {probe} within {timeout} s:\n{log.read_text()[-3000:]}")


def stop_hydra(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
