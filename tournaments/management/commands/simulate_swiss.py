"""python manage.py simulate_swiss --teams N --rounds R --seed S: benchmark the Swiss pairing engine."""
import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.simulation import simulate_swiss


class Command(BaseCommand):
    help = (
        "Simulate a Swiss event with random results through the pairing engine and print one JSON line: "
        "teams, rounds, pair_ms_total, rematches, pair_downs, max_point_gap, byes, double_byes."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, required=True, help="number of teams (at least 2)")
        parser.add_argument("--rounds", type=int, required=True, help="number of Swiss rounds (at least 1)")
        parser.add_argument("--seed", type=int, default=1, help="random seed; the same seed repeats the event")

    def handle(self, *args, teams, rounds, seed, **options):
        if teams < 2:
            raise CommandError(f"--teams must be at least 2 to pair anybody (got {teams}).")
        if rounds < 1:
            raise CommandError(f"--rounds must be at least 1 (got {rounds}).")
        self.stdout.write(json.dumps(simulate_swiss(teams=teams, rounds=rounds, seed=seed)))
