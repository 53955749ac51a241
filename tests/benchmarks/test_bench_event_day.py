"""bench_event_day's machinery against a live server (issue 54): a handful of phones poll, report and confirm, the
organizer pairs the next round, and every result is stored exactly once; with a pool of one connection the writes
meet psycopg_pool's real PoolTimeout, are answered 503 with Retry-After (never 500), are tried again and are still
stored exactly once."""

import asyncio
import json
import time
from io import StringIO

import pytest
import requests
from django.core.management import call_command
from django.db import connection

from benchmarks.eventday import Phones, build_event_day, event_day_delete, require_loopback, results_check
from benchmarks.servers import free_port, gunicorn_start, stop_worker
from tournaments.models import Event, SeatMatch, TeamMatch

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def serve(transactional_db, redis_url, tmp_path):
    """A function starting gunicorn (one uvicorn worker, DEBUG off, a pool of PostgreSQL connections) on this
    test's database with `env` over it: its base URL. Stopped at the end."""
    started = []

    def start(**env):
        db = connection.settings_dict
        port = free_port()
        log = tmp_path / f"server{len(started)}.log"
        proc = gunicorn_start(
            port=port,
            env={
                "DJANGO_SETTINGS_MODULE": "config.settings.test",
                "DEBUG": "false",
                "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
                "CELERY_BROKER_URL": redis_url,
                "HYDRA_REDIS_URL": redis_url,
                "DATABASE_POOL": "true",
                "WEB_CONCURRENCY": "1",
                "PYTHONUNBUFFERED": "1",
                **env,
            },
            stderr=log.open("w"),
            new_session=True,
        )
        started.append(proc)
        base = f"http://127.0.0.1:{port}"
        give_up = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"{base}/health/live/", timeout=5).status_code == 200:
                    return base, log
            except requests.RequestException:
                pass
            if time.monotonic() > give_up or proc.poll() is not None:
                pytest.fail("gunicorn didn't start: " + log.read_text()[-2000:])
            time.sleep(0.2)

    yield start
    for proc in started:
        stop_worker(proc)


def test_the_benchmark_runs_phones_results_and_the_next_pairing_against_a_live_server(serve):
    base, _log = serve()
    out = StringIO()
    call_command(
        "bench_event_day", players=7, seconds=40, report_seconds=6, poll_seconds=1, timeout=20, url=base, stdout=out
    )
    figures = json.loads(out.getvalue().splitlines()[-1])
    assert figures["5xx"] == 0 and figures["errors"] == 0 and figures["served"] == figures["requests"], figures
    assert {"match", "pairings", "standings", "my_events", "report", "confirm"} <= set(figures["kinds"])
    assert figures["kinds"]["report"]["statuses"] == {"302": 3}, figures
    assert figures["kinds"]["confirm"]["statuses"] == {"302": 3}, figures
    for row in figures["kinds"].values():
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    assert figures["results"] == {
        "expected": 3,
        "matches": 3,
        "stored_once": 3,
        "doubled": 0,
        "lost": 0,
        "wrong": 0,
        "unconfirmed": 0,
        "entered_at_desk": 0,
    }
    assert figures["pairing_status"] == 201 and figures["next_round_matches"] == 4 and figures["pairing_ms"] > 0
    assert Event.objects.count() == 0  # the event and its people are gone again


def test_writes_that_meet_a_full_pool_get_503_with_retry_after_and_are_stored_once(serve):
    # One connection, given up after 0.1 s, and more request slots than connections: requests really wait for the
    # pool and fail with psycopg_pool's PoolTimeout, as they did before requests took turns (config/admission.py).
    base, log = serve(
        DATABASE_POOL_MIN="1",
        DATABASE_POOL_MAX="1",
        DATABASE_POOL_TIMEOUT="0.1",
        HYDRA_WEB_SLOTS="32",
        HYDRA_DATABASE_RETRY_AFTER="1",
    )
    day = build_event_day(players=24, tag="pooltimeout", seed=2, report_seconds=1)
    try:
        # every report at once (within 0.7 s), while the phones poll
        phones = Phones(day, base=base, poll_seconds=2, seconds=90, seed=2, timeout=20)
        outcome = asyncio.run(phones.run())
        results = results_check(day=day, answered=phones.figures.writes)
    finally:
        event_day_delete(day)
    figures = outcome["figures"]
    statuses = {status for row in figures["kinds"].values() for status in row["statuses"]}
    assert "500" not in statuses and statuses <= {"200", "302", "304", "400", "503"}, figures
    assert figures["503"] > 0, figures  # the pool was full ...
    assert "PoolTimeout" in log.read_text()  # ... for real
    assert figures["kinds"]["report"]["statuses"].get("503", 0) > 0, figures  # writes met it too
    assert results == {"matches": 12, "stored_once": 12, "doubled": 0, "lost": 0, "wrong": 0, "unconfirmed": 0}


@pytest.mark.django_db
def test_the_check_finds_a_doubled_a_lost_and_a_wrong_result():
    day = build_event_day(players=8, tag="check", seed=3, report_seconds=1)
    reporters = [p for p in day.phones if p.role == "report"]
    matches = {m.pk: m for m in TeamMatch.objects.filter(pk__in=[p.match for p in reporters])}
    doubled, lost, wrong, fine = reporters
    for phone in (doubled, wrong, fine):
        a, b = (int(x) for x in phone.result.split("-"))
        if phone is wrong:
            a, b = b, a
        SeatMatch.objects.create(team_match=matches[phone.match], letter="A", wins_a=a, wins_b=b, draws=0)
        TeamMatch.objects.filter(pk=phone.match).update(result_state="confirmed", outcome="A" if a > b else "B")
    SeatMatch.objects.create(team_match=matches[doubled.match], letter="B", wins_a=0, wins_b=0, draws=0)
    answered = {p.match: {"report": 302, "confirm": 302} for p in reporters}
    assert results_check(day=day, answered=answered) == {
        "matches": 4,
        "stored_once": 1,
        "doubled": 1,
        "lost": 1,
        "wrong": 1,
        "unconfirmed": 0,
    }


@pytest.mark.parametrize("url", ["http://10.0.0.5:8000", "http://example.org", "http://192.168.1.2/"])
def test_only_a_server_on_this_machine_is_loaded(url):
    with pytest.raises(ValueError, match="only loads a server on this machine"):
        require_loopback(url)
    assert require_loopback("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
