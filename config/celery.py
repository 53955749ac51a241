"""The Celery app. Tasks live in each app's tasks.py; beat's schedule is CELERY_BEAT_SCHEDULE in settings."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

app = Celery("hydra")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_configure.connect
def _make_broker_folders(sender, **kwargs) -> None:
    # kombu's filesystem transport (the embedded default) needs its folders to exist before the first message.
    options = sender.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "processed_folder"):
        if options.get(key):
            os.makedirs(options[key], exist_ok=True)
