"""The optional modern model: OpenSkill's Weng-Lin Bayesian rating over teams (the `openskill` package).

An adapter only: the same ordered RatedMatch list the Elo engine replays goes in, each player's (mu, sigma) comes
out. Plackett-Luce is OpenSkill's default and handles teams natively (a team's skill is the sum of its members');
a draw is two teams sharing rank 0. Like the Elo engine, it has no ORM and no Django, so a rating is reproducible
from the history alone. It does not use K: the uncertainty sigma sets how far one result moves a rating.

Displayed on Elo's scale: OpenSkill's conservative `ordinal` (mu - 3 sigma) is shown as is, and its defaults
(mu 25, sigma 25/3) are OpenSkill's own, so nobody mistakes one model's number for the other's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from ratings.elo import SCORES, RatedMatch, RatingError


@dataclass
class SkillLine:
    mu: float
    sigma: float
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate OpenSkill ranks by: mu - 3 sigma."""
        return self.mu - 3.0 * self.sigma


def new_model() -> PlackettLuce:
    """OpenSkill's Plackett-Luce model with its published defaults (mu 25, sigma 25/3, beta 25/6)."""
    return PlackettLuce()


class OpenSkillReplay:
    """Replays team matches through OpenSkill and predicts matches from the ratings so far."""

    def __init__(self) -> None:
        self.model = new_model()
        self._ratings: dict[int, PlackettLuceRating] = {}
        self.matches = 0

    def _rating(self, player: int) -> PlackettLuceRating:
        rating = self._ratings.get(player)
        if rating is None:
            rating = self._ratings[player] = self.model.rating()
        return rating

    def win_probability(self, team_a: Sequence[int], team_b: Sequence[int]) -> float:
        """The model's probability that team A beats team B (OpenSkill's predict_win over the two teams)."""
        a = [self._rating(p) for p in team_a]
        b = [self._rating(p) for p in team_b]
        return float(self.model.predict_win([a, b])[0])

    def play(self, match: RatedMatch) -> None:
        """Apply one match (a bye changes nothing)."""
        if not match.team_b:
            return
        if match.outcome not in SCORES:
            raise RatingError(f"unknown outcome {match.outcome!r}: use A, B or D")
        if set(match.team_a) & set(match.team_b):
            raise RatingError("a player can't be on both teams of a match")
        ranks: list[float] = {"A": [0.0, 1.0], "B": [1.0, 0.0], "D": [0.0, 0.0]}[match.outcome]
        teams = [[self._rating(p) for p in match.team_a], [self._rating(p) for p in match.team_b]]
        rated = self.model.rate(teams, ranks=ranks)
        for ids, new in zip((match.team_a, match.team_b), rated):
            for player, rating in zip(ids, new):
                self._ratings[player] = rating
        self.matches += 1

    def lines(self) -> dict[int, SkillLine]:
        return {p: SkillLine(mu=float(r.mu), sigma=float(r.sigma)) for p, r in self._ratings.items()}


def openskill_replay(matches: Iterable[RatedMatch]) -> OpenSkillReplay:
    """Replay every match in order and return the replay (its `lines()` are each player's mu and sigma)."""
    replay = OpenSkillReplay()
    for match in matches:
        replay.play(match)
    return replay
