"""The Celery app. Tasks live in each app's tasks.py; beat's schedule is CELERY_BEAT_SCHEDULE in settings."""
import os

from celery import Celery

from config import quiet_logs
from config import kombu_fixes  # noqa: F401  (workers outlive a Redis restart)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("hydra")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# The per-second draft sweep logs only what it did, not that it ran (config/quiet_logs.py).
quiet_logs.install()
