"""Log loss of the DCI Elo against OpenSkill on simulated seasons: `python manage.py compare_ratings`.

Prints one line per season, then one JSON object (the last line) with the mean figures over the seasons. No
database is touched. docs/ratings.md quotes its output.
"""

from __future__ import annotations

import json
import time

from django.core.management.base import BaseCommand, CommandError

from ratings.simulation import compare_models, simulate_season


class Command(BaseCommand):
    help = "Compare the Elo and OpenSkill models by log loss on the held-out last 20% of simulated seasons."

    def add_arguments(self, parser):
        parser.add_argument("--seasons", type=int, default=5, help="Simulated seasons, seeds 1 to N (default 5).")
        parser.add_argument("--players", type=int, default=480)
        parser.add_argument("--events", type=int, default=60)
        parser.add_argument("--teams", type=int, default=16, help="Teams per event.")
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument("--held-out", type=float, default=0.2)

    def handle(self, *args, seasons, players, events, teams, rounds, held_out, **options):
        if seasons < 1 or not 0 < held_out < 1:
            raise CommandError("--seasons must be 1 or more and --held-out between 0 and 1")
        started = time.perf_counter()
        rows = []
        for seed in range(1, seasons + 1):
            try:
                season = simulate_season(
                    players=players, events=events, teams_per_event=teams, rounds=rounds, seed=seed
                )
                row = compare_models(season, held_out=held_out)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
            rows.append(row)
            self.stdout.write(
                f"season {seed}: {row['test']} held-out matches, Elo {row['elo_log_loss']:.4f}, "
                f"OpenSkill {row['openskill_log_loss']:.4f}"
            )
        elo = sum(r["elo_log_loss"] for r in rows) / len(rows)
        skill = sum(r["openskill_log_loss"] for r in rows) / len(rows)
        self.stdout.write(
            json.dumps(
                {
                    "seasons": seasons,
                    "players": players,
                    "events": events,
                    "teams_per_event": teams,
                    "rounds": rounds,
                    "matches": rows[0]["matches"],
                    "held_out": held_out,
                    "test_matches": sum(r["test"] for r in rows),
                    "elo_log_loss": round(elo, 4),
                    "openskill_log_loss": round(skill, 4),
                    "coin_log_loss": rows[0]["coin_log_loss"],
                    "openskill_wins_seasons": sum(r["better"] == "openskill" for r in rows),
                    "better": "elo" if elo < skill else "openskill",
                    "ms": round((time.perf_counter() - started) * 1000),
                }
            )
        )
