"""Team match scoring: who won a team match, for both event structures (RULES.md section 2).

Pure rules engine over plain data; no Django, no ORM. Services turn reported results into these calls and
store the outcome; standings (tournaments/standings.py) only ever sees the outcome.

- Seat against seat: every seat plays an individual best-of-three match. The team with more individual match
  wins wins the team match; equal individual wins make a team draw.
- Shared game (Two-Headed Giant, Three-Headed Serpent): the team plays as one player. One game per match by
  default (MTR 9.1): a drawn game does not count and play goes on; a match that ends unfinished is a draw. The
  organizer may choose best of three instead.

Every result carries the tallies it was decided from, so a judge can see why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

# An individual match is a best of three; a playoff may be played as a best of five (published events have them).
_BEST_OF = {3: "best-of-three", 5: "best-of-five"}
# Drawn games do not count toward the two wins (MTR 2.3), so a match may run past three games, but only within
# one round's time. More than three drawn games in one match is not something a round allows; it is a typing
# slip, and we say so rather than store it.
_SEAT_MAX_DRAWN_GAMES = 3


class ScoringError(ValueError):
    """A reported result that cannot have happened. The message names the seat or game and what is wrong."""


class SeatResultError(ScoringError):
    """One seat's individual match result is impossible in a best-of-three."""


class SharedGameError(ScoringError):
    """A shared-game match report is impossible (unknown outcome, games after the match was won...)."""


class TeamMatchOutcome(StrEnum):
    """Outcome of a team match from team A's point of view. The values are what standings records store."""

    A_WINS = "A"
    B_WINS = "B"
    DRAW = "D"


def _outcome_from_tally(a: int, b: int) -> TeamMatchOutcome:
    if a > b:
        return TeamMatchOutcome.A_WINS
    if b > a:
        return TeamMatchOutcome.B_WINS
    return TeamMatchOutcome.DRAW


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's individual match, counted from team A's point of view."""

    seat: str
    games_won: int
    games_lost: int
    games_drawn: int = 0

    @property
    def outcome(self) -> TeamMatchOutcome:
        """Who won this seat's individual match: more game wins wins; equal game wins is a draw."""
        return _outcome_from_tally(self.games_won, self.games_lost)


@dataclass(frozen=True, slots=True)
class TeamMatchResult:
    """A scored team match: the outcome plus the tallies it was decided from.

    For seat against seat the tallies count individual matches and `seats` lists each seat; for a shared game
    they count games and `games` lists each game in order.
    """

    outcome: TeamMatchOutcome
    a_wins: int
    b_wins: int
    draws: int
    unit: str  # "individual match" or "game": what a_wins / b_wins / draws count
    seats: tuple[SeatResult, ...] = ()
    games: tuple[TeamMatchOutcome, ...] = ()
    finished: bool = True

    def explain(self) -> str:
        """One line a judge can read aloud, e.g. 'Team A wins: 2 individual match wins to 1, 0 drawn (A 2-1, ...)'."""
        verdict = {
            TeamMatchOutcome.A_WINS: "Team A wins",
            TeamMatchOutcome.B_WINS: "Team B wins",
            TeamMatchOutcome.DRAW: "Team draw",
        }[self.outcome]
        line = f"{verdict}: {self.a_wins} {self.unit} wins to {self.b_wins}, {self.draws} drawn"
        if self.seats:
            detail = ", ".join(f"{s.seat} {s.games_won}-{s.games_lost}-{s.games_drawn}" for s in self.seats)
            line += f" ({detail})"
        if self.games:
            line += " (games: " + " ".join(g.value for g in self.games) + ")"
            if not self.finished:
                line += ", ended unfinished"
        return line


def seat_label(index: int) -> str:
    """Seat letter for the seat at 0-based `index`: 0 -> 'A', 1 -> 'B', ... (RULES.md 1: seats A, B, C...)."""
    if index < 0:
        raise ValueError(f"seat index must be 0 or more, got {index}")
    label = ""
    index += 1
    while index:  # spreadsheet-style, so a house format with 27 seats still gets a label
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


def validate_seat_result(
    seat: str, games_won: int, games_lost: int, games_drawn: int = 0, *, best_of: int = 3
) -> SeatResult:
    """Check one seat's best-of-three (or `best_of` 5: a playoff played as best of five) counts and return them
    as a SeatResult.

    Promises: counts are whole numbers of 0 or more; neither side has more than two game wins (three in a best
    of five); both sides did not reach that (the match ends at the deciding win); at most three drawn games. Anything else raises
    SeatResultError with a message naming the seat, e.g. "Seat B: 3 games won is more than a best-of-three
    allows". 0-0-0 is accepted: it is how an intentional or unplayed individual draw is reported.
    """
    for name, value in (("games won", games_won), ("games lost", games_lost), ("games drawn", games_drawn)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SeatResultError(f"Seat {seat}: {name} must be a whole number, got {value!r}")
        if value < 0:
            raise SeatResultError(f"Seat {seat}: {name} can't be negative, got {value}")
    if best_of not in _BEST_OF:
        raise SeatResultError(f"Seat {seat}: an individual match is a best of 3 or 5, not {best_of!r}")
    to_win, kind = best_of // 2 + 1, _BEST_OF[best_of]
    if games_won > to_win:
        raise SeatResultError(f"Seat {seat}: {games_won} games won is more than a {kind} allows")
    if games_lost > to_win:
        raise SeatResultError(f"Seat {seat}: {games_lost} games lost is more than a {kind} allows")
    if games_won == to_win and games_lost == to_win:
        raise SeatResultError(
            f"Seat {seat}: {to_win}-{to_win} can't happen in a {kind}; the match ends when a player wins {to_win} games"
        )
    if games_drawn > _SEAT_MAX_DRAWN_GAMES:
        raise SeatResultError(
            f"Seat {seat}: {games_drawn} drawn games is more than one round's time allows; check the result slip"
        )
    return SeatResult(seat=seat, games_won=games_won, games_lost=games_lost, games_drawn=games_drawn)


def score_seat_against_seat(seats: Sequence[Sequence[int]], *, best_of: int = 3) -> TeamMatchResult:
    """Score a seat-against-seat team match.

    `seats` holds one (games won, games lost[, games drawn]) entry per seat, in seat order A, B, C..., counted
    from team A's point of view. Each seat is validated (see validate_seat_result). A seat's individual match
    goes to the player with more game wins, equal game wins being an individual draw. The team with more
    individual match wins wins the team match; equal individual wins is a team draw (RULES.md 2). `best_of` 5
    reads each seat as a best of five (a playoff played so).
    """
    if not seats:
        raise ScoringError("A seat-against-seat team match needs at least one seat result")
    results = []
    for index, counts in enumerate(seats):
        label = seat_label(index)
        if len(counts) not in (2, 3):
            raise SeatResultError(
                f"Seat {label}: give games won, games lost and optionally games drawn, got {tuple(counts)!r}"
            )
        results.append(validate_seat_result(label, *counts, best_of=best_of))
    a_wins = sum(1 for r in results if r.outcome is TeamMatchOutcome.A_WINS)
    b_wins = sum(1 for r in results if r.outcome is TeamMatchOutcome.B_WINS)
    draws = len(results) - a_wins - b_wins
    return TeamMatchResult(
        outcome=_outcome_from_tally(a_wins, b_wins),
        a_wins=a_wins,
        b_wins=b_wins,
        draws=draws,
        unit="individual match",
        seats=tuple(results),
    )


def _game_outcome(index: int, game: str) -> TeamMatchOutcome:
    try:
        return TeamMatchOutcome(game)
    except ValueError:
        raise SharedGameError(f"Game {index}: outcome must be 'A', 'B' or 'D' (draw), got {game!r}") from None


def score_shared_game(games: Sequence[str], *, finished: bool, best_of: int = 1) -> TeamMatchResult:
    """Score a shared-game team match (Two-Headed Giant, Three-Headed Serpent).

    `games` lists each game's outcome in play order: 'A', 'B' or 'D' (drawn). `best_of` is 1 (the default,
    MTR 9.1) or 3 (when the organizer sets it). Drawn games do not count toward the wins needed, and play goes on.
    `finished` says whether a team reached the wins needed within the match.

    Promises: a team with the wins needed wins the match. A match that ended unfinished goes to the team with
    more game wins, and is a draw when they are level (so an unfinished best-of-one is always a draw).
    Refuses, with SharedGameError: an unknown outcome, a game played after the match was already won,
    `finished=True` when nobody reached the wins needed, `finished=False` when somebody did.
    """
    if best_of not in (1, 3):
        raise SharedGameError(f"A shared-game match is best of 1 or best of 3, got best of {best_of}")
    needed = best_of // 2 + 1
    outcomes: list[TeamMatchOutcome] = []
    a_wins = b_wins = draws = 0
    for index, game in enumerate(games, start=1):
        if needed in (a_wins, b_wins):
            raise SharedGameError(
                f"Game {index}: the match was already won before this game; remove games after the deciding one"
            )
        outcome = _game_outcome(index, game)
        outcomes.append(outcome)
        if outcome is TeamMatchOutcome.A_WINS:
            a_wins += 1
        elif outcome is TeamMatchOutcome.B_WINS:
            b_wins += 1
        else:
            draws += 1
    decided = needed in (a_wins, b_wins)
    if finished and not decided:
        raise SharedGameError(
            f"The match is marked finished but no team won {needed} game{'s' if needed > 1 else ''}; "
            "mark it unfinished (it ended at time) or add the deciding game"
        )
    if decided and not finished:
        raise SharedGameError("The match is marked unfinished but a team already won it; mark it finished")
    return TeamMatchResult(
        outcome=_outcome_from_tally(a_wins, b_wins),
        a_wins=a_wins,
        b_wins=b_wins,
        draws=draws,
        unit="game",
        games=tuple(outcomes),
        finished=finished,
    )
