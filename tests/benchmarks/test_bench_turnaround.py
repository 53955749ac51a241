"""bench_turnaround runs an event day end to end through the API and leaves nothing behind (issue 30)."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.models import Event, Player, Team

pytestmark = pytest.mark.django_db


def test_bench_turnaround_prints_every_figure_as_its_last_line_and_cleans_up():
    out = StringIO()
    call_command("bench_turnaround", teams=9, rounds=2, results=2, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert figures["teams"] == 9 and len(figures["pairing_ms"]) == 2
    for name in ("import_ms", "pairing_p50_ms", "result_p50_ms", "standings_p50_ms", "standings_cached_p50_ms"):
        assert figures[name] > 0
    assert 0 < figures["import_queries"] <= 48 and figures["standings_queries"] <= 8
    assert (Event.objects.count(), Team.objects.count(), Player.objects.count()) == (0, 0, 0)
    assert get_user_model().objects.count() == 0
