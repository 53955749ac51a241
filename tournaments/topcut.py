"""Single-elimination playoff of the top 2, 4, 8, 16 or 32 teams after the Swiss rounds (RULES.md 4, last
bullet), and a single-elimination event from round 1 (issue 42): a bracket of any field, byes to the top seeds.

Pure rules engine over plain data; no Django, no ORM. bracket_state() takes the Swiss standings order and the
playoff results so far and returns the whole bracket: every round's matches with the teams known so far, the
matches to play next and, when the final is reported, the champion.

Seeding is 1 v 8, 4 v 5, 2 v 7, 3 v 6 (top 4: 1 v 4, 2 v 3; top 2: 1 v 2), laid out so that, if the better
seed always wins, 1 meets 4 and 2 meets 3 in the semifinals and 1 meets 2 in the final. A top 16 or 32 follows
the same rule, the MTR's bracket: each round seed s meets (teams in the round + 1 - s). A bracket of a field that
is not a power of two is the next power's bracket with the missing seeds as byes: the top seeds advance free.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

CUT_SIZES = (2, 4, 8, 16, 32)
_ROUND_NAMES = {2: "Final", 4: "Semifinal", 8: "Quarterfinal"}


def _round_name(teams: int) -> str:
    return _ROUND_NAMES.get(teams) or f"Round of {teams}"


def bracket_size(teams: int) -> int:
    """The smallest power of two that holds `teams` (at least 2): the bracket a single-elimination event of
    that many teams plays, with bracket_size(teams) - teams byes. Raises TopCutError for fewer than 2 teams."""
    if teams < 2:
        raise TopCutError(f"A single-elimination bracket needs at least 2 teams, not {teams}.")
    return 1 << (teams - 1).bit_length()


def playoff_round_name(*, top_cut: int, playoff_round: int) -> str:
    """The name of playoff round `playoff_round` (1 = first) of a bracket of `top_cut` (a power of two):
    "Round of 32", "Round of 16", "Quarterfinal", "Semifinal" or "Final", by the number of teams still in it.
    Raises TopCutError for a size that is no power of two or a round the bracket doesn't have."""
    if top_cut < 2 or top_cut & (top_cut - 1):
        raise TopCutError(f"A bracket has 2, 4, 8, 16, 32 ... teams, not {top_cut}.")
    teams = top_cut >> (playoff_round - 1) if playoff_round >= 1 else 0
    if teams < 2:
        raise TopCutError(f"A top {top_cut} has no playoff round {playoff_round}.")
    return _round_name(teams)


class TopCutError(ValueError):
    """A top cut that can't be built or a playoff result that doesn't fit the bracket; the message says why."""


class PlayoffDrawError(TopCutError):
    """A playoff match was reported drawn. Playoff matches can't end in a draw: the match is replayed."""


@dataclass(frozen=True, slots=True)
class PlayoffResult:
    """A reported playoff match: `outcome` 'A' if team_a won, 'B' if team_b won (team order as reported)."""

    team_a: int
    team_b: int
    outcome: str


@dataclass(frozen=True, slots=True)
class PlayoffMatch:
    """One bracket match. A side is None (and its seed None) until the match feeding it has a winner."""

    round: int  # 1 = first playoff round
    name: str  # "Quarterfinal", "Semifinal" or "Final"
    slot: int  # position in its round, top of the bracket first, from 0
    team_a: int | None
    seed_a: int | None
    team_b: int | None
    seed_b: int | None
    winner: int | None
    bye: bool = False  # a first-round slot whose other seed doesn't exist: the team advances without playing

    @property
    def ready(self) -> bool:
        """Both teams are known and the match has no result yet: it can be played now."""
        return self.team_a is not None and self.team_b is not None and self.winner is None


@dataclass(frozen=True, slots=True)
class Bracket:
    """The whole playoff: `rounds[0]` is the first round; `next_matches` are those ready to play now."""

    size: int
    rounds: tuple[tuple[PlayoffMatch, ...], ...]
    next_matches: tuple[PlayoffMatch, ...]
    champion: int | None
    # Placement matches ("Match for 7th and 8th places", a third-place match): played between teams eliminated in
    # the same playoff round, in the order reported; `round` is the playoff round both lost in.
    placement_matches: tuple[PlayoffMatch, ...] = ()


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket position order, top to bottom; consecutive pairs play each other in round 1.

    Promises: (1, 2) for 2, (1, 4, 2, 3) for 4, (1, 8, 4, 5, 2, 7, 3, 6) for 8, and so on for any power of two
    (16 and 32 are the MTR's top 16 and top 32). Each doubling puts every seed s of the smaller bracket against
    size + 1 - s, which keeps the better seeds apart until the late rounds.
    """
    if size < 2 or size & (size - 1):
        raise TopCutError(f"A bracket is 2, 4, 8, 16, 32 ... teams, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return tuple(order)


def _result_index(results: Iterable[PlayoffResult]) -> dict[frozenset[int], int]:
    """Map each reported pair of teams to its winner, refusing draws, unknown outcomes and double reports."""
    winners: dict[frozenset[int], int] = {}
    for result in results:
        pair = frozenset((result.team_a, result.team_b))
        where = f"Playoff result {result.team_a} v {result.team_b}"
        if len(pair) != 2:
            raise TopCutError(f"{where}: a team can't play itself")
        if result.outcome == "D":
            raise PlayoffDrawError(
                f"{where}: a playoff match can't end in a draw; the teams replay until one of them wins"
            )
        if result.outcome not in ("A", "B"):
            raise TopCutError(f"{where}: outcome must be 'A' or 'B', got {result.outcome!r}")
        if pair in winners:
            raise TopCutError(f"{where}: this match already has a result")
        winners[pair] = result.team_a if result.outcome == "A" else result.team_b
    return winners


def bracket_state(
    *, standings_order: Sequence[int], size: int, results: Iterable[PlayoffResult] = (), byes: bool = False
) -> Bracket:
    """The playoff bracket for the top `size` teams of `standings_order` (team ids, Swiss rank 1 first).

    `results` are the playoff matches reported so far, in any order. Promises: round 1 pairs the seeds as
    bracket_order(size) gives them; the winner of each match moves to the next round in its bracket position
    (top-8: the 1/8 winner meets the 4/5 winner); `next_matches` lists the matches whose teams are both known
    and which have no result; `champion` is the final's winner, else None.

    With `byes` (a single-elimination event from round 1), `size` is bracket_size(len(standings_order)) and the
    seeds past the field are byes: their first-round opponents (the top seeds) advance at once, in matches
    marked `bye` with their winner set.

    Raises TopCutError when the size is no power of two, when fewer teams than that are in the standings (and
    byes are not allowed; with byes, when the size isn't the field's bracket size), when a
    team appears twice in them, or when a result matches no match that can be played (teams not in the cut,
    a team already eliminated, a match whose other team isn't known yet). A result between two teams eliminated in
    the same playoff round is a placement match (`placement_matches`), deciding their order among themselves. A
    drawn result raises PlayoffDrawError.
    """
    order = bracket_order(size)
    if byes:
        if len(standings_order) < 2 or bracket_size(len(standings_order)) != size:
            raise TopCutError(
                f"A field of {len(standings_order)} teams plays a bracket of "
                f"{bracket_size(max(2, len(standings_order)))}, not {size}"
            )
    elif len(standings_order) < size:
        raise TopCutError(f"A top {size} needs {size} teams; the standings have {len(standings_order)}")
    if len(set(standings_order)) != len(standings_order):
        raise TopCutError("A team appears more than once in the standings order")
    # Keyed by int | None so that the missing team of a bye (None) has no seed.
    seed_of: dict[int | None, int] = {team: seed for seed, team in enumerate(standings_order[:size], start=1)}
    team_of = {seed: team for team, seed in seed_of.items()}
    winners = _result_index(results)
    missing = {seed for seed in order if seed not in team_of}

    rounds: list[tuple[PlayoffMatch, ...]] = []
    # Sides entering the current round, top to bottom; None while the feeding match is undecided.
    sides: list[int | None] = [team_of.get(seed) for seed in order]
    round_number = 0
    while len(sides) > 1:
        round_number += 1
        name = _round_name(len(sides))
        matches = []
        for slot in range(len(sides) // 2):
            team_a, team_b = sides[2 * slot], sides[2 * slot + 1]
            winner = None
            bye = round_number == 1 and bool(missing & {order[2 * slot], order[2 * slot + 1]})
            if bye:
                # The better seed exists whenever the worse one does (seeds past the field are the missing ones).
                winner = team_a if team_a is not None else team_b
            elif team_a is not None and team_b is not None:
                winner = winners.pop(frozenset((team_a, team_b)), None)
            matches.append(
                PlayoffMatch(
                    round=round_number,
                    name=name,
                    slot=slot,
                    team_a=team_a,
                    seed_a=seed_of.get(team_a),
                    team_b=team_b,
                    seed_b=seed_of.get(team_b),
                    winner=winner,
                    bye=bye,
                )
            )
        rounds.append(tuple(matches))
        sides = [match.winner for match in matches]

    lost_in = {
        (match.team_b if match.winner == match.team_a else match.team_a): match.round
        for matches in rounds
        for match in matches
        if match.winner is not None
    }
    placement: list[PlayoffMatch] = []
    for pair, winner in list(winners.items()):
        first, second = sorted(pair)
        if lost_in.get(first) is not None and lost_in.get(first) == lost_in.get(second):
            placement.append(
                PlayoffMatch(
                    round=lost_in[first],
                    name="placement",
                    slot=len(placement),
                    team_a=first,
                    seed_a=seed_of.get(first),
                    team_b=second,
                    seed_b=seed_of.get(second),
                    winner=winner,
                )
            )
            del winners[pair]
    if winners:
        # Every result the bracket could use was popped above; what is left fits no playable match.
        unplayable = sorted(next(iter(winners)))
        raise TopCutError(
            f"Playoff result {unplayable[0]} v {unplayable[1]}: these teams don't meet in this bracket "
            "(not both in the cut, one already eliminated, or an earlier match still needs its result)"
        )
    next_matches = tuple(match for matches in rounds for match in matches if match.ready)
    return Bracket(
        size=size,
        rounds=tuple(rounds),
        next_matches=next_matches,
        champion=sides[0],
        placement_matches=tuple(placement),
    )


def elimination_seeds(
    teams: Sequence[int],
    *,
    method: str,
    seed: int,
    ratings: Mapping[int, float] | None = None,
    listed: Sequence[int] | None = None,
) -> list[int]:
    """The seed order (seed 1 first) of a single-elimination event's field `teams`, by `method`:

    "rating": best rating first (teams without one rated 0), equal ratings in a random order drawn from `seed`;
    "list": exactly `listed`, which must name every team of the field once; "random": a random order drawn from
    `seed`. The same input always gives the same order. Raises TopCutError for an unknown method, a field of
    fewer than 2, or a list that isn't the field (a team missing, unknown or twice; the message says which).
    """
    field = sorted(set(teams))
    if len(field) != len(teams) or len(field) < 2:
        raise TopCutError("A single-elimination event needs at least 2 teams, each once.")
    rng = random.Random(seed)
    if method == "list":
        listed = list(listed or [])
        missing = sorted(set(field) - set(listed))
        unknown = sorted(set(listed) - set(field))
        if missing or unknown or len(set(listed)) != len(listed):
            raise TopCutError(
                "The seed list must name every team of the field once"
                + (f"; missing: {', '.join(map(str, missing))}" if missing else "")
                + (f"; not in the field: {', '.join(map(str, unknown))}" if unknown else "")
            )
        return listed
    if method not in ("rating", "random"):
        raise TopCutError(f"Unknown seeding {method!r}: rating, list or random.")
    rng.shuffle(field)
    if method == "rating":
        ratings = ratings or {}
        field.sort(key=lambda team: -ratings.get(team, 0.0))  # stable: equal ratings keep the random order
    return field
