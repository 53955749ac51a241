"""bench_draft's pod formats on a real worker, Redis and PostgreSQL: the figures as JSON, nothing lost, doubled or
left behind."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tests.drafting.test_live import broker_url  # noqa: F401 - a fixture
from tournaments.models import Event

pytestmark = [pytest.mark.services, pytest.mark.slow]


def test_bench_draft_2hg_prints_its_figures_as_json_with_nothing_lost(transactional_db, broker_url):  # noqa: F811
    out = StringIO()
    call_command("bench_draft", format="2hg", pods=1, packs=1, pick_seconds=1, concurrency=2, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert {"picks", "lost", "doubled", "pick_p95_ms", "timeout_late_p95_ms"} <= set(figures)
    assert figures["picks"] == 4 * 15 and figures["lost"] == figures["doubled"] == figures["missing"] == 0
    assert figures["timeouts"] > 0
    assert not Event.objects.filter(name__startswith="bench-2hg").exists()


def test_bench_draft_booster_prints_its_figures_as_json_with_nothing_lost(transactional_db, broker_url):  # noqa: F811
    out = StringIO()
    call_command("bench_draft", format="booster", pods=1, packs=1, pick_seconds=1, concurrency=2, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert {"pick_p95_ms", "timeout_late_p95_ms", "lost", "doubled", "missing"} <= set(figures)
    assert figures["format"] == "booster" and figures["teams"] == 8
    assert figures["picks"] == 8 * 15 and figures["lost"] == figures["doubled"] == figures["missing"] == 0
    assert figures["timeouts"] > 0
    assert not Event.objects.filter(name__startswith="bench-booster").exists()


def test_bench_draft_booster_bots_in_two_processes_report_every_pick(transactional_db, broker_url):  # noqa: F811
    out = StringIO()
    call_command(
        "bench_draft", format="booster", pods=2, packs=1, pick_seconds=1, concurrency=2, bot_processes=2, stdout=out
    )
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert figures["teams"] == 16 and figures["picks"] == 16 * 15
    assert figures["lost"] == figures["doubled"] == figures["missing"] == 0
    # Both processes' players picked, and their latencies came back to the report.
    assert figures["by"]["player"] == figures["team_picks"] > 7 * 14  # more than one pod of 7 pickers can make
    assert not Event.objects.filter(name__startswith="bench-booster").exists()
