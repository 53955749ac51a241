"""Swiss standings from team match results (RULES.md sections 3 and 9, MTR 3.1 and Appendix C).

Pure rules engine over plain data; no Django, no ORM. A service loads an event's results as TeamMatchRecord
values and calls compute_standings(). The design note with the formulas and a worked example is
docs/standings.md.

- Match points: win 3, draw 1, loss 0. A bye is a match win (3 points).
- MW%  = match points / (3 x rounds played), at least 0.33. The bye round counts as a round played (the MTR
  example does this; RULES.md 3 tells us to follow it).
- Team events do not use game points (MTR Appendix C): each team match counts as one "game" won, lost or drawn,
  and so does a bye (one won team match: one game won, not a 2-0) and a late entry's missed round (one game
  lost). GW% = game points / (3 x games played) is therefore the same figure as MW%, and OGW% the same as OMW%.
- Individual events (`games=True`, RULES.md 9) use games instead: game points are 3 per game won and 1 per game
  drawn; GW% = game points / (3 x games played), at least 0.33; a bye is a 2-0 (6 game points of 2 games), a
  missed round a 0-2, an intentional draw reported without games a 0-0-3 (MTR 2.4) and a win reported without
  games a 2-0. The same engine, one switch: only where GW% comes from changes.
- OMW% / OGW% = the average of each opponent's (floored) MW% / GW%, one entry per match played against them;
  byes have no opponent and are left out. A team with no opponent yet has 0 for both.
- Order: match points, OMW%, GW%, OGW%, all descending; then a seeded hash of the team id, then the team id.
  An event seeded by rating puts the team rating (higher first) before the hash.

Figures are exact Fractions; every figure keeps the parts it was computed from so a judge can redo it by hand,
and offers a 4-decimal Decimal for display.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any

POINTS_FOR_WIN = 3
POINTS_FOR_DRAW = 1
# MTR Appendix C: "0.33", not one third. Kept exact so a 0-3 team shows 0.3300, as scorekeeping software does.
PERCENTAGE_FLOOR = Fraction(33, 100)

_OUTCOMES = frozenset(("A", "B", "D"))


@dataclass(frozen=True, slots=True)
class StandingsRules:
    """The arithmetic conventions of the figures. Hydra ranks by MTR_RULES only; other values exist to reproduce
    what a published source computed (compare_standings explains its differences with them, docs/standings.md)."""

    floor: Fraction = PERCENTAGE_FLOOR
    drawn_game_points: int = 1
    # GW%'s own floor where a source floors it differently from MW% (0: unfloored GW%); None: `floor`.
    gw_floor: Fraction | None = None
    # Opponents' figures pooled: all their (floored) points over all their possible points, so an opponent who
    # played more rounds (a Day 2) weighs more than one who stopped, instead of the MTR's mean of percentages.
    pooled_opponents: bool = False


MTR_RULES = StandingsRules()


class StandingsInputError(ValueError):
    """A result record that can't be part of a Swiss event; the message names the record and the problem."""


@dataclass(frozen=True, slots=True)
class TeamMatchRecord:
    """One team match result, or a bye.

    `outcome` (and `games`) are from team A's point of view: 'A' (A won), 'B' (B won) or 'D' (team draw); the
    scoring.TeamMatchOutcome values are accepted as they are. `team_b` None means team A had no opponent that
    round: a bye when the outcome is 'A', a missed round counted as a loss (a late entry's) when it is 'B'.
    """

    round: int
    team_a: int
    team_b: int | None
    outcome: str
    # (games won by A, games won by B, games drawn): what an individual event's game figures are computed from.
    # None (or 0-0-0) means no games were reported: a drawn match is then an intentional draw, 0-0-3 (MTR 2.4),
    # and a won match a 2-0. Team events ignore it.
    games: tuple[int, int, int] | None = None


def _round_4(value: Fraction) -> Decimal:
    # Integer round-half-up, so the display is exact and never depends on a Decimal context's precision.
    quotient, remainder = divmod(value.numerator * 10_000, value.denominator)
    if 2 * remainder >= value.denominator:
        quotient += 1
    return Decimal(quotient).scaleb(-4)


@dataclass(frozen=True, slots=True)
class WinPercentage:
    """MW% or GW% with its parts: value = max(points / (3 x played), 0.33); the floor when nothing was played."""

    points: int
    played: int
    value: Fraction
    floored: bool

    @property
    def rounded(self) -> Decimal:
        """The value rounded half-up to 4 decimals, for display."""
        return _round_4(self.value)

    def __str__(self) -> str:
        if not self.played:
            return f"nothing played -> floor {self.rounded}"
        raw = f"{self.points} / (3 x {self.played})"
        if self.floored:
            return f"{raw} = {_round_4(Fraction(self.points, 3 * self.played))} -> floor {self.rounded}"
        return f"{raw} = {self.rounded}"


@dataclass(slots=True)
class OpponentAverage:
    """OMW% or OGW%: the average of each opponent's MW% or GW%, with the parts a judge needs.

    One entry per match played, so an opponent met twice counts twice; byes have no entry. The average is
    exactly total / denominator; with no opponents it is 0. `table` is the event-wide, read-only map from team
    to the figure being averaged (shared by every row, so building the standings copies nothing per team).
    Treat it as read-only (not frozen only because frozen dataclasses are slow to build).
    """

    opponents: tuple[int, ...]
    # Left out of repr (it holds every team) and of ==/hash (a read-only mapping isn't hashable).
    table: Mapping[int, Fraction] = field(repr=False, compare=False)
    total: int
    denominator: int

    @property
    def value(self) -> Fraction:
        """The exact average."""
        return Fraction(self.total, self.denominator)

    @property
    def figures(self) -> tuple[Fraction, ...]:
        """Each opponent's figure, in the order of `opponents`."""
        return tuple(map(self.table.__getitem__, self.opponents))

    @property
    def parts(self) -> tuple[tuple[int, Fraction], ...]:
        """(opponent id, that opponent's figure) pairs, in the order the matches were given."""
        return tuple(zip(self.opponents, self.figures))

    @property
    def rounded(self) -> Decimal:
        """The value rounded half-up to 4 decimals, for display."""
        return _round_4(self.value)

    def __str__(self) -> str:
        if not self.opponents:
            return "no opponents -> 0"
        shown = ", ".join(f"#{team}: {_round_4(figure)}" for team, figure in self.parts)
        return f"average of [{shown}] = {self.rounded}"


@dataclass(slots=True)
class StandingRow:
    """One team's place in the standings, with every figure and its parts. Treat it as read-only.

    (Not a frozen dataclass on purpose: a frozen one costs several times more to build, and a standings table
    builds thousands of them; see bench_standings.)

    `decided_by` names the first criterion that puts this team below the team ranked just above it
    ("match points", "OMW%", "GW%", "OGW%", "rating" (an event seeded by rating) or "final tiebreak"); it is ""
    for rank 1.
    """

    rank: int
    team: int
    match_points: int
    wins: int  # byes included: a bye is a match win
    losses: int
    draws: int
    byes: int
    mw: WinPercentage
    omw: OpponentAverage
    gw: WinPercentage
    ogw: OpponentAverage
    tiebreak: str
    decided_by: str

    @property
    def rounds_played(self) -> int:
        """Rounds this team has a result for, the bye rounds included."""
        return self.mw.played

    @property
    def record(self) -> str:
        """Win-loss-draw, byes counted as wins, e.g. '2-1-0'."""
        return f"{self.wins}-{self.losses}-{self.draws}"


def final_tiebreak(seed: int | str, team: int) -> str:
    """The last tiebreaker for `team` in an event with `seed`: hex SHA-256 of "<seed>:<team>".

    Promises: the same seed and team always give the same value, on any machine and Python version (no use of
    hash() or random); teams are ordered by it ascending, then by team id, so the order is total. Unlike a name
    order, nobody can gain a place by what they call their team.
    """
    return hashlib.sha256(f"{seed}:{team}".encode()).hexdigest()


def _win_percentage(points: int, played: int, floor: Fraction = PERCENTAGE_FLOOR) -> WinPercentage:
    if not played:
        # MTR Appendix C: "at least 0.33", for everybody; a registered player who never played (a no-show) has
        # nothing below the floor to show, so the floor it is, as for every other player (issue 46).
        return WinPercentage(points=points, played=0, value=floor, floored=bool(floor))
    raw = Fraction(points, 3 * played)
    if raw < floor:
        return WinPercentage(points=points, played=played, value=floor, floored=True)
    return WinPercentage(points=points, played=played, value=raw, floored=False)


# MTR Appendix C: a bye counts as a 2-0 win for the game figures; a missed round (a late entry's loss) as a 0-2.
_BYE_GAMES = (2, 0, 0)
_MISSED_GAMES = (0, 2, 0)
# MTR 2.4: "Intentional draws are always reported as 0-0-3."
_INTENTIONAL_DRAW_GAMES = (0, 0, 3)
_CONCEDED_GAMES = {"A": (2, 0, 0), "B": (0, 2, 0)}


def _match_games(index: int, record: TeamMatchRecord) -> tuple[int, int, int]:
    """The games of one played match from A's side, checked against its outcome."""
    games: object = record.games  # checked below: a caller's data may hold a list, or anything
    if games is None:
        return _INTENTIONAL_DRAW_GAMES if record.outcome == "D" else _CONCEDED_GAMES[record.outcome]
    if type(games) is list:
        games = tuple(games)
    # The common case first, cheaply: three whole numbers (a bool is not one) of 0 or more.
    if (
        type(games) is not tuple
        or len(games) != 3
        or type(games[0]) is not int
        or type(games[1]) is not int
        or type(games[2]) is not int
        or games[0] < 0
        or games[1] < 0
        or games[2] < 0
    ):
        raise StandingsInputError(
            f"Result {index} (round {record.round}, {record.team_a} v {record.team_b}): games "
            f"are three whole numbers of 0 or more (won, lost, drawn), got {games!r}"
        )
    won, lost, drawn = games
    if not (won or lost or drawn):
        return _INTENTIONAL_DRAW_GAMES if record.outcome == "D" else _CONCEDED_GAMES[record.outcome]
    expected = "A" if won > lost else "B" if lost > won else "D"
    if expected != record.outcome:
        raise StandingsInputError(
            f"Result {index} (round {record.round}, {record.team_a} v {record.team_b}): games {won}-{lost}-{drawn} "
            f"give outcome {expected!r}, but the outcome is {record.outcome!r}"
        )
    return games


def _tally(tally: list[int], games: tuple[int, int, int], drawn_points: int = 1) -> None:
    won, lost, drawn = games
    tally[0] += 3 * won + drawn_points * drawn
    tally[1] += won + lost + drawn


def _duplicate_in_round(round_number: object, teams: list[int]) -> None:
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise StandingsInputError(f"Round {round_number!r}: a round is a whole number from 1")
    if len(set(teams)) != len(teams):
        team = next(team for team, count in Counter(teams).items() if count > 1)
        raise StandingsInputError(f"Round {round_number}: team {team} has more than one result")


def compute_standings(
    records: Iterable[TeamMatchRecord],
    *,
    teams: Iterable[int] = (),
    seed: int | str = 0,
    ratings: Mapping[int, float] | None = None,
    games: bool = False,
    rules: StandingsRules = MTR_RULES,
    tiebreaks: Mapping[int, str] | None = None,
) -> tuple[StandingRow, ...]:
    """Rank every team by RULES.md 3 and return one StandingRow per team, best first, ranks 1..n.

    `games` switches to an individual event's figures (RULES.md 9, MTR Appendix C): GW% and OGW% from the games
    of each record (a bye 2-0, a missed round 0-2, an intentional draw 0-0-3) instead of from the team match.
    `rules` are the MTR's unless a caller reproduces another source's arithmetic (StandingsRules).

    `records` are all results so far, in any order. `teams` adds teams that must appear even without a
    result yet (late entries, round 1 not reported). `seed` is the event's seed for the final tiebreak.
    `ratings` (team id -> rating; an event seeded by rating) orders teams tied on OGW% by rating, higher first,
    before the final tiebreak; a team missing from it counts as unrated (below every rated team).
    `tiebreaks` (team id -> key) gives a team's final tiebreak key instead of final_tiebreak(seed, team): the key an
    event file carried from the event it was exported from, so its order survives the new ids.

    Promises: the order is match points, OMW%, GW%, OGW% (descending), then final_tiebreak(seed, team), then
    team id, so it is total and the same for the same input whatever the record order. Raises
    StandingsInputError for a record that can't be (unknown outcome, a bye that isn't a win, a team playing
    itself, a team with two results in one round, a round that isn't a whole number from 1, with `games` games that
    contradict the outcome). Runs in a few
    linear passes, with no per-team scan of the records: 2,048 teams and 12 rounds take tens of
    milliseconds at most (see the bench_standings command).
    """
    # One pass over the records collects only what every figure derives from: who won, who drew, who had a
    # bye, whom each team faced and who played in each round.
    opponents: defaultdict[int, list[int]] = defaultdict(list)
    in_round: defaultdict[int, list[int]] = defaultdict(list)
    winners: list[int] = []
    drawn: list[int] = []
    bye_teams: list[int] = []
    missed_teams: list[int] = []
    # Individual events only: team -> [game points, games played].
    game_tally: defaultdict[int, list[int]] = defaultdict(lambda: [0, 0])
    for index, record in enumerate(records, start=1):
        a, b, outcome = record.team_a, record.team_b, record.outcome
        if a is None:
            raise StandingsInputError(f"Result {index} (round {record.round}): team A is missing")
        slots = in_round[record.round]
        if b is None:
            if outcome == "A":
                bye_teams.append(a)
                if games:
                    _tally(game_tally[a], _BYE_GAMES)
            elif outcome == "B":
                # A late entry's missed round, counted as a loss (RULES.md 4): no opponent, one game lost.
                missed_teams.append(a)
                if games:
                    _tally(game_tally[a], _MISSED_GAMES)
            else:
                raise StandingsInputError(
                    f"Result {index} (round {record.round}): a round without an opponent is a bye (outcome 'A') "
                    f"or a missed round counted as a loss (outcome 'B') for team {a}, got {outcome!r}"
                )
            slots.append(a)
            continue
        if outcome == "A":
            winners.append(a)
        elif outcome == "B":
            winners.append(b)
        elif outcome == "D":
            drawn.append(a)
            drawn.append(b)
        else:
            raise StandingsInputError(
                f"Result {index} (round {record.round}, team {a} v {b}): outcome must be 'A', 'B' or 'D', "
                f"got {outcome!r}"
            )
        if a == b:
            raise StandingsInputError(f"Result {index} (round {record.round}): team {a} can't play team {b}")
        if games:
            won, lost, drawn_games = _match_games(index, record)
            _tally(game_tally[a], (won, lost, drawn_games), rules.drawn_game_points)
            _tally(game_tally[b], (lost, won, drawn_games), rules.drawn_game_points)
        opponents[a].append(b)
        opponents[b].append(a)
        slots.append(a)
        slots.append(b)
    for round_number, slots in in_round.items():
        _duplicate_in_round(round_number, slots)

    byes = Counter(bye_teams)
    missed = Counter(missed_teams)
    wins = Counter(winners)
    wins.update(bye_teams)
    draws = Counter(drawn)
    everyone = dict.fromkeys(teams)
    everyone.update(dict.fromkeys(opponents))
    everyone.update(dict.fromkeys(byes))
    everyone.update(dict.fromkeys(missed))

    # Teams share (points, played) pairs, so each WinPercentage is built once per pair, not once per team.
    # In a team event a team's GW% is its MW% (every team match, bye and missed round is one "game"), so it is
    # the same object and the opponent averages are computed once.
    made: dict[tuple[int, int], WinPercentage] = {}
    mw: dict[int, WinPercentage] = {}
    points: dict[int, int] = {}
    for team in everyone:
        won, drew = wins[team], draws[team]
        played = len(opponents.get(team, ())) + byes[team] + missed[team]
        points[team] = 3 * won + drew
        mw[team] = _shared_percentage(made, points[team], played, rules.floor)
    mw_scaled, omw, omw_key = _opponent_averages(mw, opponents, pooled=rules.pooled_opponents)
    if games:
        gw_floor = rules.floor if rules.gw_floor is None else rules.gw_floor
        gw_made = made if gw_floor == rules.floor else {}
        gw: dict[int, WinPercentage] = {}
        for team in everyone:
            game_points, games_played = game_tally[team] if team in game_tally else (0, 0)
            gw[team] = _shared_percentage(gw_made, game_points, games_played, gw_floor)
        gw_scaled, ogw, ogw_key = _opponent_averages(gw, opponents, pooled=rules.pooled_opponents)
    else:
        gw, gw_scaled, ogw, ogw_key = mw, mw_scaled, omw, omw_key

    # The sort key: points, the tiebreakers, the final tiebreak (a rating's tuple when seeded by rating), the team.
    keys: dict[int, tuple[Any, ...]] = {}
    prefix = f"{seed}:"
    sha256 = hashlib.sha256
    rated = ratings.get if ratings is not None else None
    for team in everyone:
        # final_tiebreak(seed, team), inlined: it runs once per team.
        tiebreak: str | tuple[bool, float, str]
        tiebreak = (tiebreaks.get(team) if tiebreaks else None) or sha256((prefix + str(team)).encode()).hexdigest()
        if rated is not None:
            # Seeded by rating: the rating decides before the random tiebreak (a tuple compares rating first).
            rating = rated(team)
            tiebreak = (rating is None, -(rating or 0.0), tiebreak)
        keys[team] = (-points[team], omw_key[team], -gw_scaled[team], ogw_key[team], tiebreak, team)
    order = sorted(everyone, key=keys.__getitem__)

    criteria = ("match points", "OMW%", "GW%", "OGW%", "final tiebreak", "final tiebreak")
    rows = []
    previous = None
    for rank, team in enumerate(order, start=1):
        key = keys[team]
        decided_by = ""
        if previous is not None:
            for criterion, mine, theirs in zip(criteria, key, previous):
                if mine != theirs:
                    decided_by = criterion
                    if rated is not None and criterion == "final tiebreak" and mine[:2] != theirs[:2]:
                        decided_by = "rating"
                    break
        previous = key
        won, drew = wins[team], draws[team]
        figure = mw[team]
        rows.append(
            StandingRow(
                rank,
                team,
                points[team],
                won,
                figure.played - won - drew,
                drew,
                byes[team],
                figure,
                omw[team],
                gw[team],
                ogw[team],
                key[4] if rated is None else key[4][2],
                decided_by,
            )
        )
    return tuple(rows)


def _shared_percentage(
    made: dict[tuple[int, int], WinPercentage], points: int, played: int, floor: Fraction
) -> WinPercentage:
    figure = made.get((points, played))
    if figure is None:
        figure = made[(points, played)] = _win_percentage(points, played, floor)
    return figure


def _opponent_pooled(
    figures: dict[int, WinPercentage], opponents: Mapping[int, list[int]]
) -> tuple[dict[int, OpponentAverage], dict[int, Fraction]]:
    """Each team's opponents' figures pooled (`StandingsRules.pooled_opponents`): the sum of each opponent's
    (floored) figure times what it played over the sum of what they played; its sort key (negated)."""
    values = MappingProxyType({team: figure.value for team, figure in figures.items()})
    averages: dict[int, OpponentAverage] = {}
    keys: dict[int, Fraction] = {}
    for team in figures:
        faced = opponents.get(team) or []
        weight = sum(max(figures[o].played, 1) for o in faced)
        pooled = (
            sum((values[o] * max(figures[o].played, 1) for o in faced), Fraction(0)) / weight if faced else Fraction(0)
        )
        averages[team] = OpponentAverage(tuple(faced), values, pooled.numerator, pooled.denominator)
        keys[team] = -pooled
    return averages, keys


def _opponent_averages(
    figures: dict[int, WinPercentage], opponents: Mapping[int, list[int]], *, pooled: bool = False
) -> tuple[dict[int, int], dict[int, OpponentAverage], dict[int, int]]:
    """Each team's own figure and its opponents' average as integers over one common scale, for the sort key,
    and the OpponentAverage with its parts. Sums and comparisons over one common denominator are exact integer
    work, much cheaper than Fractions. `pooled`: the opponents' figures pooled instead (_opponent_pooled)."""
    denominators = {figure.value.denominator for figure in figures.values()}
    denominator = math.lcm(*denominators) if denominators else 1
    values = MappingProxyType({team: figure.value for team, figure in figures.items()})
    scaled = {team: value.numerator * (denominator // value.denominator) for team, value in values.items()}
    counts_lcm = math.lcm(*{len(faced) for faced in opponents.values()}) if opponents else 1
    no_opponents = OpponentAverage(opponents=(), table=values, total=0, denominator=1)
    lookup = scaled.__getitem__
    averages: dict[int, OpponentAverage] = {}
    keys: dict[int, int] = {}
    for team in figures:
        faced = opponents.get(team)
        if not faced:
            averages[team] = no_opponents
            keys[team] = 0
            continue
        count = len(faced)
        total = sum(map(lookup, faced))
        averages[team] = OpponentAverage(tuple(faced), values, total, denominator * count)
        # total / (denominator x count), scaled by denominator x counts_lcm: one integer scale for every team.
        keys[team] = -total * (counts_lcm // count)
    if pooled:
        averages, keys = _opponent_pooled(figures, opponents)  # type: ignore[assignment]
    return scaled, averages, keys
