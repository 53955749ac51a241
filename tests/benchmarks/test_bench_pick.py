"""bench_pick: the pick service call alone, its queries, and its JSON line."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_bench_pick_prints_latency_and_the_queries_of_a_pick_as_json():
    out = StringIO()
    call_command("bench_pick", steps=2, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert figures["format"] == "booster" and figures["picks"] == 2 * 8
    assert figures["pick_p50_ms"] > 0 and figures["pick_max_ms"] >= figures["pick_p95_ms"] >= figures["pick_p50_ms"]
    # The seat before the lock; under it the lock, the claim, the card, "everyone?", the version and the end of the
    # transaction (tests/drafting/test_services_booster.py counts the statements themselves).
    # SQLite's lock is two statements (core.draft_lock); the transaction here is a savepoint in the test's.
    locked, total = (6, 8) if connection.vendor == "postgresql" else (7, 9)
    assert (figures["queries_locked_p50"], figures["queries_p50"]) == (locked, total)
    assert figures["queries_max"] > figures["queries_p50"]  # the pick that moves the packs on
    assert not Event.objects.filter(name__startswith="bench-pick").exists()
