"""Time compute_standings on a generated event: `python manage.py bench_standings --teams 2048 --rounds 12`.

Prints one JSON line: teams, rounds, records, runs, ms (median wall time over the runs), min_ms (the fastest
run) and cpu_ms (median CPU time of this process): on a shared machine the last two show what other work on it
added to the first. No database is touched.
"""

from __future__ import annotations

import json
import statistics
import time

from django.core.management.base import BaseCommand, CommandError

from benchmarks.events import random_event_records
from tournaments.standings import compute_standings


class Command(BaseCommand):
    help = "Time standings for a generated event and print one JSON line (median ms over several runs)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=2048)
        parser.add_argument("--rounds", type=int, default=12)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--runs", type=int, default=7)
        parser.add_argument(
            "--individual",
            action="store_true",
            help="An individual event: records carry games, GW%% and OGW%% come from them.",
        )

    def handle(self, *args, teams, rounds, seed, runs, individual, **options):
        if teams < 2 or rounds < 1 or runs < 1:
            raise CommandError("--teams must be 2 or more, --rounds and --runs 1 or more")
        records = random_event_records(teams=teams, rounds=rounds, seed=seed, games=individual)
        timings = []
        cpu_timings = []
        for _ in range(runs):
            start, cpu_start = time.perf_counter(), time.process_time()
            compute_standings(records, seed=seed, games=individual)
            timings.append((time.perf_counter() - start) * 1000)
            cpu_timings.append((time.process_time() - cpu_start) * 1000)
        self.stdout.write(
            json.dumps(
                {
                    "teams": teams,
                    "individual": individual,
                    "rounds": rounds,
                    "records": len(records),
                    "runs": runs,
                    "ms": round(statistics.median(timings), 2),
                    "min_ms": round(min(timings), 2),
                    "cpu_ms": round(statistics.median(cpu_timings), 2),
                }
            )
        )
