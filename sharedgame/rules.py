"""Shared-game life and poison (RULES.md 2): starting totals, when a team has lost, what a match's games add up to.

Pure Python over plain data, no ORM: sharedgame.services adapts the models to these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from tournaments.structures import shared_preset

MAX_DELTA = 999  # a single tap or typed change; larger is a typo, not a game action
A, B, DRAW = "A", "B", "D"


class TotalsError(ValueError):
    """A change that can't be applied; the message says why, in the player's words."""


@dataclass(frozen=True)
class Totals:
    """One game's totals. `poison_limit` is where a team loses; life at 0 or below loses too."""

    life_a: int
    poison_a: int
    life_b: int
    poison_b: int
    poison_limit: int


def starting_totals(*, structure: str, team_size: int, life: int | None, poison: int | None) -> tuple[int, int]:
    """(starting life, poison limit) of a shared game: the structure's preset (Two-Headed Giant 30 and 15,
    Three-Headed Serpent 20 and 10 per member), else the organizer's custom numbers.

    Raises TotalsError when a custom game has no positive life or poison limit.
    """
    preset = shared_preset(structure, team_size)
    if preset is not None:
        return preset
    if not life or not poison or life < 1 or poison < 1:
        raise TotalsError(gettext("This event has no starting life and poison limit; the organizer sets them."))
    return life, poison


def apply_change(totals: Totals, *, team: str, life: int, poison: int) -> Totals:
    """The totals after `team` gains or loses `life` and `poison`. Life may go below 0 (the team has lost);
    poison counters never go below 0. Raises TotalsError for an unknown team, an empty or oversized change."""
    if team not in (A, B):
        raise TotalsError(gettext("Choose team A or team B."))
    if life == 0 and poison == 0:
        raise TotalsError(gettext("The change is empty."))
    if abs(life) > MAX_DELTA or abs(poison) > MAX_DELTA:
        raise TotalsError(gettext("A single change is at most %(max)d.") % {"max": MAX_DELTA})
    if team == A:
        new = Totals(
            totals.life_a + life, totals.poison_a + poison, totals.life_b, totals.poison_b, totals.poison_limit
        )
        after = new.poison_a
    else:
        new = Totals(
            totals.life_a, totals.poison_a, totals.life_b + life, totals.poison_b + poison, totals.poison_limit
        )
        after = new.poison_b
    if after < 0:
        raise TotalsError(
            ngettext(
                "Team %(team)s has %(have)d poison counter; it can't lose %(lose)d.",
                "Team %(team)s has %(have)d poison counters; it can't lose %(lose)d.",
                after - poison,
            )
            % {"team": team, "have": after - poison, "lose": -poison}
        )
    return new


def team_lost(*, life: int, poison: int, poison_limit: int) -> bool:
    """A team at 0 life or less, or with `poison_limit` poison counters or more, has lost the game."""
    return life <= 0 or poison >= poison_limit


def game_outcome(totals: Totals) -> str | None:
    """'A' or 'B' for the winner, 'D' when both teams lost at once (a draw), None while the game goes on."""
    lost_a = team_lost(life=totals.life_a, poison=totals.poison_a, poison_limit=totals.poison_limit)
    lost_b = team_lost(life=totals.life_b, poison=totals.poison_b, poison_limit=totals.poison_limit)
    if lost_a and lost_b:
        return DRAW
    if lost_a:
        return B
    if lost_b:
        return A
    return None


def match_games(outcomes: Sequence[str | None]) -> tuple[int, int, int]:
    """(games won by A, won by B, drawn) of the finished games; a game still going on doesn't count."""
    return outcomes.count(A), outcomes.count(B), outcomes.count(DRAW)


def match_decided(outcomes: Sequence[str | None], *, best_of: int) -> bool:
    """True when a team has the wins it needs (1 of 1, 2 of 3); drawn games don't count (MTR 9.1)."""
    needed = best_of // 2 + 1
    wins_a, wins_b, _ = match_games(outcomes)
    return needed in (wins_a, wins_b)
