"""Time a full ratings rebuild: `python manage.py bench_ratings --players 10000 --matches 200000`.

Generates a history of `--matches` team matches between teams of three drawn from `--players` players (events
of 32 teams formed from the players who come, five rounds of random pairings, about 5 % draws) and times the rebuild of one category from it:

- `engine_ms`: the pure Elo replay (every rating and every history entry);
- `rows_ms`: turning the result into the row tuples the service writes (services._insert);
- `ms`: the two together, the part of a rebuild that grows with the history;
- with `--database`, `db_ms`: the whole service, `category_recalculate`, on a database that holds the same
  history as real events, teams, seats and results (loading, replaying, replacing the rows), inside a transaction
  that is rolled back afterwards. Building that history takes a while and is not timed.

The last line is one JSON object of the figures.
"""

from __future__ import annotations

import json
import random
import time

from django.core.management.base import BaseCommand, CommandError

from benchmarks.ratings_database import time_database_rebuild
from ratings.elo import RatedMatch, replay

TEAMS_PER_EVENT = 32


def generated_history(*, players: int, matches: int, team_size: int = 3, seed: int = 1) -> list[RatedMatch]:
    """A made-up category history: the same arguments give the same matches, grouped by event, in order."""
    rng = random.Random(seed)
    ids = list(range(1, players + 1))
    per_event = min(TEAMS_PER_EVENT, players // team_size) // 2 * 2
    history: list[RatedMatch] = []
    event = 0
    while len(history) < matches:
        event += 1
        k = 16 if event % 2 else 32
        # Teams form anew for each event from the players who come: every player ends up playing.
        present = rng.sample(ids, per_event * team_size)
        entrants = [tuple(present[i : i + team_size]) for i in range(0, len(present), team_size)]
        for _round in range(5):
            rng.shuffle(entrants)
            for a, b in zip(entrants[::2], entrants[1::2]):
                if len(history) == matches:
                    break
                outcome = rng.choices("ABD", weights=(475, 475, 50))[0]
                history.append(RatedMatch(event=event, team_a=a, team_b=b, outcome=outcome, k=k))
    return history


class Command(BaseCommand):
    help = "Time a full ratings rebuild of a generated history and print its figures (last line JSON)."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=10_000)
        parser.add_argument("--matches", type=int, default=200_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--database",
            action="store_true",
            help="Also time the whole service on the database (rolled back afterwards).",
        )

    def handle(self, *args, players, matches, seed, database, **options):
        if players < 6 or matches < 1:
            raise CommandError("--players must be 6 or more (two teams of three) and --matches 1 or more")
        history = generated_history(players=players, matches=matches, seed=seed)
        started, cpu = time.perf_counter(), time.process_time()
        result = replay(history)
        engine_ms = (time.perf_counter() - started) * 1000
        engine_cpu_ms = (time.process_time() - cpu) * 1000
        rows_started = time.perf_counter()
        rows = _rows(result)
        rows_ms = (time.perf_counter() - rows_started) * 1000
        figures = {
            "players": len(result.players),
            "matches": result.matches,
            "events": history[-1].event,
            "history_rows": len(result.history),
            "engine_ms": round(engine_ms, 1),
            "rows_ms": round(rows_ms, 1),
            "ms": round(engine_ms + rows_ms, 1),
            "engine_cpu_ms": round(engine_cpu_ms, 1),
        }
        del rows
        if database:
            self.stdout.write("Building the history in the database (not timed) ...")
            figures.update(time_database_rebuild(history=history, team_size=3))
        self.stdout.write(json.dumps(figures))


def _rows(result) -> list:
    """The row tuples category_recalculate hands to the database, built the same way (services._insert)."""
    ratings = [
        (p, "constructed-3", r.rating, r.peak, r.matches, r.wins, r.losses, r.draws, None, None, None, None)
        for p, r in result.players.items()
    ]
    history = [
        (e.player, "constructed-3", e.event, None, e.before, e.after, e.matches, e.wins, e.losses, e.draws, 1)
        for e in result.history
    ]
    return ratings + history
