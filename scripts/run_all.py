#!/usr/bin/env python
"""Start Hydra's processes together and keep them running; Ctrl-C (or SIGTERM) stops them all.

`make run` (development): Django's runserver, one Celery worker and Celery beat, on the embedded defaults (SQLite,
the filesystem broker): no server needed.
`make serve` (--serve, production settings from the environment): gunicorn with uvicorn workers (WEB_CONCURRENCY
processes, config/gunicorn.py), two Celery workers and beat, on PostgreSQL and Redis.

Each process's output is prefixed with its name. A process that dies is started again (after 1 s, doubling up to
30 s while it keeps dying at once; back to 1 s once it has run for a minute); the others go on meanwhile.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

FIRST_DELAY = 1.0
MAX_DELAY = 30.0
HEALTHY_AFTER = 60.0


def _say(text: str) -> None:
    sys.stdout.write(f"{'hydra':>7} | {text}\n")
    sys.stdout.flush()


@dataclass
class Child:
    """One supervised command: started, watched, restarted with backoff when it dies."""

    name: str
    cmd: list[str]
    proc: subprocess.Popen | None = None
    started_at: float = 0.0
    restarts: int = 0
    delay: float = FIRST_DELAY
    restart_at: float | None = None
    exit_codes: list[int] = field(default_factory=list)


class Supervisor:
    """Starts every child, restarts the ones that exit, stops them all on stop()."""

    def __init__(
        self,
        commands: dict[str, list[str]],
        *,
        env: dict[str, str] | None = None,
        cwd: Path = ROOT,
        first_delay: float = FIRST_DELAY,
        max_delay: float = MAX_DELAY,
        healthy_after: float = HEALTHY_AFTER,
        quiet: bool = False,
    ):
        self.children = {name: Child(name, cmd, delay=first_delay) for name, cmd in commands.items()}
        self.env = env if env is not None else dict(os.environ)
        self.cwd = cwd
        self.first_delay, self.max_delay, self.healthy_after = first_delay, max_delay, healthy_after
        self.quiet = quiet
        self.stopping = threading.Event()

    def start(self, child: Child) -> None:
        child.proc = subprocess.Popen(
            child.cmd,
            cwd=self.cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        child.started_at = time.monotonic()
        child.restart_at = None
        threading.Thread(target=self._pump, args=(child.name, child.proc), daemon=True).start()

    def _pump(self, name: str, proc: subprocess.Popen) -> None:
        for line in iter(proc.stdout.readline, b""):
            if not self.quiet:
                sys.stdout.write(f"{name:>7} | {line.decode(errors='replace')}")
                sys.stdout.flush()

    def start_all(self) -> None:
        for child in self.children.values():
            self.start(child)

    def tick(self) -> None:
        """One round of watching: note the children that died, start again those whose delay has passed."""
        now = time.monotonic()
        for child in self.children.values():
            if child.proc is not None and child.proc.poll() is not None and child.restart_at is None:
                code = child.proc.returncode
                child.exit_codes.append(code)
                ran = now - child.started_at
                child.delay = self.first_delay if ran >= self.healthy_after else child.delay
                child.restart_at = now + child.delay
                _say(
                    f"{child.name} exited with code {code} after {ran:.0f} s; starting it again in {child.delay:.0f} s."
                )
                child.delay = min(self.max_delay, child.delay * 2)
            elif child.restart_at is not None and now >= child.restart_at and not self.stopping.is_set():
                child.restarts += 1
                self.start(child)

    def run(self, *, poll: float = 0.5) -> None:
        self.start_all()
        while not self.stopping.is_set():
            self.tick()
            self.stopping.wait(poll)

    def stop(self, *, grace: float = 10.0) -> None:
        self.stopping.set()
        procs = [c.proc for c in self.children.values() if c.proc is not None and c.proc.poll() is None]
        for proc in procs:
            proc.terminate()  # each process shuts its own children down cleanly
        deadline = time.monotonic() + grace
        for proc in procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def commands_for(*, serve: bool, host: str, port: str) -> dict[str, list[str]]:
    celery = str(BIN / "celery")
    if not serve:
        return {
            "web": [str(BIN / "python"), "manage.py", "runserver", f"{host}:{port}"],
            "worker": [celery, "-A", "config", "worker", "--loglevel", "INFO", "--concurrency", "2"],
            "beat": [celery, "-A", "config", "beat", "--loglevel", "INFO"],
        }
    worker = [
        celery,
        "-A",
        "config",
        "worker",
        "--loglevel",
        "INFO",
        "--concurrency",
        os.environ.get("CELERY_CONCURRENCY", "2"),
    ]
    return {
        "web": [
            str(BIN / "gunicorn"),
            "config.asgi:application",
            "--config",
            "config/gunicorn.py",
            "--bind",
            f"{host}:{port}",
        ],
        "worker1": [*worker, "--hostname", "worker1@%h"],
        "worker2": [*worker, "--hostname", "worker2@%h"],
        "beat": [celery, "-A", "config", "beat", "--loglevel", "INFO"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", default="8000")
    parser.add_argument("--serve", action="store_true", help="production: gunicorn, two workers, beat")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    if args.serve:
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    (ROOT / "var").mkdir(exist_ok=True)
    supervisor = Supervisor(commands_for(serve=args.serve, host=args.host, port=args.port), env=env)

    def stop(*_args) -> None:
        supervisor.stopping.set()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    _say(
        f"Hydra is running at http://{args.host}:{args.port}/ (admin: /admin/, health: /health/). Press Ctrl-C to stop."
    )
    try:
        supervisor.run()
    finally:
        _say("stopping every process ...")
        supervisor.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
