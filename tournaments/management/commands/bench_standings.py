"""Time compute_standings on a generated event: `python manage.py bench_standings --teams 2048 --rounds 12`.

Prints one JSON line: teams, rounds, records, runs, ms (median wall time over the runs), min_ms (the fastest
run) and cpu_ms (median CPU time of this process): on a shared machine the last two show what other work on it
added to the first. No database is touched.
"""
from __future__ import annotations

import json
import random
import statistics
import time

from django.core.management.base import BaseCommand, CommandError

from tournaments.standings import TeamMatchRecord, compute_standings


_GAMES = {"A": ((2, 0, 0), (2, 1, 0)), "B": ((0, 2, 0), (1, 2, 0)), "D": ((0, 0, 3), (1, 1, 1))}


def random_event_records(*, teams: int, rounds: int, seed: int, games: bool = False) -> list[TeamMatchRecord]:
    """Results of a made-up event: every round pairs the teams at random, the odd one out gets a bye.

    Promises: the same arguments give the same records. Random pairing (with possible rematches) is enough to
    time standings, which cost the same whatever the pairing; it is not a Swiss pairing. With `games`, each match
    also carries its games (an individual event's records).
    """
    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    records = []
    for round_number in range(1, rounds + 1):
        rng.shuffle(ids)
        for i in range(0, teams - 1, 2):
            # Roughly what team events show: few team draws.
            outcome = rng.choices(("A", "B", "D"), weights=(45, 45, 10))[0]
            played = rng.choice(_GAMES[outcome]) if games else None
            records.append(TeamMatchRecord(round=round_number, team_a=ids[i], team_b=ids[i + 1], outcome=outcome,
                                           games=played))
        if teams % 2:
            records.append(TeamMatchRecord(round=round_number, team_a=ids[-1], team_b=None, outcome="A"))
    return records


class Command(BaseCommand):
    help = "Time standings for a generated event and print one JSON line (median ms over several runs)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=2048)
        parser.add_argument("--rounds", type=int, default=12)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--runs", type=int, default=7)
        parser.add_argument("--individual", action="store_true",
                            help="An individual event: records carry games, GW%% and OGW%% come from them.")

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
