"""Keep the logs of periodic housekeeping to what it did.

Beat sends the draft sweep every second; at INFO Celery would log three lines for each ("Sending due task" in
beat, "received" and "succeeded" in the worker) although almost every sweep does nothing. These lines are dropped
for the tasks named here; each task logs at INFO itself when it did something (drafting.services.picks).
"""

import logging

QUIET_TASKS = ("drafting.draft_sweep", "drafting-sweep-overdue-picks")
# Beat's "Sending due task", the worker's "Task ... received" and "Task ... succeeded".
ROUTINE_LOGGERS = ("celery.beat", "celery.worker.strategy", "celery.app.trace")


class RoutineTaskFilter(logging.Filter):
    """Drops INFO and DEBUG records about the quiet tasks; warnings and errors always pass."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            return True
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a record that can't be formatted isn't ours to judge
            return True
        return not any(name in message for name in QUIET_TASKS)


def install() -> None:
    """Attach the filter to Celery's routine loggers (once; safe to call again)."""
    for name in ROUTINE_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RoutineTaskFilter) for f in logger.filters):
            logger.addFilter(RoutineTaskFilter())
