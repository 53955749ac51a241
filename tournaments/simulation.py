"""A whole Swiss event with random results, run through the pairing engine: a benchmark and a soak test.

Pure: no database, no Django. Standings here are deliberately simple (match points, then a seeded random order
among equal points); the real tiebreakers live in tournaments/standings.py and do not change how the pairing
engine is exercised, because pairing only looks at points, rank order and history.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterable

from tournaments.pairing import (
    ConstrainedPairing,
    PairingConstraints,
    PairingEntrant,
    RoundPairing,
    pair_round,
    pair_round_constrained,
)

WIN_POINTS = 3  # RULES.md 3: win 3, draw 1, loss 0; a bye is a match win
DRAW_POINTS = 1
BYE_POINTS = WIN_POINTS
FIRST_WINS = 0.45
SECOND_WINS = 0.45  # the remaining 10 % are draws


def pairing_quality(points: dict[int, int], pairs: Iterable[tuple[int, int]]) -> tuple[int, int, int]:
    """(sum of squared point gaps, its lower bound, matches that skip a score group) of one round's pairs.

    The score groups are the distinct point totals of the paired teams (the bye team is not paired). The lower
    bound: going down the groups, every boundary with an odd number of teams above it must be crossed by at
    least one pair, which costs at least the square of the gap across that boundary; no pairing does better
    (so a pairing at the bound pairs down only where parity forces it, and only to the next group). A match
    skips a score group when some paired team's total lies strictly between its two teams' totals.
    """
    pairs = list(pairs)
    paired = [points[team] for pair in pairs for team in pair]
    if not paired:
        return 0, 0, 0
    counts: dict[int, int] = {}
    for value in paired:
        counts[value] = counts.get(value, 0) + 1
    levels = sorted(counts, reverse=True)
    level_index = {value: i for i, value in enumerate(levels)}
    bound = above = 0
    for upper, lower in zip(levels, levels[1:]):
        above += counts[upper]
        if above % 2:
            bound += (upper - lower) ** 2
    squared = skips = 0
    for a, b in pairs:
        gap = points[a] - points[b]
        squared += gap * gap
        if abs(level_index[points[a]] - level_index[points[b]]) > 1:
            skips += 1
    return squared, bound, skips


def event_constraints(*, teams: int, seed: int) -> PairingConstraints:
    """The constraints of a big real event, scaled to `teams` (ids 1..teams): one team in 25 with 1 to 3 byes
    earned in advance, one in 50 in a pair to avoid, two fixed tables (the first and the last team of a random
    sample). Reproducible from the seed; drawn from a generator of its own, so the event's results don't move."""
    rng = random.Random(seed ^ 0x42)
    ids = list(range(1, teams + 1))
    sample = rng.sample(ids, min(teams, max(4, teams // 25) + 2 * max(1, teams // 100) + 2))
    holders, rest = sample[: max(1, teams // 25)], sample[max(1, teams // 25) :]
    pairs = [frozenset(rest[k : k + 2]) for k in range(0, 2 * max(1, teams // 100), 2) if len(rest[k : k + 2]) == 2]
    fixed = rest[2 * max(1, teams // 100) :][:2]
    return PairingConstraints(
        advance_byes={team: 1 + k % 3 for k, team in enumerate(holders)},
        avoid=frozenset(pairs),
        fixed_tables={team: 1 + k * max(1, teams // 4) for k, team in enumerate(fixed)},
    )


def simulate_swiss(*, teams: int, rounds: int, seed: int, drop_rate: float = 0.0, constraints: bool = False) -> dict:
    """Run a Swiss event of `teams` teams over `rounds` rounds with random results; return its figures.

    Each match: 45 % the first team wins, 45 % the other, 10 % draw. After each round every team still in
    drops with probability `drop_rate` (at least two teams always stay), which makes the late, uneven fields
    of real events. The engine is told how many rounds are left, so small events look ahead.

    Returns, in this key order: teams, rounds; pair_ms_total (milliseconds spent inside pair_round, rounded to
    0.1), pair_ms_max_round (the slowest round) and pair_cpu_ms_total (the CPU time of this process inside
    pair_round: on a shared machine the gap to pair_ms_total is other work's); rematches, pair_downs (matches between teams with different
    points) and byes, summed over all rounds; max_point_gap over all matches; double_byes, the number of byes
    given to a team that already had one while another team had none (the rule says this must be 0);
    squared_gaps, the sum over all matches of the squared point gap, squared_gaps_lower_bound, the sum of each
    round's lower bound (see pairing_quality), and group_skips, matches that skip a score group; dropped, the
    teams that dropped. The same arguments give the same result, except the three timings, which are wall-clock
    measurements and vary from run to run. With `constraints`, the event carries event_constraints() (advance
    byes, pairs to avoid, fixed tables) and pairs through pair_round_constrained; two more keys follow:
    advance_byes (byes earned in advance, given) and avoided (avoided pairs that met). Raises ValueError for
    teams < 2, rounds < 1 or a drop_rate outside [0, 1).
    """
    if teams < 2:
        raise ValueError("a Swiss event needs at least 2 teams")
    if rounds < 1:
        raise ValueError("a Swiss event needs at least 1 round")
    if not 0 <= drop_rate < 1:
        raise ValueError("drop_rate is a probability from 0 up to (not including) 1")

    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    points = dict.fromkeys(ids, 0)
    byes = dict.fromkeys(ids, 0)
    opponents: dict[int, set[int]] = {i: set() for i in ids}
    active = list(ids)

    rules = event_constraints(teams=teams, seed=seed) if constraints else None
    # The avoided partners are folded into the opponents while the entrants are built, as the pairing service does.
    avoid_of: dict[int, set[int]] = {}
    for pair in rules.avoid if rules is not None else ():
        a, b = tuple(pair)
        avoid_of.setdefault(a, set()).add(b)
        avoid_of.setdefault(b, set()).add(a)
    advance_given = avoided = 0
    pair_seconds = worst = pair_cpu = 0.0
    rematches = pair_downs = max_gap = bye_count = double_byes = 0
    squared = bound = skips = 0
    for round_number in range(1, rounds + 1):
        # Standings between rounds: points first, then a fresh seeded random order among equal points.
        tie = {i: rng.random() for i in active}
        standings = sorted(active, key=lambda i: (-points[i], tie[i]))
        entrants = [
            PairingEntrant(
                id=i,
                points=points[i],
                rank=rank,
                byes=byes[i],
                opponents=frozenset(opponents[i] | avoid_of[i] if i in avoid_of else opponents[i]),
            )
            for rank, i in enumerate(standings)
        ]
        round_seed = rng.getrandbits(64)

        # The event's own objects are long-lived: freezing them keeps the collector from walking them again
        # and again while the engine allocates (what a server process does after start-up, too).
        gc.freeze()
        started, cpu_started = time.perf_counter(), time.process_time()
        pairing: RoundPairing | ConstrainedPairing
        if rules is None:
            pairing = pair_round(entrants, seed=round_seed, rounds_left=rounds - round_number)
        else:
            pairing = pair_round_constrained(
                entrants,
                seed=round_seed,
                rounds_left=rounds - round_number,
                round_number=round_number,
                constraints=rules,
                avoid_merged=True,
            )
        elapsed = time.perf_counter() - started
        pair_cpu += time.process_time() - cpu_started
        gc.unfreeze()
        pair_seconds += elapsed
        worst = max(worst, elapsed)

        if isinstance(pairing, ConstrainedPairing):  # when rules is not None
            avoided += len(pairing.avoided)
            for team in pairing.advance_byes:
                advance_given += 1
                byes[team] += 1
                points[team] += BYE_POINTS
        rematches += pairing.rematches
        pair_downs += pairing.pair_downs
        max_gap = max(max_gap, pairing.max_point_gap)
        round_squared, round_bound, round_skips = pairing_quality(points, pairing.pairs)
        squared += round_squared
        bound += round_bound
        skips += round_skips
        if pairing.bye is not None:
            bye_count += 1
            if byes[pairing.bye] > 0 and any(byes[i] == 0 for i in active if i != pairing.bye):
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
        if drop_rate:
            staying = [i for i in active if rng.random() >= drop_rate]
            active = staying if len(staying) >= 2 else active[:2]

    figures = {
        "teams": teams,
        "rounds": rounds,
        "pair_ms_total": round(pair_seconds * 1000, 1),
        "pair_ms_max_round": round(worst * 1000, 1),
        "pair_cpu_ms_total": round(pair_cpu * 1000, 1),
        "rematches": rematches,
        "pair_downs": pair_downs,
        "max_point_gap": max_gap,
        "byes": bye_count,
        "double_byes": double_byes,
        "squared_gaps": squared,
        "squared_gaps_lower_bound": bound,
        "group_skips": skips,
        "dropped": teams - len(active),
    }
    if rules is not None:
        figures.update(advance_byes=advance_given, avoided=avoided)
    return figures
