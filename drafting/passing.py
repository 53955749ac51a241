"""The pure rules every draft in which packs pass around a pod shares (the Two-Headed Giant draft, thg.py, and the
individual booster draft, booster.py): no ORM in here. A format is a `PassingDraft` with its numbers (pack rounds,
cards a pick, its pick-time table) plus its own seating rules.

Hydra runs such a pod as a called draft: every seat of the pod picks from the pack in front of it under one clock
(a "pick step"), then every pack moves on at once. Seats are numbered 0..n-1 clockwise; "left" is the next seat.
At step `s` of round `r` the pack opened by seat `o` lies in front of seat `o + s * direction(r)` (mod n): packs
pass left in rounds 0, 2, 4 and right in rounds 1, 3, 5.

A pack of no more cards than a pick takes leaves no choice: its cards go to the seat holding it at once. A seat out
of time gets the oldest cards of its pack (the ones laid out first, by position: the ones longest in the pack).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

# The shortest default pick time (issue 45): a passed pack arrives with the pick, and a phone on a store's mobile
# data needs this long to be told (the live push, or a poll), to load the pack's cards and to show them before a
# player can choose. The formats' default tables are raised to it; a table an organizer sets is taken as it is.
PHONE_PICK_FLOOR_SECONDS = 10

LEFT, RIGHT = 1, -1


class PickInvalid(ValueError):
    """A pick the rules don't allow; the message says why."""


@dataclass(frozen=True)
class Position:
    """Where a pod's draft stands: the pack round and the pick step (both 0-based), or finished."""

    pack_round: int
    step: int
    finished: bool = False


def seat_in_pods(drafters: Sequence[T], *, rng: random.Random, sizes: Sequence[int]) -> list[list[T]]:
    """The drafters (teams or players) in random pods of `sizes`, each pod in its clockwise seat order."""
    order = list(drafters)
    rng.shuffle(order)
    pods, start = [], 0
    for size in sizes:
        pods.append(order[start : start + size])
        start += size
    return pods


def pool_visible(*, finished: bool, round_over: bool, review_between_picks: bool) -> bool:
    """A drafter sees their own pool after the draft, and at the end of each pack round (before the next is
    opened); between picks only where the event's REL allows it (never at Competitive, MTR 7.7)."""
    return finished or round_over or review_between_picks


@dataclass(frozen=True)
class PassingDraft:
    """One format's numbers: `pack_rounds` boosters a seat, `cards_per_pick` cards taken from each pack that reaches
    a seat, and `default_pick_seconds`, the time of a pick by the cards in the pack (an event may replace it)."""

    code: str
    pack_rounds: int
    cards_per_pick: int
    default_pick_seconds: Mapping[int, int]

    @staticmethod
    def direction(pack_round: int) -> int:
        """LEFT in rounds 0, 2, 4 and RIGHT in rounds 1, 3, 5 (0-based)."""
        return LEFT if pack_round % 2 == 0 else RIGHT

    def holder(self, *, pod_size: int, pack_round: int, step: int, opener: int) -> int:
        """The seat in front of which the pack opened by seat `opener` lies at `step` of `pack_round`."""
        return (opener + step * self.direction(pack_round)) % pod_size

    def pack_in_front_of(self, *, pod_size: int, pack_round: int, step: int, seat: int) -> int:
        """The opener of the pack in front of `seat` at `step` of `pack_round` (the inverse of holder)."""
        return (seat - step * self.direction(pack_round)) % pod_size

    def passes_to(self, *, pod_size: int, pack_round: int, seat: int) -> int:
        """The seat `seat` passes its pack to in `pack_round`."""
        return (seat + self.direction(pack_round)) % pod_size

    def cards_to_take(self, cards_left: int) -> int:
        """How many cards a seat takes from a pack of `cards_left`: a pick's worth, or what is left."""
        return min(self.cards_per_pick, max(0, cards_left))

    def needs_choice(self, cards_left: int) -> bool:
        """A pack of more cards than a pick takes asks for a choice; a smaller one goes to its holder at once."""
        return cards_left > self.cards_per_pick

    def steps_in_round(self, pack_sizes: Sequence[int]) -> int:
        """Pick steps until every pack of the round is empty."""
        return max((math.ceil(size / self.cards_per_pick) for size in pack_sizes), default=0)

    def cards_left(self, pack_size: int, step: int) -> int:
        """Cards in a pack of `pack_size` when it reaches its holder at `step` (0-based)."""
        return max(0, pack_size - self.cards_per_pick * step)

    def pick_seconds(self, cards: int, table: Mapping[int, int] | None = None) -> int | None:
        """Seconds for a pick from a pack of `cards` by `table` (the format's default when None or empty).

        A size the table doesn't list takes the entry of the nearest size below it (or the smallest entry). None:
        the table gives no limit (an entry of 0). The default table is never shorter than PHONE_PICK_FLOOR_SECONDS."""
        floor = 0 if table else PHONE_PICK_FLOOR_SECONDS
        table = {int(k): int(v) for k, v in (table or self.default_pick_seconds).items()}
        if not table:
            return None
        below = [k for k in table if k <= cards]
        seconds = table[max(below)] if below else table[min(table)]
        return max(seconds, floor) if seconds else None

    def step_seconds(self, pack_sizes: Sequence[int], step: int, table: Mapping[int, int] | None = None) -> int | None:
        """The clock of a pick step: the time of the fullest pack any seat chooses from (None: no limit, or no seat
        has a choice to make)."""
        choosing = [
            self.cards_left(size, step) for size in pack_sizes if self.needs_choice(self.cards_left(size, step))
        ]
        if not choosing:
            return None
        return self.pick_seconds(max(choosing), table)

    def oldest(self, positions: Sequence[int]) -> list[int]:
        """The timeout pick: the cards longest in the pack, i.e. the lowest layout positions still there."""
        return sorted(positions)[: self.cards_per_pick]

    def check_count(self, chosen: Sequence[int], *, cards_left: int) -> None:
        """Raise PickInvalid unless `chosen` holds as many different cards as a seat takes from a pack of
        `cards_left`: a pick's worth, or all of a smaller pack. (Which cards are in the pack is check_pick's, or the
        database's, to say.)"""
        want = self.cards_to_take(cards_left)
        if len(chosen) != want or len(set(chosen)) != len(chosen):
            raise PickInvalid(f"Take exactly {want} different cards.")

    def check_pick(self, *, chosen: Sequence[int], pack: Sequence[int]) -> None:
        """Raise PickInvalid unless `chosen` is exactly the cards a seat must take from `pack` (ids of the cards still
        in it): a pick's worth of different cards of the pack, or all of a smaller pack."""
        self.check_count(chosen, cards_left=len(pack))
        if not set(chosen) <= set(pack):
            raise PickInvalid("That card isn't in the pack in front of the team.")

    def next_position(
        self, *, pack_round: int, step: int, pack_sizes: Sequence[int], rounds: int | None = None
    ) -> Position:
        """The position after `step` of `pack_round` when the round's packs have `pack_sizes` cards: the next step,
        the first step of the next round once every pack is empty, or finished after the last round."""
        rounds = self.pack_rounds if rounds is None else rounds
        if step + 1 < self.steps_in_round(pack_sizes):
            return Position(pack_round, step + 1)
        if pack_round + 1 < rounds:
            return Position(pack_round + 1, 0)
        return Position(rounds, 0, finished=True)
