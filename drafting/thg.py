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
from collections.abc import Sequence
from typing import TypeVar

from drafting.booster import INDIVIDUAL_PICK_SECONDS
from drafting.passing import LEFT, RIGHT, PassingDraft, PickInvalid, Position, pool_visible, seat_in_pods

__all__ = ["LEFT", "RIGHT", "PickInvalid", "Position", "pool_visible"]

PACK_ROUNDS = 6
CARDS_PER_PICK = 2
MIN_POD = 3
MAX_POD = 4
CONFIRMED_POD = 5  # one pod of five teams, only when the organizer confirms it (MTR 9.7: roughly equal pods)

# Seconds for one two-card pick by the cards in the pack when it reaches the team. MTR Appendix B times a
# booster draft pick by the cards left (40 s at 15 cards down to 5 s); a 2HG pick takes two cards, so it gets the
# time of both picks it replaces (the pack's size and the next size down) and, like the MTR table, shrinks as the
# pack empties. Every event may replace it (DraftSettings.thg_pick_seconds).
DEFAULT_PICK_SECONDS: dict[int, int] = {
    cards: INDIVIDUAL_PICK_SECONDS[cards] + INDIVIDUAL_PICK_SECONDS[cards - 1] for cards in range(3, 16)
}

T = TypeVar("T")


class PodsRefused(ValueError):
    """The teams can't be seated in pods as the rules ask; the message says why."""


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
    return seat_in_pods(teams, rng=rng, sizes=pod_sizes(len(teams), allow_five=allow_five))


# The numbers of the format on the shared rules of a passing draft (drafting.passing): six pack rounds, two cards
# a pick, the pick-time table above. The module's functions are the shared rules bound to them.
RULES = PassingDraft(
    code="2hg", pack_rounds=PACK_ROUNDS, cards_per_pick=CARDS_PER_PICK, default_pick_seconds=DEFAULT_PICK_SECONDS
)
direction = RULES.direction
holder = RULES.holder
pack_in_front_of = RULES.pack_in_front_of
passes_to = RULES.passes_to
cards_to_take = RULES.cards_to_take
needs_choice = RULES.needs_choice
steps_in_round = RULES.steps_in_round
cards_left = RULES.cards_left
pick_seconds = RULES.pick_seconds
step_seconds = RULES.step_seconds
oldest_two = RULES.oldest
check_pick = RULES.check_pick
next_position = RULES.next_position
