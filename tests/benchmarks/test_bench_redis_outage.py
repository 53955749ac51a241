"""The outage benchmark (docs/deploy.md): a short outage through a real gunicorn, no 5xx, the last line JSON."""

import json
import shutil
from io import StringIO

import pytest
from django.core.management import call_command

from benchmarks.servers import worker_database_url

pytestmark = [
    pytest.mark.services,
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program"),
]


def test_a_short_outage_is_measured_without_a_5xx_and_the_cache_comes_back(transactional_db, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", worker_database_url())
    out = StringIO()
    call_command(
        "bench_redis_outage",
        "--teams",
        "8",
        "--rounds",
        "1",
        "--workers",
        "1",
        "--clients",
        "3",
        "--before",
        "1.5",
        "--outage",
        "3",
        "--after",
        "5",
        stdout=out,
    )
    result = json.loads(out.getvalue().strip().splitlines()[-1])
    assert result["outage"]["requests"] > 0 and result["after"]["requests"] > 0
    assert result["total_5xx"] == 0 and result["outage"]["no_answer"] == 0
    assert result["cache_back_s"] is not None and result["cache_back_s"] < 5
    assert result["health_back_s"] is not None
    from tournaments.models import Event

    assert not Event.objects.filter(name="API benchmark").exists()  # cleaned up
