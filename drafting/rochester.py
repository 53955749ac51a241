"""Order of play of a team Rochester draft (RULES.md section 6; DCI 8.6, MTR 8.5).

Pure rules engine: plain values in, frozen dataclasses out, no ORM. Services adapt it to
draft models; the ``rochester_plan`` command prints it as a judge's sheet; docs/rochester.md
explains it with the full 18-pack table for teams of three.

Seats are named as they sit at the table, clockwise 1A, 1B, 1C, 2A, 2B, 2C (1A..1D, 2A..2D
for teams of four). Those names never change: when team 2 wins the choice and picks first,
the draft starts with 2B and the seats keep their table names, so a seat's name is the same
on the sheet, on the screen and on the name card in front of the player.
"""

from __future__ import annotations

import enum
import string
from dataclasses import dataclass

ROUNDS = 3
TEAMS_PER_TABLE = 2
MIN_TEAM_SIZE = 2  # the first opener is "player B", so a team needs at least two seats


class Direction(enum.Enum):
    """Which way the active-player role and the pick order travel around the table."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter-clockwise"

    @property
    def step(self) -> int:
        """+1 for clockwise, -1 for counter-clockwise, as a move along the seating order."""
        return 1 if self is Direction.CLOCKWISE else -1


@dataclass(frozen=True, order=True)
class Seat:
    """One player's place at the table: team 1 or 2 and the seat letter within the team."""

    team: int
    letter: str

    def __str__(self) -> str:
        return f"{self.team}{self.letter}"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat name such as "1B" (case-insensitive); raises ValueError if it is not one."""
        text = text.strip()
        if len(text) != 2 or text[0] not in "12" or not text[1].isalpha():
            raise ValueError(f"{text!r} is not a seat name such as 1A or 2C.")
        return cls(team=int(text[0]), letter=text[1].upper())


@dataclass(frozen=True)
class PackPlan:
    """One pack of the draft: who lays it out and who takes each of its cards, in order.

    ``round`` is 1..3, ``pack`` the 1-based number of the pack within its round, ``index`` the
    0-based position of the pack in the whole draft (the order packs are laid out).
    ``picks[k]`` is the seat that takes the (k+1)-th card of the pack.
    """

    round: int
    pack: int
    index: int
    opener: Seat
    direction: Direction
    picks: tuple[Seat, ...]


def table(*, team_size: int) -> tuple[Seat, ...]:
    """The seats of a table in clockwise order: 1A, 1B, ..., 2A, 2B, ... for two teams of team_size."""
    _check_team_size(team_size)
    letters = string.ascii_uppercase[:team_size]
    return tuple(Seat(team=team, letter=letter) for team in (1, 2) for letter in letters)


def round_direction(round_number: int) -> Direction:
    """Clockwise in rounds 1 and 3, counter-clockwise in round 2 (the "horseshoe" of MTR 8.5)."""
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"A Rochester draft has rounds 1 to {ROUNDS}, not {round_number}.")
    return Direction.COUNTER_CLOCKWISE if round_number == 2 else Direction.CLOCKWISE


def pick_order(*, opener: Seat, direction: Direction, team_size: int, pack_size: int) -> tuple[Seat, ...]:
    """The seat taking each card of one pack, first pick first; exactly pack_size seats.

    The order runs from the opener around the table in ``direction`` to the last player, who
    takes two in a row; then it runs back to the opener, who takes two in a row, and so on
    (a snake) until the pack is empty. Each forward-and-back lap gives every seat two cards, so
    no two seats' counts in one pack differ by more than one.
    """
    seats = table(team_size=team_size)
    if opener not in seats:
        raise ValueError(f"Seat {opener} is not at a table of two teams of {team_size}.")
    if pack_size < 1:
        raise ValueError(f"A pack holds at least one card, not {pack_size}.")
    start = seats.index(opener)
    lap = tuple(seats[(start + direction.step * k) % len(seats)] for k in range(len(seats)))
    # One forward lap then the same lap backwards: the turn-around seats appear twice in a row.
    snake = lap + lap[::-1]
    return tuple(snake[k % len(snake)] for k in range(pack_size))


def draft_plan(*, team_size: int, pack_size: int, first_team: int = 1) -> list[PackPlan]:
    """Every pack of one table's draft in the order they are laid out: 3 rounds of 2 * team_size.

    The first pack is laid out by player B of ``first_team`` (the team that picks first; seats
    keep their table names, so with first_team=2 the draft opens with 2B). Within a round each
    player opens exactly one pack, the role moving one seat in the round's direction; the last
    opener of a round opens the first pack of the next round.
    """
    if first_team not in (1, 2):
        raise ValueError(f"The team that picks first is team 1 or team 2, not {first_team}.")
    seats = table(team_size=team_size)
    first_position = seats.index(Seat(team=first_team, letter="B"))
    plans: list[PackPlan] = []
    for round_number in range(1, ROUNDS + 1):
        direction = round_direction(round_number)
        for pack_number in range(1, len(seats) + 1):
            opener = seats[(first_position + direction.step * (pack_number - 1)) % len(seats)]
            plans.append(
                PackPlan(
                    round=round_number,
                    pack=pack_number,
                    index=len(plans),
                    opener=opener,
                    direction=direction,
                    picks=pick_order(opener=opener, direction=direction, team_size=team_size, pack_size=pack_size),
                )
            )
        # The last opener of this round opens the first pack of the next one.
        first_position = seats.index(plans[-1].opener)
    return plans


def seat_for_pick(plan: list[PackPlan], pack_index: int, pick_number: int) -> Seat:
    """The seat that takes pick ``pick_number`` (1-based) of the pack at 0-based ``pack_index``.

    Raises ValueError when there is no such pack or the pack has no such pick.
    """
    if not 0 <= pack_index < len(plan):
        raise ValueError(f"The draft has packs 0 to {len(plan) - 1}, not {pack_index}.")
    picks = plan[pack_index].picks
    if not 1 <= pick_number <= len(picks):
        raise ValueError(f"Pack {pack_index} has picks 1 to {len(picks)}, not {pick_number}.")
    return picks[pick_number - 1]


def _check_team_size(team_size: int) -> None:
    if not MIN_TEAM_SIZE <= team_size <= len(string.ascii_uppercase):
        raise ValueError(
            f"A Rochester draft team has {MIN_TEAM_SIZE} to {len(string.ascii_uppercase)} players, not {team_size}."
        )
