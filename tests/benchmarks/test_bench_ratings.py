"""bench_ratings: a generated history replayed, its figures as the last line."""

import json
from io import StringIO

from django.core.management import call_command


def _last_json(out: StringIO) -> dict:
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_bench_ratings_prints_its_figures():
    out = StringIO()
    call_command("bench_ratings", "--players", "300", "--matches", "2000", stdout=out)
    figures = _last_json(out)
    assert (figures["players"], figures["matches"]) == (300, 2000)
    assert figures["ms"] > 0 and figures["history_rows"] > 0
