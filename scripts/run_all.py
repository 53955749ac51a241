#!/usr/bin/env python
"""Start Hydra's web server, a Celery worker and Celery beat together; Ctrl-C stops them all.

Used by `make run`. Each process's output is prefixed with its name.
"""
import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _pump(name: str, proc: subprocess.Popen) -> None:
    for line in iter(proc.stdout.readline, b""):
        sys.stdout.write(f"{name:>6} | {line.decode(errors='replace')}")
        sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", default="8000")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    (ROOT / "var").mkdir(exist_ok=True)
    commands = {
        "web": [str(BIN / "python"), "manage.py", "runserver", f"{args.host}:{args.port}"],
        "worker": [str(BIN / "celery"), "-A", "config", "worker", "--loglevel", "INFO", "--concurrency", "2"],
        "beat": [str(BIN / "celery"), "-A", "config", "beat", "--loglevel", "INFO"],
    }
    procs: dict[str, subprocess.Popen] = {}
    for name, cmd in commands.items():
        procs[name] = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
        )
        threading.Thread(target=_pump, args=(name, procs[name]), daemon=True).start()
    print(f"Hydra is running at http://{args.host}:{args.port}/ (admin: /admin/). Press Ctrl-C to stop.", flush=True)

    stopping = False

    def stop(*_args) -> None:
        nonlocal stopping
        if stopping:
            return
        stopping = True
        for proc in procs.values():
            if proc.poll() is None:
                proc.terminate()  # each process shuts its own children down cleanly

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            for name, proc in procs.items():
                if proc.poll() is not None:
                    print(f"{name} stopped with exit code {proc.returncode}; stopping the others.", flush=True)
                    stop()
                    break
            time.sleep(0.5)
    finally:
        stop()
        deadline = time.monotonic() + 10
        for proc in procs.values():
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
