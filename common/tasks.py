"""The one way to send a Celery task for a change: after its commit, never failing the change (issue 55).

A task sent inside the transaction could run before the rows it reads are committed (or for a change that is then
rolled back), and a broker that is down must not turn a saved change into a 500: the change is committed already,
and what the task would have done is covered elsewhere (beat's sweeps, a re-send button, a command), which the log
line names. Every app sends its tasks through here (docs/architecture.md, "common")."""

import logging
from functools import partial

from celery import current_app
from django.db import transaction

log = logging.getLogger("common.tasks")


def task_send(task, *args, what: str = "", lost: str = "", **options) -> bool:
    """Hand `task` to the broker now, with positional `args` and Celery's options (`kwargs`, `countdown`, `eta`,
    `expires`...). `task` is a task, or the name it is registered under (an app may not import the app whose task
    it sends: tournaments sends ratings' by name). True when sent; a broker that is down is logged ("Could not
    schedule <what>", then `lost`: what covers for it) and answers False, never an exception."""
    name = task if isinstance(task, str) else task.name
    try:
        if isinstance(task, str):
            current_app.send_task(task, args=args, **options)
        else:
            task.apply_async(args=args, **options)
    except Exception:  # noqa: BLE001 - the broker being down must never fail what was committed
        log.exception("Could not schedule %s (%s%r)%s", what or "a task", name, args, f"; {lost}" if lost else "")
        return False
    return True


def send_after_commit(task, *args, what: str = "", lost: str = "", **options) -> None:
    """Send `task` (as task_send) once the current transaction commits; nothing if it is rolled back; at once
    outside a transaction (Django's on_commit). The callback is a partial of task_send, so a test reads what the
    commit will send (its args) without running it."""
    transaction.on_commit(partial(task_send, task, *args, what=what, lost=lost, **options))
