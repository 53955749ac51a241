"""The bench_api command runs end to end on a small event and leaves nothing behind."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_bench_api_prints_figures_and_rolls_back():
    out = StringIO()
    call_command("bench_api", teams=9, rounds=3, requests=5, stdout=out)
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert set(figures["full"]) == set(figures["etag_304"]) == {"rps", "p50_ms", "p95_ms"}
    assert Event.objects.count() == 0
