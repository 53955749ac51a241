"""A whole Swiss event with random results, run through the pairing engine: a benchmark and a soak test.

Pure: no database, no Django. Standings here are deliberately simple (match points, then a seeded random order
among equal points); the real tiebreakers live in tournaments/standings.py and do not change how the pairing
engine is exercised, because pairing only looks at points, rank order and history.
"""
from __future__ import annotations

import random
import time

from tournaments.pairing import PairingEntrant, pair_round

WIN_POINTS = 3  # RULES.md 3: win 3, draw 1, loss 0; a bye is a match win
DRAW_POINTS = 1
BYE_POINTS = WIN_POINTS
FIRST_WINS = 0.45
SECOND_WINS = 0.45  # the remaining 10 % are draws


def simulate_swiss(*, teams: int, rounds: int, seed: int) -> dict:
    """Run a Swiss event of `teams` teams over `rounds` rounds with random match results.

    Each match: 45 % the first team wins, 45 % the other, 10 % draw. Returns, in this key order:
    teams, rounds; pair_ms_total (milliseconds spent inside pair_round, rounded to 0.1); rematches, pair_downs
    (matches between teams with different points) and byes, summed over all rounds; max_point_gap over all
    matches; double_byes, the number of byes given to a team that already had one while another team had
    none (the rule says this must be 0). The same arguments give the same result, except pair_ms_total, which
    is a wall-clock measurement and necessarily varies from run to run.
    Raises ValueError for teams < 2 or rounds < 1.
    """
    if teams < 2:
        raise ValueError("a Swiss event needs at least 2 teams")
    if rounds < 1:
        raise ValueError("a Swiss event needs at least 1 round")

    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    opponents: dict[int, set[int]] = {i: set() for i in ids}

    pair_seconds = 0.0
    rematches = pair_downs = max_gap = bye_count = double_byes = 0
    for _ in range(rounds):
        # Standings between rounds: points first, then a fresh seeded random order among equal points.
        tie = {i: rng.random() for i in ids}
        standings = sorted(ids, key=lambda i: (-points[i], tie[i]))
        entrants = [
            PairingEntrant(id=i, points=points[i], rank=rank, opponents=frozenset(opponents[i]), byes=byes[i])
            for rank, i in enumerate(standings)
        ]
        round_seed = rng.getrandbits(64)

        started = time.perf_counter()
        pairing = pair_round(entrants, seed=round_seed)
        pair_seconds += time.perf_counter() - started

        rematches += pairing.rematches
        pair_downs += pairing.pair_downs
        max_gap = max(max_gap, pairing.max_point_gap)
        if pairing.bye is not None:
            bye_count += 1
            if byes[pairing.bye] > 0 and any(byes[i] == 0 for i in ids if i != pairing.bye):
                double_byes += 1
            byes[pairing.bye] += 1
            points[pairing.bye] += BYE_POINTS
        for first, second in pairing.pairs:
            opponents[first].add(second)
            opponents[second].add(first)
            roll = rng.random()
            if roll < FIRST_WINS:
                points[first] += WIN_POINTS
            elif roll < FIRST_WINS + SECOND_WINS:
                points[second] += WIN_POINTS
            else:
                points[first] += DRAW_POINTS
                points[second] += DRAW_POINTS

    return {
        "teams": teams,
        "rounds": rounds,
        "pair_ms_total": round(pair_seconds * 1000, 1),
        "rematches": rematches,
        "pair_downs": pair_downs,
        "max_point_gap": max_gap,
        "byes": bye_count,
        "double_byes": double_byes,
    }
