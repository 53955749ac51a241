"""The Celery app. Tasks live in each app's tasks.py; beat's schedule is CELERY_BEAT_SCHEDULE in settings."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("hydra")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
