"""The Celery app. Tasks live in each app's tasks.py; beat's schedule is CELERY_BEAT_SCHEDULE in settings."""

import os
import sys
from pathlib import Path

from celery import Celery

from config import quiet_logs
from config import kombu_fixes  # noqa: F401  (workers outlive a Redis restart)
from health.worker import HeartbeatOnConnect, WorkerHeartbeat

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
if Path(sys.argv[0]).name == "celery":
    # Celery's worker and beat processes don't pool their database connections (DATABASE_POOL is for the web
    # processes): a prefork worker forks its task processes after Django is set up, and a pool opened before the
    # fork would be shared by every child. Each task process keeps its own connection instead.
    os.environ["DATABASE_POOL"] = os.environ.get("CELERY_DATABASE_POOL", "false")

app = Celery("hydra")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _add_worker_steps() -> None:
    app.steps["worker"].add(WorkerHeartbeat)
    app.steps["worker"].add(kombu_fixes.ResumeStranded)
    app.steps["consumer"].add(HeartbeatOnConnect)


_add_worker_steps()

# The per-second draft sweep logs only what it did, not that it ran (config/quiet_logs.py).
quiet_logs.install()
