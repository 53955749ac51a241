"""The project's Celery app (config/celery.py, with its fixes and bootsteps) plus two tasks of the tests' own that
leave a file behind, for tests that run a real worker: `celery -A tests.config.worker_tasks worker`."""

import time
from pathlib import Path

from config.celery import app

__all__ = ["app"]


@app.task(name="tests.stamp", acks_late=True, ignore_result=True)
def stamp(path: str) -> None:
    """A timer's stand-in: writes the time it ran."""
    Path(path).write_text(repr(time.time()))


@app.task(name="tests.sleep_then_stamp", acks_late=True, ignore_result=True)
def sleep_then_stamp(path: str, seconds: float) -> None:
    """A late-acknowledged task in flight: says it started, works `seconds`, then writes the time it finished."""
    Path(path + ".started").write_text(repr(time.time()))
    time.sleep(seconds)
    Path(path).write_text(repr(time.time()))
