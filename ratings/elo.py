"""The DCI's Elo over team matches (RULES.md 8): a pure engine, no ORM, no Django.

Every player starts at 1600. A team match updates every member of both teams: each member is rated against the
other team's mean rating before the match, `new = old + K * (score - expected)` with score 1 for a win, 0.5 for a
draw and 0 for a loss, and `expected = 1 / (1 + 10 ** ((opponents_mean - own) / 400))`. K comes from the
event's importance. A bye has no opponent and changes nothing. Ratings are a function of the ordered match list
alone, so replaying the history reproduces every rating.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

START_RATING = 1600.0
SCALE = 400.0
SCORES = {"A": (1.0, 0.0), "B": (0.0, 1.0), "D": (0.5, 0.5)}


class RatingError(ValueError):
    """A match that can't be rated (the same player on both teams, an unknown outcome, a negative K)."""


@dataclass(frozen=True)
class RatedMatch:
    """One team match as the engine sees it. `team_b` empty: a bye. `outcome` from team A's side: A, B or D.

    `event` groups the matches into the history entries a player's plot shows (one point per event).
    """

    event: int
    team_a: tuple[int, ...]
    team_b: tuple[int, ...]
    outcome: str
    k: float


@dataclass
class PlayerLine:
    """A player's rating and record in one category after the matches replayed so far."""

    rating: float = START_RATING
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    peak: float = START_RATING


@dataclass
class EventLine:
    """What one event did to one player's rating: the rating before and after, and the matches it counted."""

    event: int
    player: int
    before: float
    after: float
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass
class EloResult:
    players: dict[int, PlayerLine] = field(default_factory=dict)
    history: list[EventLine] = field(default_factory=list)
    matches: int = 0


def expected_score(own: float, opponents: float) -> float:
    """The probability-like score the Elo model expects of a player rated `own` against `opponents`."""
    return 1.0 / (1.0 + 10.0 ** ((opponents - own) / SCALE))


def team_mean(ratings: Sequence[float]) -> float:
    return sum(ratings) / len(ratings)


def win_probability(team_a: Sequence[float], team_b: Sequence[float]) -> float:
    """The Elo model's expectation that team A beats team B, from their members' ratings (team means)."""
    return expected_score(team_mean(team_a), team_mean(team_b))


def update_match(ratings: dict[int, float], match: RatedMatch) -> dict[int, float]:
    """Return the new ratings of both teams' members after `match` (a bye: an empty dict). Pure.

    Both teams are rated from the ratings before the match, so the order of the members doesn't matter.
    Players missing from `ratings` start at 1600.
    """
    if not match.team_b:
        return {}
    if match.outcome not in SCORES:
        raise RatingError(f"unknown outcome {match.outcome!r}: use A, B or D")
    if match.k < 0:
        raise RatingError("K can't be negative")
    if set(match.team_a) & set(match.team_b):
        raise RatingError("a player can't be on both teams of a match")
    a = [ratings.get(p, START_RATING) for p in match.team_a]
    b = [ratings.get(p, START_RATING) for p in match.team_b]
    mean_a, mean_b = team_mean(a), team_mean(b)
    score_a, score_b = SCORES[match.outcome]
    new = {}
    for player, old in zip(match.team_a, a):
        new[player] = old + match.k * (score_a - expected_score(old, mean_b))
    for player, old in zip(match.team_b, b):
        new[player] = old + match.k * (score_b - expected_score(old, mean_a))
    return new


def replay(matches: Iterable[RatedMatch]) -> EloResult:
    """Replay matches in the order given (the caller orders them: event date, event, round, table).

    Returns every player's final line and one history entry per (event, player) that played a rated match,
    in the order the events were first met; a player's entry for an event opens at their first match in it.
    Byes are skipped: they change no rating and count no match. Gives exactly what applying update_match to
    each match in turn gives (tests/ratings/test_elo.py checks it); this loop is the same arithmetic over
    plain lists, because a rebuild replays every match of a category (docs/ratings.md, bench_ratings).
    """
    # The replay allocates a few objects per match and frees none: the cyclic collector would walk them over and
    # over for nothing (about a fifth of the replay's time on 200,000 matches), so it pauses meanwhile.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _replay(matches)
    finally:
        if collecting:
            gc.enable()


def _replay(matches: Iterable[RatedMatch]) -> EloResult:
    index: dict[int, int] = {}
    ids: list[int] = []
    rating: list[float] = []
    peak: list[float] = []
    played_n: list[int] = []
    won: list[int] = []
    lost: list[int] = []
    drawn: list[int] = []
    entry_at: list[int] = []  # per player: the position of their open history entry, -1 for none
    entry_event: list[object] = []  # per player: the event of that entry
    # The history as parallel columns (event, player, before, after, matches, wins, losses, draws).
    h_event: list[object] = []
    h_player: list[int] = []
    h_before: list[float] = []
    h_after: list[float] = []
    h_matches: list[int] = []
    h_wins: list[int] = []
    h_losses: list[int] = []
    h_draws: list[int] = []
    columns = {
        "A": (1.0, 0.0, won, lost, h_wins, h_losses),
        "B": (0.0, 1.0, lost, won, h_losses, h_wins),
        "D": (0.5, 0.5, drawn, drawn, h_draws, h_draws),
    }
    played = 0
    for match in matches:
        team_b = match.team_b
        if not team_b:
            continue
        team_a = match.team_a
        try:
            score_a, score_b, count_a, count_b, h_count_a, h_count_b = columns[match.outcome]
        except KeyError:
            raise RatingError(f"unknown outcome {match.outcome!r}: use A, B or D") from None
        k = match.k
        if k < 0:
            raise RatingError("K can't be negative")
        event = match.event
        slots_a: list[int] = []
        slots_b: list[int] = []
        for team, slots in ((team_a, slots_a), (team_b, slots_b)):
            for player in team:
                i = index.get(player)
                if i is None:
                    i = index[player] = len(ids)
                    ids.append(player)
                    rating.append(START_RATING)
                    peak.append(START_RATING)
                    played_n.append(0)
                    won.append(0)
                    lost.append(0)
                    drawn.append(0)
                    entry_at.append(-1)
                    entry_event.append(None)
                slots.append(i)
        if len({*slots_a, *slots_b}) != len(slots_a) + len(slots_b):
            raise RatingError("a player can't be on both teams of a match")
        mean_a = sum([rating[i] for i in slots_a]) / len(slots_a)
        mean_b = sum([rating[i] for i in slots_b]) / len(slots_b)
        for slots, score, opponents, count, h_count in (
            (slots_a, score_a, mean_b, count_a, h_count_a),
            (slots_b, score_b, mean_a, count_b, h_count_b),
        ):
            for i in slots:
                old = rating[i]
                new = old + k * (score - 1.0 / (1.0 + 10.0 ** ((opponents - old) / SCALE)))
                at = entry_at[i]
                if at < 0 or entry_event[i] != event:
                    entry_event[i] = event
                    at = entry_at[i] = len(h_event)
                    h_event.append(event)
                    h_player.append(ids[i])
                    h_before.append(old)
                    h_after.append(new)
                    h_matches.append(0)
                    h_wins.append(0)
                    h_losses.append(0)
                    h_draws.append(0)
                rating[i] = h_after[at] = new
                if new > peak[i]:
                    peak[i] = new
                played_n[i] += 1
                count[i] += 1
                h_matches[at] += 1
                h_count[at] += 1
        played += 1
    players = {
        ids[i]: PlayerLine(
            rating=rating[i], matches=played_n[i], wins=won[i], losses=lost[i], draws=drawn[i], peak=peak[i]
        )
        for i in range(len(ids))
    }
    history = list(map(EventLine, h_event, h_player, h_before, h_after, h_matches, h_wins, h_losses, h_draws))
    return EloResult(players=players, history=history, matches=played)
