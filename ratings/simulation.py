"""A simulated rating season and the log-loss comparison of the two models (docs/ratings.md). Pure: no Django.

Players have a hidden true skill. Teams of three form from them and keep their members, except that now and then
a team replaces one (a team that changes a member keeps the others' history, RULES.md 8). Each event draws some
teams, plays Swiss-like rounds (teams with equal points meet, at random) and decides every team match from the
true skills: team A wins with probability logistic(sum of A's skills - sum of B's skills) less a small draw
chance. Half the events are casual (K 16), half competitive (K 32).

The comparison replays the first 80 % of the season's team matches (in order) through each model, then predicts
the held-out last 20 % with the ratings frozen, and scores the predictions by log loss (a draw is the target 0.5).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ratings.elo import RatedMatch, replay, win_probability
from ratings.openskill_model import openskill_replay

DRAW_CHANCE = 0.05
EPSILON = 1e-12


@dataclass(frozen=True)
class Season:
    matches: list[RatedMatch]
    skills: dict[int, float]


def simulate_season(
    *,
    players: int = 480,
    events: int = 60,
    teams_per_event: int = 16,
    rounds: int = 5,
    team_size: int = 3,
    seed: int = 1,
) -> Season:
    """Return a season's team matches in the order they were played, and the players' true skills.

    The same arguments give the same season. Raises ValueError when there aren't enough players for the teams.
    """
    if players < team_size * teams_per_event or teams_per_event < 2 or rounds < 1 or events < 1:
        raise ValueError("need at least team_size * teams_per_event players, 2 teams per event, 1 round, 1 event")
    rng = random.Random(seed)
    skills = {p: rng.gauss(0.0, 1.0) for p in range(1, players + 1)}
    pool = list(skills)
    rng.shuffle(pool)
    teams = [pool[i : i + team_size] for i in range(0, len(pool) - team_size + 1, team_size)]
    matches: list[RatedMatch] = []
    for event in range(1, events + 1):
        for team in teams:  # between events, a team now and then replaces a member with someone from another team
            if rng.random() < 0.1:
                other = rng.choice(teams)
                if other is not team:
                    i, j = rng.randrange(team_size), rng.randrange(team_size)
                    team[i], other[j] = other[j], team[i]
        k = 16 if event % 2 else 32
        entrants = [tuple(t) for t in rng.sample(teams, teams_per_event)]
        points = dict.fromkeys(range(len(entrants)), 0)
        for _round in range(rounds):
            order = sorted(points, key=lambda t: (-points[t], rng.random()))
            if len(order) % 2:
                points[order.pop()] += 3  # the bye: no rated match
            for a, b in zip(order[::2], order[1::2]):
                edge = sum(skills[p] for p in entrants[a]) - sum(skills[p] for p in entrants[b])
                p_a = 1.0 / (1.0 + math.exp(-edge))
                roll = rng.random()
                if roll < DRAW_CHANCE:
                    outcome = "D"
                    points[a] += 1
                    points[b] += 1
                elif rng.random() < p_a:
                    outcome = "A"
                    points[a] += 3
                else:
                    outcome = "B"
                    points[b] += 3
                matches.append(RatedMatch(event=event, team_a=entrants[a], team_b=entrants[b], outcome=outcome, k=k))
    return Season(matches=matches, skills=skills)


def log_loss(probabilities: list[float], outcomes: list[str]) -> float:
    """Mean binary log loss of P(team A wins) against the outcomes (A 1, D 0.5, B 0)."""
    total = 0.0
    for p, outcome in zip(probabilities, outcomes, strict=True):
        y = {"A": 1.0, "D": 0.5, "B": 0.0}[outcome]
        p = min(max(p, EPSILON), 1 - EPSILON)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(outcomes)


def compare_models(season: Season, *, held_out: float = 0.2) -> dict:
    """Train both models on the first (1 - held_out) of the season, predict the rest frozen; log loss of each.

    Returns matches, train, test, elo_log_loss, openskill_log_loss, coin_log_loss (always 0.5: ln 2) and
    better ("elo" or "openskill", the lower log loss).
    """
    cut = int(len(season.matches) * (1 - held_out))
    train, test = season.matches[:cut], season.matches[cut:]
    if not train or not test:
        raise ValueError("the season is too short to hold out a test part")
    elo = replay(train)
    ratings = {p: line.rating for p, line in elo.players.items()}
    elo_p = [
        win_probability([ratings.get(p, 1600.0) for p in m.team_a], [ratings.get(p, 1600.0) for p in m.team_b])
        for m in test
    ]
    skill = openskill_replay(train)
    skill_p = [skill.win_probability(m.team_a, m.team_b) for m in test]
    outcomes = [m.outcome for m in test]
    elo_loss, skill_loss = log_loss(elo_p, outcomes), log_loss(skill_p, outcomes)
    return {
        "matches": len(season.matches),
        "train": len(train),
        "test": len(test),
        "elo_log_loss": round(elo_loss, 4),
        "openskill_log_loss": round(skill_loss, 4),
        "coin_log_loss": round(math.log(2), 4),
        "better": "elo" if elo_loss < skill_loss else "openskill",
    }
