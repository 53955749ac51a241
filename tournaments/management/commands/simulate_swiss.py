"""python manage.py simulate_swiss --teams N --rounds R --seed S: benchmark the Swiss pairing engine."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.simulation import simulate_swiss


class Command(BaseCommand):
    help = (
        "Simulate a Swiss event with random results through the pairing engine and print one JSON line: "
        "teams, rounds, pair_ms_total, pair_ms_max_round, pair_cpu_ms_total, rematches, pair_downs, max_point_gap, byes, "
        "double_byes, squared_gaps, squared_gaps_lower_bound, group_skips, dropped (with --constraints also "
        "advance_byes and avoided)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, required=True, help="number of teams (at least 2)")
        parser.add_argument("--rounds", type=int, required=True, help="number of Swiss rounds (at least 1)")
        parser.add_argument("--seed", type=int, default=1, help="random seed; the same seed repeats the event")
        parser.add_argument(
            "--drop-rate",
            type=float,
            default=0.0,
            help="chance that a team drops after each round (0 to below 1; default 0)",
        )
        parser.add_argument(
            "--constraints",
            action="store_true",
            help="give the event byes in advance, pairs to avoid and fixed tables, as big events have (issue 42)",
        )

    def handle(self, *args, teams, rounds, seed, drop_rate, constraints, **options):
        if teams < 2:
            raise CommandError(f"--teams must be at least 2 to pair anybody (got {teams}).")
        if rounds < 1:
            raise CommandError(f"--rounds must be at least 1 (got {rounds}).")
        if not 0 <= drop_rate < 1:
            raise CommandError(f"--drop-rate must be from 0 up to (not including) 1 (got {drop_rate}).")
        self.stdout.write(
            json.dumps(
                simulate_swiss(teams=teams, rounds=rounds, seed=seed, drop_rate=drop_rate, constraints=constraints)
            )
        )
