"""Benchmark an event day's phones against the production stack: `python manage.py bench_event_day [--players 2048
--seconds 180 --report-seconds 120 --poll-seconds 10] [--url http://127.0.0.1:8000]` (issue 54).

Builds an individual Swiss event of `--players` players, each with an account and a signed-in session, and pairs
round 1 (round_pair_next, timed). Without `--url` it starts the stack `make serve` runs (benchmarks/servers.py):
gunicorn with uvicorn workers (config/gunicorn.py, sized for the machine) and two Celery workers with beat, on this
process's database and Redis, with config.settings.production when this runs under config.settings.bench (so run it
as DJANGO_SETTINGS_MODULE=config.settings.bench with production's environment, on a database of its own:
docs/deploy.md, "Sizing"). With `--url`, a server already running on this machine on the same database.

Then every player's phone polls for `--seconds` (benchmarks/eventday.py): its match page, the pairings, the
standings and My events, one every `--poll-seconds`, with If-None-Match; one player of each match reports the result
through the portal's form and the opponent confirms it, all within `--report-seconds`. Once every report and
confirmation is answered (or given up at the end of `--seconds`), the results are checked and the organizer enters
those still missing at the desk (in bulk, as final), then pairs round 2 through the API (POST /api/v1/events/<id>/rounds/) while the
phones go on polling, and that is timed. Loopback only; every loop ends by `--seconds` (the pairing excepted, which
is waited for).

Prints requests served, 5xx (500 and 503 apart), timeouts, latency p50 / p95 / p99 per kind of request, the results
stored exactly once (the database checked: one result per match, the reporter's, final; none doubled, none lost),
the pairing times; the last line one JSON object. The event and its accounts are deleted at the end.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import tempfile
import time
from pathlib import Path

import requests
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from api.services import api_token_create
from benchmarks.events import analyze_tables
from benchmarks.figures import percentile
from benchmarks.eventday import (
    Phones,
    build_event_day,
    event_day_delete,
    require_loopback,
    results_check,
    results_fill_missing,
)
from benchmarks.servers import (
    free_port,
    gunicorn_start,
    measured_settings_module,
    start_worker,
    stop_worker,
    worker_database_url,
)


def _wait_until_up(base: str, proc, log: Path, seconds: float = 90) -> None:
    give_up = time.monotonic() + seconds
    while time.monotonic() < give_up:
        if proc.poll() is not None:
            raise CommandError(f"gunicorn stopped at once:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{base}/health/live/", timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    raise CommandError(f"gunicorn didn't answer within {seconds:.0f} s:\n{log.read_text()[-3000:]}")


class Stack:
    """The processes `make serve` runs, started for the benchmark and stopped after it."""

    def __init__(self) -> None:
        self.server = None
        self.workers: list = []
        self.folder = Path(tempfile.mkdtemp(prefix="hydra-event-day-"))
        self.base = ""

    def start(self, write) -> str:
        if (
            measured_settings_module().endswith("production")
            and not (Path(settings.STATIC_ROOT) / "staticfiles.json").exists()
        ):
            write("collecting static files (the production pages need their manifest) ...")
            call_command("collectstatic", interactive=False, verbosity=0)
        database_url = worker_database_url()
        broker = os.environ.get("CELERY_BROKER_URL", settings.CELERY_BROKER_URL)
        env = {
            "SECRET_KEY": settings.SECRET_KEY,  # the sessions made here are the server's
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_COOKIES": "false",
            "DATABASE_URL": database_url,
            "CELERY_BROKER_URL": broker,
            "PYTHONUNBUFFERED": "1",
        }
        for number in (1, 2):  # as scripts/run_all.py --serve: two workers of CELERY_CONCURRENCY processes, beat
            self.workers.append(
                start_worker(
                    database_url=database_url,
                    broker_url=broker,
                    concurrency=int(os.environ.get("CELERY_CONCURRENCY", "2")),
                    pool="prefork",
                    beat=number == 1,
                    log_path=self.folder / f"worker{number}.log",
                    ready_timeout=90,
                )
            )
        port = free_port()
        log = self.folder / "gunicorn.log"
        self.server = gunicorn_start(port=port, env=env, stderr=log.open("w"), new_session=True)
        self.base = f"http://127.0.0.1:{port}"
        _wait_until_up(self.base, self.server, log)
        return self.base

    def stop(self) -> None:
        if self.server is not None:
            stop_worker(self.server)
        for worker in self.workers:
            stop_worker(worker)


class Command(BaseCommand):
    help = "Phones polling, reporting and confirming on an event day, and the next pairing (one JSON line)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=2048)
        parser.add_argument("--seconds", type=float, default=180.0, help="How long the phones run (at most).")
        parser.add_argument(
            "--report-seconds", type=float, default=120.0, help="Every result reported and confirmed within this."
        )
        parser.add_argument("--poll-seconds", type=float, default=10.0, help="Each phone's time between two polls.")
        parser.add_argument("--timeout", type=float, default=30.0, help="A request's time limit at the client.")
        parser.add_argument("--url", default="", help="A server already running on this machine (same database).")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, players, seconds, report_seconds, poll_seconds, timeout, url, seed, **options):
        if players < 2:
            raise CommandError("--players must be 2 or more")
        if not 0 < report_seconds <= seconds:
            raise CommandError("--report-seconds must be more than 0 and at most --seconds")
        if url:
            try:
                url = require_loopback(url)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        write = self.stdout.write
        tag = f"eventday{time.time_ns() % 10**12}"
        write(f"building an individual event of {players} players and pairing round 1 ...")
        day = build_event_day(players=players, tag=tag, seed=seed, report_seconds=report_seconds)
        analyze_tables()
        stack = Stack()
        try:
            base = url or stack.start(write)
            figures = self._run(
                day=day, base=base, seconds=seconds, report_seconds=report_seconds, poll=poll_seconds, timeout=timeout
            )
        finally:
            stack.stop()
            event_day_delete(day)
        figures = {
            "players": players,
            "poll_seconds": poll_seconds,
            "report_seconds": report_seconds,
            "cpus": multiprocessing.cpu_count(),
            "server": "given" if url else "started",
            "first_pairing_ms": round(day.first_pairing_ms, 1),
            **figures,
        }
        self._print(figures)

    def _run(self, *, day, base: str, seconds: float, report_seconds: float, poll: float, timeout: float) -> dict:
        _token, secret = api_token_create(event=None, user=day.organizer, name="bench", organizer=True)
        pairing: dict = {}
        checked: dict = {}

        def check_then_fill() -> tuple[dict, int]:
            try:  # what the phones left is counted before the organizer enters the rest at the desk
                return results_check(day=day, answered=phones.figures.writes), results_fill_missing(day=day)
            finally:
                connections.close_all()  # this thread's connection

        async def pair(client) -> None:
            checked["results"], checked["entered_at_desk"] = await asyncio.to_thread(check_then_fill)
            begin = time.monotonic()
            async with client.post(
                f"{base}/api/v1/events/{day.event.pk}/rounds/",
                json={},
                headers={"Authorization": f"Token {secret}"},
                timeout=None,
            ) as response:
                body = await response.read()
            pairing["pairing_ms"] = round((time.monotonic() - begin) * 1000, 1)
            pairing["pairing_status"] = response.status
            if response.status != 201:
                pairing["pairing_error"] = body[:300].decode(errors="replace")

        phones = Phones(day, base=base, poll_seconds=poll, seconds=seconds, seed=day.event.pk, timeout=timeout)
        outcome = asyncio.run(phones.run(then=pair))
        results = checked["results"]
        expected = sum(1 for p in day.phones if p.role == "report")
        summary = outcome["figures"]
        write_ms = [ms for kind in ("report", "confirm") for ms in phones.figures.ms[kind]]
        return {
            **summary,
            "writes_p95_ms": round(percentile(write_ms, 0.95), 1) if write_ms else None,
            "results": {"expected": expected, **results, "entered_at_desk": checked["entered_at_desk"]},
            **pairing,
            "next_round_matches": day.event.rounds.filter(number=day.round_number + 1).first().matches.count()
            if pairing.get("pairing_status") == 201
            else 0,
        }

    def _print(self, figures: dict) -> None:
        write = self.stdout.write
        write(
            f"{figures['players']} phones, {figures['seconds']} s: {figures['requests']} requests "
            f"({figures['rps']}/s), {figures['served']} served ({figures['served_rps']}/s), 5xx {figures['5xx']} (500: {figures['500']}, 503: {figures['503']}), "
            f"timeouts and broken connections {figures['errors']}"
        )
        for kind, row in figures["kinds"].items():
            write(
                f"  {kind:<10} {row['requests']:>7} requests  p50 {row['p50_ms']:>8} ms  p95 {row['p95_ms']:>8} ms  "
                f"p99 {row['p99_ms']:>8} ms  5xx {row['5xx']}  {row['statuses']}"
            )
        results = figures["results"]
        write(
            f"results: {results['stored_once']} of {results['expected']} stored exactly once, "
            f"{results['doubled']} doubled, {results['lost']} lost, {results['wrong']} wrong, "
            f"{results['unconfirmed']} not reported and confirmed in time (entered at the desk before the pairing: "
            f"{results['entered_at_desk']})"
        )
        write(
            f"pairing: round 1 {figures['first_pairing_ms']} ms (in process, no load); the next round "
            f"{figures.get('pairing_ms')} ms under load through the API ({figures.get('pairing_status')}, "
            f"{figures['next_round_matches']} matches)"
        )
        write(json.dumps(figures))
