"""Phases of a big event (issue 42) as pure rules over plain data: which phase a Swiss round belongs to, how a
phase's draft pods are seated by the standings (pod 1 the top of the standings, and so on, MTR 7.6), and round 1 of
a phase pairing across each pod by seat (RULES.md 10).

An event is one or more phases, each a run of Swiss rounds with its own format and pairing scope; the rounds are
numbered through the whole event (phase 2 of 3 + 3 rounds plays rounds 4 to 6), so standings, byes, rematches and
the top cut see one Swiss. A Day 2 cut may sit between two phases: it changes who is active, not how rounds are
numbered, so a phase seated after it seats only the players still in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

FIELD, PODS = "field", "pods"
MIN_POD = 2


class PlanRefused(ValueError):
    """A phase plan or a pod seating that can't be as asked; the message says why."""


@dataclass(frozen=True)
class PhaseSpan:
    """One phase as pairing needs it: its number (from 1), how many Swiss rounds it plays and its first round."""

    number: int
    rounds: int
    first_round: int

    @property
    def last_round(self) -> int:
        return self.first_round + self.rounds - 1


def phase_spans(rounds: Sequence[int]) -> list[PhaseSpan]:
    """The phases of a plan whose phases play `rounds[0]`, `rounds[1]` ... Swiss rounds, each with its first round
    (phase 1 starts at round 1, each next phase right after the last). Raises PlanRefused for a phase of fewer than
    one round."""
    spans, first = [], 1
    for number, count in enumerate(rounds, start=1):
        if count < 1:
            raise PlanRefused(f"Phase {number} has {count} rounds; a phase plays at least one round.")
        spans.append(PhaseSpan(number=number, rounds=count, first_round=first))
        first += count
    return spans


def phase_of_round(spans: Sequence[PhaseSpan], round_number: int) -> PhaseSpan | None:
    """The phase that plays Swiss round `round_number`, or None when no phase does (a plan without phases, a round
    past the plan's last)."""
    for span in spans:
        if span.first_round <= round_number <= span.last_round:
            return span
    return None


def pod_sizes(count: int, *, pod_size: int) -> list[int]:
    """The sizes of the pods for `count` entrants in pods of up to `pod_size`: as few pods as hold everyone, as
    equal as possible, the larger ones first (pod 1 the largest: 20 players in pods of 8 sit 7, 7, 6). Raises
    PlanRefused for fewer than two entrants or a pod size under two."""
    if pod_size < MIN_POD:
        raise PlanRefused(f"A pod seats at least {MIN_POD}.")
    if count < MIN_POD:
        raise PlanRefused(f"At least {MIN_POD} entrants are needed to seat pods; {count} are active.")
    pods = math.ceil(count / pod_size)
    base, extra = divmod(count, pods)
    return [base + 1] * extra + [base] * (pods - extra)


def seat_pods_by_standings(ranked: Sequence[T], *, pod_size: int, rng: random.Random) -> list[list[T]]:
    """The entrants in pods by standings (`ranked` is best first): pod 1 holds the top of the standings, pod 2 the
    next, and so on (MTR 7.6: pods by standings for later drafts); within a pod the seats are drawn at random, so
    the best player is not always seat 1. Each pod is in its clockwise seat order."""
    pods, start = [], 0
    for size in pod_sizes(len(ranked), pod_size=pod_size):
        pod = list(ranked[start : start + size])
        rng.shuffle(pod)
        pods.append(pod)
        start += size
    return pods


def pair_across_pods(
    pods: Sequence[Sequence[T]], avoid: Collection[frozenset] = frozenset()
) -> tuple[list[tuple[T, T]], T | None]:
    """Round 1 across each pod by seat (RULES.md 10; Wizards' Companion since 2019): seat n plays seat n + 4 in a pod
    of eight, seat n + k in a pod of 2k. An odd pod's last seat has no opposite; those players play each other in
    pod order, and the one left over, if any, gets the bye. Returns (pairs, bye).

    `avoid`: pairings to avoid (family, one household: issue 42). The seats are where the players drafted, so they
    stay; a pair to avoid sitting across plays instead the opponent of another pair of the same pod (nearest first,
    its seat's opposite swapped) when neither new pair is to be avoided. A pair nothing can untangle stays (the
    pairing reports it as any avoided pair made)."""
    pairs: list[tuple[T, T]] = []
    leftover: list[T] = []
    for seats in pods:
        half = len(seats) // 2
        pairs += _untangled([(seats[n], seats[n + half]) for n in range(half)], avoid)
        if len(seats) % 2:
            leftover.append(seats[-1])
    pairs += _untangled([(leftover[k], leftover[k + 1]) for k in range(0, len(leftover) - 1, 2)], avoid)
    return pairs, leftover[-1] if len(leftover) % 2 else None


def _untangled(pairs: list[tuple[T, T]], avoid: Collection[frozenset]) -> list[tuple[T, T]]:
    """`pairs` (one pod's) with each pair to avoid swapped with the nearest other pair that untangles it."""
    out = [list(pair) for pair in pairs]
    for i in range(len(out)):
        if frozenset(out[i]) not in avoid:
            continue
        for j in sorted((j for j in range(len(out)) if j != i), key=lambda j: (abs(j - i), j)):
            (a, b), (c, d) = out[i], out[j]
            if frozenset((a, d)) not in avoid and frozenset((c, b)) not in avoid:
                out[i][1], out[j][1] = d, b
                break
            if frozenset((a, c)) not in avoid and frozenset((b, d)) not in avoid:
                out[i][1], out[j][0] = c, b
                break
    return [(a, b) for a, b in out]
