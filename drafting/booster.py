"""The booster draft for individuals (RULES.md 10, MTR 7.7 and Appendix B) as pure rules over plain data.

Players sit in pods of up to eight; each opens three boosters one at a time, pack 1 passing left, pack 2 right,
pack 3 left, and takes one card from every pack that reaches them; the last card of a pack goes on by itself. The
passing itself is the shared rules of drafting.passing (`RULES`); this module holds the numbers of the format, the
seating and the first round's pairings across the pod.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

from drafting.passing import PassingDraft, seat_in_pods
from tournaments.phases import pair_across_pods

PACK_ROUNDS = 3
CARDS_PER_PICK = 1
MAX_POD = 8
MIN_PLAYERS = 2

# MTR Appendix B, booster draft timing: seconds for a pick by the cards in the pack (15-card packs: 40 s down to
# 5 s; the last card has no choice and goes on at once). An event may replace it (DraftSettings.booster_pick_seconds).
INDIVIDUAL_PICK_SECONDS = {
    15: 40,
    14: 40,
    13: 35,
    12: 30,
    11: 25,
    10: 25,
    9: 20,
    8: 20,
    7: 15,
    6: 10,
    5: 10,
    4: 5,
    3: 5,
    2: 5,
    1: 0,
}
# Review of the picks before the next pack: after pack 1 and after pack 2 (RULES.md 10).
REVIEW_SECONDS = (30, 45)
# MTR Appendix B: "Draft - 25 minutes for deck registration and construction".
DECK_BUILDING_MINUTES = 25

RULES = PassingDraft(
    code="booster", pack_rounds=PACK_ROUNDS, cards_per_pick=CARDS_PER_PICK, default_pick_seconds=INDIVIDUAL_PICK_SECONDS
)

T = TypeVar("T")


class PodsRefused(ValueError):
    """The players can't be seated in pods as the rules ask; the message says why."""


def pod_sizes(player_count: int) -> list[int]:
    """The sizes of the pods for `player_count` players: as few pods of up to eight as hold everyone, as equal as
    possible (nine players: five and four). Raises PodsRefused for fewer than two players."""
    if player_count < MIN_PLAYERS:
        raise PodsRefused(f"A booster draft needs at least {MIN_PLAYERS} players; {player_count} registered.")
    pods = math.ceil(player_count / MAX_POD)
    base, extra = divmod(player_count, pods)
    return [base + 1] * extra + [base] * (pods - extra)


def seat_pods(players: Sequence[T], *, rng: random.Random) -> list[list[T]]:
    """The players in random pods (pod_sizes), each pod in its clockwise seat order."""
    return seat_in_pods(players, rng=rng, sizes=pod_sizes(len(players)))


def review_seconds(pack_round: int, table: Sequence[float] = REVIEW_SECONDS) -> float | None:
    """The review before pack round `pack_round` (0-based): none before the first, then the table's entries (the
    last entry for any later round). None: no review."""
    if pack_round <= 0 or not table:
        return None
    return table[min(pack_round, len(table)) - 1] or None


# Round 1 across each pod by seat (RULES.md 10) is one rule for a booster draft and a draft phase of a big event.
first_round_pairs = pair_across_pods
