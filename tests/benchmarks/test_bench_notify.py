"""bench_notify on a real Celery worker, Redis and PostgreSQL (issue 41): every player's push reaches the fake push
service and the inbox, the figures come as JSON and nothing is left behind."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from notifications.models import Notification, PushSubscription
from tournaments.models import Event

pytestmark = [pytest.mark.services, pytest.mark.slow]


def test_bench_notify_reaches_every_player_through_a_real_worker_and_cleans_up(transactional_db):
    out = StringIO()
    call_command("bench_notify", players=24, repeat=1, concurrency=1, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert figures["pushes"] == 24
    assert 0 < figures["push_p50_ms"] <= figures["push_p95_ms"] <= figures["push_max_ms"]
    assert figures["inbox_max_ms"] > 0 and figures["pairing_without_ms"] > 0 and figures["pairing_with_ms"] > 0
    assert not Event.objects.filter(name="Notify benchmark").exists()
    assert Notification.objects.count() == PushSubscription.objects.count() == 0
