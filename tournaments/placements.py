"""Final placings (RULES.md 4): the playoff first, then the Swiss standings. Pure: no ORM, plain ids in and out.

Winner 1st, finalist 2nd, then the teams that lost in each earlier playoff round, latest round first, each group
ordered by Swiss rank (its top-cut seed); then every other team in Swiss order. Before the playoff is over the
placings so far: the teams still in it come first (by seed, with the furthest stage they have reached), then the
teams it has eliminated. After a Day 2 cut (issue 42) the teams that played no Day 2 (those it did not advance and
those that dropped at or before it) come after every Day 2 team, in Swiss order among themselves. Disqualified teams
that did not reach the playoff come last: they keep their results for their opponents' tiebreakers but are placed
below every team still in good standing.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tournaments.topcut import Bracket

# "round_of_16", "round_of_32" ... for the bigger brackets (a top 16 or 32, a single-elimination event).
# "top_pod": a Commander night's final pod (multiplayer, issue 56).
STAGES = ("final", "semifinal", "quarterfinal", *(f"round_of_{2**k}" for k in range(4, 11)), "top_pod", "swiss")


@dataclass(frozen=True)
class Placing:
    place: int
    team: int
    stage: str  # one of STAGES: the furthest stage the team reached


def _stage(round_name: str) -> str:
    return round_name.lower().replace(" ", "_")


def final_placings(
    *,
    swiss_order: Sequence[int],
    bracket: Bracket | None,
    disqualified: Collection[int] = (),
    below_cut: Collection[int] = (),
) -> list[Placing]:
    """Every team of `swiss_order` (team ids, Swiss rank 1 first) once, placed.

    `bracket` is the top cut as it stands (None when the event has none or it has not started). Promises: the
    places are 1..n without gaps; with a decided final, 1st is the champion and 2nd the finalist; a team's stage
    is the playoff round it last played ("final" for both finalists) or "swiss". `below_cut`: the teams that
    played no Day 2, placed after every other team in good standing (and before the disqualified).
    """
    rank = {team: index for index, team in enumerate(swiss_order)}
    placed: list[tuple[int, str]] = []
    in_playoff: set[int] = set()
    if bracket is not None:
        eliminated: list[list[tuple[int, str]]] = []  # per playoff round, the teams that lost there
        reached: dict[int, str] = {}
        for matches in bracket.rounds:
            losers: list[tuple[int, str]] = []
            for match in matches:
                for team in (match.team_a, match.team_b):
                    if team is not None:
                        reached[team] = _stage(match.name)
                        in_playoff.add(team)
                if match.winner is not None and not match.bye:
                    loser = match.team_b if match.winner == match.team_a else match.team_a
                    if loser is not None:  # always: a played match has both teams
                        losers.append((loser, _stage(match.name)))
            eliminated.append(losers)
        # Placement matches order the teams that went out in the same round: their results in the order played,
        # a win first (the 5th-place match's loser above the 7th-place match's winner), then the Swiss order.
        placement_results: dict[int, list[int]] = {}
        for match in bracket.placement_matches:
            for team in (match.team_a, match.team_b):
                if team is not None:  # always: a placement match has both teams
                    placement_results.setdefault(team, []).append(1 if team == match.winner else 0)
        out = {team for losers in eliminated for team, _stage_name in losers}
        alive = sorted((t for t in in_playoff if t not in out), key=lambda t: rank.get(t, len(rank)))
        placed += [(team, reached[team]) for team in alive]
        for losers in reversed(eliminated):
            placed += sorted(
                losers,
                key=lambda item: ([-r for r in placement_results.get(item[0], [])] + [1], rank.get(item[0], len(rank))),
            )
    dq, below = set(disqualified), set(below_cut)
    rest = [t for t in swiss_order if t not in in_playoff]
    placed += [(t, "swiss") for t in rest if t not in dq and t not in below]
    placed += [(t, "swiss") for t in rest if t not in dq and t in below]
    placed += [(t, "swiss") for t in rest if t in dq]
    return [Placing(place=index, team=team, stage=stage) for index, (team, stage) in enumerate(placed, start=1)]


def placing_decided_by(placing: Placing, *, swiss_decided_by: str) -> str:
    """What put a finished event's team in its place: the playoff match it won or lost ("won the final", "lost the
    semifinal"), else the Swiss criterion that ranked it below the team above (`swiss_decided_by`)."""
    if placing.stage == "swiss":
        return swiss_decided_by
    if placing.place == 1 and placing.stage == "final":
        return "won the final"
    if placing.stage == "top_pod":
        return "won the top pod" if placing.place == 1 else "played the top pod"
    if placing.stage.startswith("round_of_"):
        return f"lost in the round of {placing.stage.rsplit('_', 1)[1]}"
    return f"lost the {placing.stage}"
