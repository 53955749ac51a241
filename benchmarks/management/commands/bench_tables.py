"""Time multiplayer pod pairing (issue 50): `python manage.py bench_tables --players 256 1024 --rounds 7`.

Simulates Swiss events of pods of four scored 5/1/0 as TopDeck does (a win 5, each player of a draw 1, a loss 0;
`--draws` of the pods draw, the others have a random winner, all from `--seed`). Each round is paired from the same
standings and history by today's engine (`multiplayer.engine.pair_tables`) and by the issue-43 search it replaced
(`_pair_tables_legacy`); the event goes on with today's pods. Per size it prints the median and the slowest seconds a
round and the repeat meetings (`repeat_pairs`) of each. The old search grows with pods squared: past
`--legacy-full-up-to` players it pairs only the last `--legacy-rounds` rounds (where repeats are likeliest), and the
new engine's repeats are given over the same rounds too. The last line is one JSON object of the figures. No
database is touched.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from django.core.management.base import BaseCommand, CommandError

from multiplayer.engine import SCORING_PRESETS, _pair_tables_legacy, opponents_met, pair_tables, repeat_pairs

SCORING = SCORING_PRESETS["competitive"]


def _timed(pair, players, points, history, seed):
    started = time.perf_counter()
    pairing = pair(players, points=points, history=history, seed=seed)
    return pairing, time.perf_counter() - started


def simulate(players: int, rounds: int, *, seed: int, draws: float, legacy_rounds: int) -> dict:
    """One simulated event of `players`: per engine, seconds a round and repeat meetings (old: last `legacy_rounds`)."""
    rng = random.Random(seed)
    everyone = list(range(players))
    points: dict[int, int] = {}
    history: list[list[int]] = []
    new_seconds, old_seconds = [], []
    new_repeats = new_repeats_compared = old_repeats = 0
    for round_ in range(rounds):
        met = opponents_met(history)
        pairing, seconds = _timed(pair_tables, everyone, points, history, seed * 1000 + round_)
        repeats = repeat_pairs(pairing.tables, met)
        new_seconds.append(seconds)
        new_repeats += repeats
        if round_ >= rounds - legacy_rounds:
            old, seconds = _timed(_pair_tables_legacy, everyone, points, history, seed * 1000 + round_)
            old_seconds.append(seconds)
            old_repeats += repeat_pairs(old.tables, met)
            new_repeats_compared += repeats
        for table in pairing.tables:
            if rng.random() < draws:
                for player in table:
                    points[player] = points.get(player, 0) + SCORING.draw
            else:
                winner = rng.choice(table)
                points[winner] = points.get(winner, 0) + SCORING.win
        history += pairing.tables
    return {
        "players": players,
        "rounds": rounds,
        "new_median_s": round(statistics.median(new_seconds), 3),
        "new_max_s": round(max(new_seconds), 3),
        "new_repeats": new_repeats,
        "legacy_rounds": len(old_seconds),
        "legacy_median_s": round(statistics.median(old_seconds), 3) if old_seconds else None,
        "legacy_max_s": round(max(old_seconds), 3) if old_seconds else None,
        "legacy_repeats": old_repeats,
        "new_repeats_same_rounds": new_repeats_compared,
    }


class Command(BaseCommand):
    help = "Time multiplayer pod pairing, new and old, over simulated Swiss events; the last line is JSON."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, nargs="+", default=[256, 1024])
        parser.add_argument("--rounds", type=int, default=7)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--draws", type=float, default=0.1, help="The share of pods that draw (0 to 1).")
        parser.add_argument(
            "--legacy-full-up-to",
            type=int,
            default=256,
            help="Pair every round with the old search up to this many players.",
        )
        parser.add_argument(
            "--legacy-rounds", type=int, default=1, help="Past that, the old search pairs only the last N rounds."
        )

    def handle(self, *args, players, rounds, seed, draws, legacy_full_up_to, legacy_rounds, **options):
        if rounds < 1 or legacy_rounds < 0 or not 0 <= draws <= 1 or any(n < 3 for n in players):
            raise CommandError("--rounds must be 1 or more, --legacy-rounds 0 or more, --draws 0 to 1, players 3+")
        write = self.stdout.write
        figures = []
        for count in players:
            compared = rounds if count <= legacy_full_up_to else min(rounds, legacy_rounds)
            result = simulate(count, rounds, seed=seed, draws=draws, legacy_rounds=compared)
            figures.append(result)
            write(
                f"{count} players, {rounds} rounds: new median {result['new_median_s']} s, "
                f"max {result['new_max_s']} s, {result['new_repeats']} repeat meetings"
            )
            if compared == rounds:
                write(
                    f"  old (every round): median {result['legacy_median_s']} s, max {result['legacy_max_s']} s, "
                    f"{result['legacy_repeats']} repeat meetings"
                )
            elif compared:
                last = "the last round" if compared == 1 else f"the last {compared} rounds"
                write(
                    f"  old ({last} only, same standings and history): median "
                    f"{result['legacy_median_s']} s, max {result['legacy_max_s']} s, {result['legacy_repeats']} "
                    f"repeat meetings (new over those rounds: {result['new_repeats_same_rounds']})"
                )
        write(json.dumps({"seed": seed, "draws": draws, "sizes": figures}, sort_keys=True))
