"""Benchmark the standings endpoint: `python manage.py bench_api [--teams 1024 --rounds 10 --requests 200]`.

Builds an event of that size (every round paired at random, every result final) inside a transaction that is
rolled back at the end, so the configured database is left as it was (run `migrate` first). Then it calls
GET /api/v1/events/<id>/standings/ through Django's test Client, in this process (no network), without and
with If-None-Match, and prints requests per second and latency p50 / p95 for both, as text and as one JSON line.
"""

from __future__ import annotations

import json
import statistics
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.test import Client, override_settings

from benchmarks.events import build_bench_event
from tournaments.models import Event


class _Rollback(Exception):
    pass


def _run(client: Client, url: str, *, requests: int, headers: dict, expect: int) -> dict:
    timings = []
    start = time.perf_counter()
    for _ in range(requests):
        begin = time.perf_counter()
        response = client.get(url, **headers)
        timings.append((time.perf_counter() - begin) * 1000)
        if response.status_code != expect:
            raise CommandError(
                f"GET {url} answered {response.status_code}, expected {expect}: {response.content[:300]!r}"
            )
    elapsed = time.perf_counter() - start
    timings.sort()
    return {
        "rps": round(requests / elapsed, 1),
        "p50_ms": round(statistics.median(timings), 2),
        "p95_ms": round(timings[min(len(timings) - 1, int(0.95 * len(timings)))], 2),
    }


class Command(BaseCommand):
    help = "Requests per second and latency (p50, p95) of the standings endpoint, without and with the ETag."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=1024)
        parser.add_argument("--rounds", type=int, default=10)
        parser.add_argument("--requests", type=int, default=200, help="Requests per measurement.")
        parser.add_argument("--page-size", type=int, default=100, help="Standings rows per response (cap 500).")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, teams, rounds, requests, page_size, seed, **options):
        if teams < 2 or rounds < 1 or requests < 1:
            raise CommandError("--teams must be 2 or more, --rounds and --requests 1 or more")
        result: dict = {}
        try:
            with transaction.atomic():
                started = time.perf_counter()
                event = build_bench_event(teams=teams, rounds=rounds, seed=seed)
                result["build_s"] = round(time.perf_counter() - started, 1)
                result.update(self._measure(event, requests=requests, page_size=page_size))
                raise _Rollback
        except _Rollback:
            pass
        result = {"teams": teams, "rounds": rounds, "requests": requests, "page_size": page_size, **result}
        for label in ("full", "etag_304"):
            figures = result[label]
            self.stdout.write(
                f"standings {label:9}: {figures['rps']:8.1f} req/s   p50 {figures['p50_ms']:7.2f} ms   "
                f"p95 {figures['p95_ms']:7.2f} ms"
            )
        self.stdout.write(json.dumps(result))

    def _measure(self, event: Event, *, requests: int, page_size: int) -> dict:
        rest = {"DEFAULT_THROTTLE_RATES": {"anon": None}}
        with override_settings(
            DEBUG=False, ALLOWED_HOSTS=["testserver"], REST_FRAMEWORK={**settings.REST_FRAMEWORK, **rest}
        ):
            client = Client()
            url = f"/api/v1/events/{event.pk}/standings/?page_size={page_size}"
            first = client.get(url)
            if first.status_code != 200:
                raise CommandError(f"GET {url} answered {first.status_code}: {first.content[:300]!r}")
            warm = max(1, requests // 20)
            _run(client, url, requests=warm, headers={}, expect=200)
            full = _run(client, url, requests=requests, headers={}, expect=200)
            etag = {"HTTP_IF_NONE_MATCH": first["ETag"]}
            _run(client, url, requests=warm, headers=etag, expect=304)
            cached = _run(client, url, requests=requests, headers=etag, expect=304)
        return {"bytes": len(first.content), "full": full, "etag_304": cached}
