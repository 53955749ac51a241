"""The Two-Headed Giant booster draft (RULES.md 7, MTR 9.7) as pure rules over plain data: no ORM in here.

Teams, not players, draft. They sit in pods of three or four teams (five only when the organizer confirms it);
each team opens six boosters one at a time, so the draft has six pack rounds passing left, right, left, right,
left, right. From every pack that reaches it a team takes two cards for its one pool.

Hydra runs the pod as a called draft: every team of the pod picks from the pack in front of it under one clock (a
"pick step"), then every pack moves on at once. Seats are numbered 0..n-1 clockwise; "left" is the next seat.
At step `s` of round `r` the pack opened by seat `o` lies in front of seat `o + s * direction(r)` (mod n).

A pack of one or two cards leaves no choice: its cards go to the team holding it at once. A team out of time gets
the two oldest cards of its pack (the ones laid out first, by position: the ones longest in the pack).
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

PACK_ROUNDS = 6
CARDS_PER_PICK = 2
MIN_POD = 3
MAX_POD = 4
CONFIRMED_POD = 5  # one pod of five teams, only when the organizer confirms it (MTR 9.7: roughly equal pods)
LEFT, RIGHT = 1, -1

# Seconds for one two-card pick by the cards in the pack when it reaches the team. MTR Appendix B times a
# booster draft pick by the cards left (40 s at 15 cards down to 5 s); a 2HG pick takes two cards, so it gets the
# time of both picks it replaces (the pack's size and the next size down) and, like the MTR table, shrinks as the
# pack empties. Every event may replace it (DraftSettings.thg_pick_seconds).
INDIVIDUAL_PICK_SECONDS = {15: 40, 14: 40, 13: 35, 12: 30, 11: 25, 10: 25, 9: 20, 8: 20, 7: 15, 6: 10, 5: 10, 4: 5, 3: 5,
                           2: 5, 1: 0}
DEFAULT_PICK_SECONDS: dict[int, int] = {
    cards: INDIVIDUAL_PICK_SECONDS[cards] + INDIVIDUAL_PICK_SECONDS[cards - 1] for cards in range(3, 16)
}

T = TypeVar("T")


class PodsRefused(ValueError):
    """The teams can't be seated in pods as the rules ask; the message says why."""


class PickInvalid(ValueError):
    """A two-card pick the rules don't allow; the message says why."""


def pod_sizes(team_count: int, *, allow_five: bool = False) -> list[int]:
    """The sizes of the pods for `team_count` teams: as equal as possible, three or four teams each.

    Five teams make one pod of five only with `allow_five` (the organizer's confirmation). Raises PodsRefused for
    fewer than three teams, or five without the confirmation."""
    if team_count < MIN_POD:
        raise PodsRefused(f"A Two-Headed Giant draft needs at least {MIN_POD} teams; {team_count} registered.")
    if team_count == CONFIRMED_POD:
        if not allow_five:
            raise PodsRefused("Five teams make one pod of five, which the organizer must confirm.")
        return [CONFIRMED_POD]
    pods = math.ceil(team_count / MAX_POD)
    base, extra = divmod(team_count, pods)
    return [base + 1] * extra + [base] * (pods - extra)


def seat_pods(teams: Sequence[T], *, rng: random.Random, allow_five: bool = False) -> list[list[T]]:
    """The teams in random pods (pod_sizes), each pod in its clockwise seat order."""
    order = list(teams)
    rng.shuffle(order)
    pods, start = [], 0
    for size in pod_sizes(len(order), allow_five=allow_five):
        pods.append(order[start:start + size])
        start += size
    return pods


def direction(pack_round: int) -> int:
    """LEFT in rounds 0, 2, 4 and RIGHT in rounds 1, 3, 5 (0-based)."""
    return LEFT if pack_round % 2 == 0 else RIGHT


def holder(*, pod_size: int, pack_round: int, step: int, opener: int) -> int:
    """The seat in front of which the pack opened by seat `opener` lies at `step` of `pack_round`."""
    return (opener + step * direction(pack_round)) % pod_size


def pack_in_front_of(*, pod_size: int, pack_round: int, step: int, seat: int) -> int:
    """The opener of the pack in front of `seat` at `step` of `pack_round` (the inverse of holder)."""
    return (seat - step * direction(pack_round)) % pod_size


def passes_to(*, pod_size: int, pack_round: int, seat: int) -> int:
    """The seat `seat` passes its pack to in `pack_round`."""
    return (seat + direction(pack_round)) % pod_size


def cards_to_take(cards_left: int) -> int:
    """How many cards a team takes from a pack of `cards_left`: two, or the last one."""
    return min(CARDS_PER_PICK, max(0, cards_left))


def needs_choice(cards_left: int) -> bool:
    """A pack of three or more cards asks the team to choose; one or two cards go to it at once."""
    return cards_left > CARDS_PER_PICK


def steps_in_round(pack_sizes: Sequence[int]) -> int:
    """Pick steps until every pack of the round is empty."""
    return max((math.ceil(size / CARDS_PER_PICK) for size in pack_sizes), default=0)


def cards_left(pack_size: int, step: int) -> int:
    """Cards in a pack of `pack_size` when it reaches its holder at `step` (0-based)."""
    return max(0, pack_size - CARDS_PER_PICK * step)


def pick_seconds(cards: int, table: Mapping[int, int] | None = None) -> int | None:
    """Seconds for a two-card pick from a pack of `cards` by `table` (DEFAULT_PICK_SECONDS when None or empty).

    A size the table doesn't list takes the entry of the nearest size below it (or the smallest entry). None: the
    table gives no limit (an entry of 0)."""
    table = {int(k): int(v) for k, v in (table or DEFAULT_PICK_SECONDS).items()}
    if not table:
        return None
    below = [k for k in table if k <= cards]
    seconds = table[max(below)] if below else table[min(table)]
    return seconds or None


def step_seconds(pack_sizes: Sequence[int], step: int, table: Mapping[int, int] | None = None) -> int | None:
    """The clock of a pick step: the time of the fullest pack any team chooses from (None: no limit, or no team
    has a choice to make)."""
    choosing = [cards_left(size, step) for size in pack_sizes if needs_choice(cards_left(size, step))]
    if not choosing:
        return None
    return pick_seconds(max(choosing), table)


def oldest_two(positions: Sequence[int]) -> list[int]:
    """The timeout pick: the two cards longest in the pack, i.e. the two lowest layout positions still there."""
    return sorted(positions)[:CARDS_PER_PICK]


def check_pick(*, chosen: Sequence[int], pack: Sequence[int]) -> None:
    """Raise PickInvalid unless `chosen` is exactly the cards a team must take from `pack` (ids of the cards still
    in it): two different cards of the pack, or all of a pack of one or two."""
    want = cards_to_take(len(pack))
    if len(chosen) != want or len(set(chosen)) != len(chosen):
        raise PickInvalid(f"Take exactly {want} different cards.")
    if not set(chosen) <= set(pack):
        raise PickInvalid("That card isn't in the pack in front of the team.")


@dataclass(frozen=True)
class Position:
    """Where a pod's draft stands: the pack round and the pick step (both 0-based), or finished."""

    pack_round: int
    step: int
    finished: bool = False


def next_position(*, pack_round: int, step: int, pack_sizes: Sequence[int], rounds: int = PACK_ROUNDS) -> Position:
    """The position after `step` of `pack_round` when the round's packs have `pack_sizes` cards: the next step,
    the first step of the next round once every pack is empty, or finished after the last round."""
    if step + 1 < steps_in_round(pack_sizes):
        return Position(pack_round, step + 1)
    if pack_round + 1 < rounds:
        return Position(pack_round + 1, 0)
    return Position(rounds, 0, finished=True)


def pool_visible(*, finished: bool, round_over: bool, review_between_picks: bool) -> bool:
    """A team sees its own pool after the draft, and at the end of each pack round (before the next is opened);
    between picks only where the event's REL allows it (never at Competitive, MTR 7.7)."""
    return finished or round_over or review_between_picks
