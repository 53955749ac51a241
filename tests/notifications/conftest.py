"""The notifications' tasks run as a worker would run them: `send_task` hands each to the task registered under
its name, after the commit (django_capture_on_commit_callbacks runs what the commit would)."""

from unittest import mock

import pytest
from celery import current_app

from benchmarks.pushserver import FakePushService


@pytest.fixture
def worker(django_capture_on_commit_callbacks):
    """`with worker():` runs the change, then what its commit schedules (the tasks too, in this process)."""
    sent = []

    def send_task(name, args=(), **kwargs):
        sent.append(name)
        # Celery's eager run (a retry runs again at once, its countdown skipped), errors raised as a worker's
        return current_app.tasks[name].apply(args=args).get()

    def run():
        patch = mock.patch.object(current_app, "send_task", side_effect=send_task)
        capture = django_capture_on_commit_callbacks(execute=True)

        class Both:
            def __enter__(self):
                patch.start()
                return capture.__enter__()

            def __exit__(self, *exc):
                try:
                    return capture.__exit__(*exc)
                finally:
                    patch.stop()

        return Both()

    run.sent = sent
    return run


@pytest.fixture
def push_service():
    with FakePushService() as service:
        yield service
