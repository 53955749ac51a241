"""What a signed-in phone's poll costs, rendered in full and answered 304 (common/polls.py, issue 54):
`python manage.py bench_polls [--teams 256 --rounds 5 --repeat 30]`.

Builds a public event of that size (benchmarks/events.py; deleted at the end), signs one of its players in with
Django's test client (the whole middleware stack, in this process: the figures are the server's work per request,
without a network or a server's queueing) and fetches each page a phone watches (its match, My events and its live
region, the pairings and the standings): `--repeat` times with no If-None-Match (a full render) and `--repeat` times
with the ETag the page gave (304). Prints the median and p95 milliseconds of each and the database queries of a
304, the last line one JSON object. Run it on PostgreSQL and Redis (DATABASE_URL, HYDRA_REDIS_URL): without Redis
the cache is files and a 304 reads them.
"""

from __future__ import annotations

import json
import statistics
import time

from django.core.management.base import BaseCommand
from django.db import connection
from django.db.models import Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.events import analyze_tables, bench_event_delete, build_bench_event
from benchmarks.figures import percentile
from tournaments.models import Seat, TeamMatch


def _timed(client: Client, url: str, repeat: int, headers: dict) -> tuple[list[float], int]:
    timings, status = [], 0
    for _ in range(repeat):
        begin = time.perf_counter()
        response = client.get(url, secure=True, headers=headers)
        timings.append((time.perf_counter() - begin) * 1000)
        status = response.status_code
    return timings, status


class Command(BaseCommand):
    help = "A signed-in phone's polls: a full render against a 304 (common/polls.py); last line JSON."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=256)
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument("--repeat", type=int, default=30)
        parser.add_argument("--seed", type=int, default=54)

    def handle(self, *args, teams: int, rounds: int, repeat: int, seed: int, **options):
        event = build_bench_event(teams=teams, rounds=rounds, seed=seed)
        try:
            analyze_tables()
            seat = Seat.objects.filter(event=event).select_related("player__user").order_by("pk").first()
            user = seat.player.user
            match = (
                TeamMatch.objects.filter(Q(team_a=seat.registration_id) | Q(team_b=seat.registration_id))
                .order_by("-round__number")
                .first()
            )
            pages = {
                "match": reverse("portal:match", args=[match.pk]),
                "my_events": reverse("portal:home"),
                "my_events_live": reverse("portal:home") + "?partial=1",
                "pairings": reverse("portal:pairings", args=[event.pk]),
                "standings": reverse("portal:standings", args=[event.pk]),
            }
            phone = Client(SERVER_NAME="localhost")
            phone.force_login(user)
            figures: dict = {"teams": teams, "rounds": rounds, "repeat": repeat}
            for name, url in pages.items():
                first = phone.get(url, secure=True)
                etag = first.get("ETag", "")
                full, full_status = _timed(phone, url, repeat, {})
                polled, poll_status = _timed(phone, url, repeat, {"If-None-Match": etag})
                with CaptureQueriesContext(connection) as queries:
                    phone.get(url, secure=True, headers={"If-None-Match": etag})
                figures[name] = {
                    "render_ms_p50": round(statistics.median(full), 2),
                    "render_ms_p95": round(percentile(full, 0.95), 2),
                    "poll_304_ms_p50": round(statistics.median(polled), 2),
                    "poll_304_ms_p95": round(percentile(polled, 0.95), 2),
                    "render_status": full_status,
                    "poll_status": poll_status,
                    "poll_queries": len(queries),
                }
                row = figures[name]
                self.stdout.write(
                    f"{name:15} render {row['render_ms_p50']:8.2f} ms (p95 {row['render_ms_p95']:.2f}, "
                    f"{full_status})  poll {row['poll_304_ms_p50']:6.2f} ms (p95 {row['poll_304_ms_p95']:.2f}, "
                    f"{poll_status}, {row['poll_queries']} queries)"
                )
        finally:
            bench_event_delete(event=event)
        self.stdout.write(json.dumps(figures))
