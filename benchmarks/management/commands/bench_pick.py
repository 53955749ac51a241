"""The pick service call alone: `python manage.py bench_pick [--format booster] [--steps 10]`.

Seats one pod (`--format booster`: eight players; `2hg`: four teams of two) with bench_draft's set-up, opens
generated packs with a pick time long enough that no timer interferes, and then, one call at a time with nothing
else running, records every seat's pick for `--steps` pick steps through the real service (`thg_pick`). For each
call it measures the wall time and, from the SQL it ran, the queries in all and the queries run while the pod's
row is locked (from the `FOR UPDATE` to the commit). Prints p50 / p95 / max; the last line is one JSON object.
Run it beside `bench_draft` to tell the service's own cost from the contention of a full event.
"""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks import pods
from benchmarks.figures import percentile
from drafting.models import PodCard, PodTeam
from drafting.services.pods import thg_pick, thg_pod_start
from tournaments.models import Seat


def _locked(queries: list[dict]) -> int:
    """Queries from the row lock (SELECT ... FOR UPDATE, or SQLite's no-op UPDATE that stands in for it,
    core.draft_lock) to the end."""
    for k, query in enumerate(queries):
        if "FOR UPDATE" in query["sql"] or 'SET "version" = "drafting_pod"."version"' in query["sql"]:
            return len(queries) - k
    return 0


class Command(BaseCommand):
    help = __doc__.split("\n\n")[0]

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["booster", "2hg"], default="booster")
        parser.add_argument("--steps", type=int, default=10, help="Pick steps of pack 1 to record (all seats pick).")
        parser.add_argument("--set", default="DOM")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--keep", action="store_true", help="Keep the bench event and its data.")

    def handle(self, *args, **options):
        options.update(pods=1, pick_seconds=600.0, review_seconds=0.0, prefix="bench-pick")
        write = self.stdout.write
        pods.cleanup(options)
        pod = pods.setup(options, write)[0]
        rules = pod.rules
        thg_pod_start(pod_id=pod.pk, by=pod.event.organizer)
        teams = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
        users = {
            t.pk: Seat.objects.filter(registration_id=t.registration_id)
            .select_related("player__user")
            .first()
            .player.user
            for t in teams
        }
        timings, totals, locked = [], [], []
        for step in range(options["steps"]):
            for team in teams:
                opener = rules.pack_in_front_of(pod_size=len(teams), pack_round=0, step=step, seat=team.seat)
                pack = list(
                    PodCard.objects.filter(pod=pod, pack_round=0, opener=opener, team__isnull=True)
                    .order_by("position")
                    .values_list("pk", flat=True)
                )
                if not rules.needs_choice(len(pack)):
                    continue
                with CaptureQueriesContext(connection) as captured:
                    began = time.perf_counter()
                    thg_pick(
                        pod_id=pod.pk,
                        user=users[team.pk],
                        card_ids=pack[-rules.cards_per_pick :],
                        pack_round=0,
                        step=step,
                    )
                    timings.append((time.perf_counter() - began) * 1000)
                totals.append(len(captured.captured_queries))
                locked.append(_locked(captured.captured_queries))
        if not options["keep"]:
            pods.cleanup(options)
        figures = {
            "format": options["format"],
            "database": connection.vendor,
            "picks": len(timings),
            "pick_p50_ms": round(percentile(timings, 0.5), 2),
            "pick_p95_ms": round(percentile(timings, 0.95), 2),
            "pick_max_ms": round(max(timings, default=float("nan")), 2),
            "queries_p50": round(percentile(totals, 0.5)),
            "queries_locked_p50": round(percentile(locked, 0.5)),
            "queries_max": max(totals, default=0),
            "queries_locked_max": max(locked, default=0),
        }
        write(
            f"{len(timings)} picks, one at a time: p50 {figures['pick_p50_ms']} ms, p95 {figures['pick_p95_ms']} ms, "
            f"max {figures['pick_max_ms']} ms; queries a pick {figures['queries_p50']} "
            f"({figures['queries_locked_p50']} under the pod's lock), up to {figures['queries_max']} "
            f"({figures['queries_locked_max']}) for the pick that moves the packs on"
        )
        write(json.dumps(figures, sort_keys=True))
