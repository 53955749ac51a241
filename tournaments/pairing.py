"""Swiss pairing for team events (RULES.md 4), as a pure engine over plain data.

The caller passes the active teams with their match points, their place in the current standings and their
history; the engine returns the pairings of one round and figures that describe their quality. Nothing here
touches the database, so the rules can be tested exhaustively and benchmarked in isolation.

Priorities, highest first:

1. every team is paired exactly once, or gets the bye;
2. the bye goes to a team with the fewest byes so far (so nobody gets a second bye while another team has had
   none), and among those to the lowest-ranked one;
3. no two teams meet twice while any other pairing exists (a rematch that cannot be avoided is made and
   reported, never refused);
4. as few pair-downs as possible, across as small a point gap as possible;
5. otherwise random, reproducibly from the seed.

Where 2 and 3 collide (the lowest-ranked eligible team's bye would force a rematch that another eligible
team's bye would not), the bye moves up to the next eligible team: 3 outranks the "lowest-ranked" preference
but never the "fewest byes" rule. docs/pairing.md explains the algorithm and why it is fast.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

__all__ = [
    "PairingEntrant",
    "PairingProblem",
    "RoundPairing",
    "bye_candidates",
    "check_pairing",
    "pair_round",
]


@dataclass(frozen=True)
class PairingEntrant:
    """One active team as the pairing engine sees it.

    rank is the caller's standings order, 0 for the best team; it decides who is "higher" in a pair, the table
    order among equal points and who gets the bye. opponents holds the ids of every team already met.
    """

    id: int
    points: int
    rank: int
    opponents: frozenset[int] = frozenset()
    byes: int = 0


@dataclass(frozen=True)
class RoundPairing:
    """The pairings of one round.

    pairs are (higher-ranked team, lower-ranked team) in table order, table 1 first; tables are ordered by the
    higher point total of the pair, then the lower, then the better rank. pair_downs counts pairs whose teams
    have different points, max_point_gap is the largest such difference (0 if none), rematches counts pairs of
    teams that have met before (only ever non-zero when no rematch-free pairing exists).
    """

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    pair_downs: int
    max_point_gap: int
    rematches: int


@dataclass(frozen=True)
class PairingProblem:
    """Something wrong with a (manually edited) pairing; message is meant for the organizer."""

    code: str  # "unknown_team", "self_pairing", "paired_twice", "left_out", "rematch", "bye_not_earned"
    teams: tuple[int, ...]
    message: str


Pair = tuple[PairingEntrant, PairingEntrant]

# Largest group-plus-neighbour the exact matching is run on to save a pair-down (networkx needs ~15 ms for 32
# teams, ~80 ms for 64, and grows with the cube). Past it the greedy result stands: still rematch-free, just
# with an extra pair-down, and in groups that large rematch constraints hardly ever bind anyway.
WINDOW_LIMIT = 64

# Fields up to this size are paired by the exact matching as a whole (about 15 ms for 32 teams): small events
# are where rematch constraints bind hardest, and there the exact answer costs nothing noticeable.
EXACT_LIMIT = 32


def bye_candidates(entrants: Sequence[PairingEntrant]) -> list[PairingEntrant]:
    """The teams that may get this round's bye, in the order the bye rule prefers them.

    Empty when the number of entrants is even. Otherwise the teams with the fewest byes so far, lowest-ranked
    first (highest rank number; ties in rank by higher id so the order is total).
    """
    if len(entrants) % 2 == 0:
        return []
    fewest = min(e.byes for e in entrants)
    eligible = [e for e in entrants if e.byes == fewest]
    return sorted(eligible, key=lambda e: (e.rank, e.id), reverse=True)


def pair_round(entrants: Sequence[PairingEntrant], *, seed: int) -> RoundPairing:
    """Pair one Swiss round.

    Promises: every entrant is in exactly one pair or is the bye (the bye exactly when the number is odd); the
    bye goes to a team with the fewest byes, the lowest-ranked such team unless only another one's bye allows
    fewer rematches (see bye_candidates); no pair is a rematch unless every possible pairing of the round
    contains at least that many rematches; teams are paired within their match-point group at random, an odd
    group sending one team down to the nearest group that can take it. Fields of up to EXACT_LIMIT teams (plus
    the bye) get the pairing with the smallest sum of squared point gaps; bigger ones a greedy approximation of
    it. The same entrants and seed always give the same result, whatever their order. Raises ValueError if two
    entrants share an id (a caller bug).
    """
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("pair_round: entrant ids must be unique")
    # A canonical input order makes the result independent of the order the caller happened to pass.
    ordered = sorted(entrants, key=lambda e: (e.rank, e.id))
    rng = random.Random(seed)

    candidates = bye_candidates(ordered)
    if not candidates:
        return _result(_pair_field(ordered, rng), None)
    if len(ordered) <= EXACT_LIMIT + 1:
        pairs, _, bye = _exact_pairs(ordered, rng, bye_order=candidates)
        return _result(pairs, bye)

    # Large field: the bye first, so the bye rule holds exactly and the rest is an even field.
    bye = candidates[0]
    pairs = _pair_field([e for e in ordered if e.id != bye.id], rng)
    if len(candidates) > 1 and any(b.id in a.opponents for a, b in pairs):
        # A rematch survives only when no rematch-free pairing exists with this bye (see _settle_bottom).
        # Another eligible team's bye might allow one; the exact matching with a virtual bye partner decides
        # that over the whole field. Slow on big fields, but only reached when rounds approach the field size.
        pairs, _, bye = _exact_pairs(ordered, rng, bye_order=candidates)
    return _result(pairs, bye)


def check_pairing(
    entrants: Sequence[PairingEntrant],
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    *,
    names: Mapping[int, str] | None = None,
) -> list[PairingProblem]:
    """Check a pairing, typically one an organizer edited by hand, against the pairing rules.

    Returns every problem found (an empty list means the pairing is acceptable): a team that is not an active
    entrant, a team paired with itself, a team paired twice (or paired and given the bye), an entrant left out,
    a rematch, and a bye given to a team that already has more byes than another entrant (a second bye while
    another team has had none). Messages name teams by names[id], or "team #<id>" when no name is given.
    """
    names = names or {}

    def label(team_id: int) -> str:
        return names.get(team_id) or f"team #{team_id}"

    by_id = {e.id: e for e in entrants}
    problems: list[PairingProblem] = []
    seats: list[int] = [team for pair in pairs for team in pair] + ([bye] if bye is not None else [])

    unknown = sorted({team for team in seats if team not in by_id})
    for team in unknown:
        problems.append(
            PairingProblem("unknown_team", (team,), f"{label(team)} is not an active team in this event.")
        )

    for a, b in pairs:
        if a == b:
            problems.append(PairingProblem("self_pairing", (a,), f"{label(a)} is paired against itself."))

    counts: dict[int, int] = {}
    for team in seats:
        counts[team] = counts.get(team, 0) + 1
    for team in sorted(t for t, n in counts.items() if n > 1 and t in by_id):
        problems.append(
            PairingProblem(
                "paired_twice", (team,), f"{label(team)} appears {counts[team]} times in this round's pairings."
            )
        )

    for team in sorted(t for t in by_id if t not in counts):
        problems.append(
            PairingProblem("left_out", (team,), f"{label(team)} is neither paired nor given the bye.")
        )

    for a, b in pairs:
        if a != b and a in by_id and b in by_id and b in by_id[a].opponents:
            problems.append(
                PairingProblem("rematch", (a, b), f"{label(a)} and {label(b)} have already played each other.")
            )

    if bye is not None and bye in by_id:
        had = by_id[bye].byes
        fewer = sorted((e for e in entrants if e.id != bye and e.byes < had), key=lambda e: (e.byes, e.rank, e.id))
        if fewer:
            shown = _join([label(e.id) for e in fewer[:3]] + ([f"{len(fewer) - 3} more"] if len(fewer) > 3 else []))
            fewest = fewer[0].byes
            problems.append(
                PairingProblem(
                    "bye_not_earned",
                    (bye, *(e.id for e in fewer)),
                    f"{label(bye)} would get bye number {had + 1} while {shown} "
                    f"{'has' if len(fewer) == 1 else 'have'} had "
                    f"{'none' if fewest == 0 else f'only {fewest}'}.",
                )
            )
    return problems


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# --- the algorithm -------------------------------------------------------------------------------------------


def _result(pairs: list[Pair], bye: PairingEntrant | None) -> RoundPairing:
    ordered = []
    for a, b in pairs:
        hi, lo = (a, b) if (a.rank, a.id) < (b.rank, b.id) else (b, a)
        ordered.append((hi, lo))
    ordered.sort(key=lambda p: (-max(p[0].points, p[1].points), -min(p[0].points, p[1].points), p[0].rank, p[0].id))
    gaps = [abs(a.points - b.points) for a, b in ordered]
    return RoundPairing(
        pairs=tuple((a.id, b.id) for a, b in ordered),
        bye=bye.id if bye is not None else None,
        pair_downs=sum(1 for g in gaps if g),
        max_point_gap=max(gaps, default=0),
        rematches=sum(1 for a, b in ordered if b.id in a.opponents),
    )


def _pair_field(entrants: list[PairingEntrant], rng: random.Random) -> list[Pair]:
    """Pair an even number of teams: greedy by point group top-down, exact only where greedy got stuck."""
    if len(entrants) <= EXACT_LIMIT:
        return _exact_pairs(entrants, rng)[0]
    groups: dict[int, list[PairingEntrant]] = {}
    for e in entrants:  # entrants come in rank order, so each group's starting order is deterministic
        groups.setdefault(e.points, []).append(e)
    levels = sorted(groups, reverse=True)
    for points in levels:
        rng.shuffle(groups[points])

    # One block per step: the teams the step paired (incoming floaters included) and the pairs it made.
    blocks: list[tuple[list[PairingEntrant], list[Pair]]] = []
    floaters: list[PairingEntrant] = []
    reopenable = False  # whether the last block is a plain greedy pool that a window may take back
    i = 0
    while i < len(levels):
        members = groups[levels[i]]
        last = i == len(levels) - 1
        made, out = _pair_pool(floaters, members, must_clear=last)
        parity = 0 if last else (len(floaters) + len(members)) % 2
        if len(out) > parity and i + 2 < len(levels):
            window = _repair_window(
                blocks, reopenable, floaters, members, groups[levels[i + 1]], levels[i + 2], len(out), rng
            )
            if window is not None:
                if reopenable:
                    blocks.pop()
                teams, made, out = window
                blocks.append((teams, made))
                floaters = sorted(out, key=lambda e: (-e.points, e.rank, e.id))
                reopenable = False
                i += 2
                continue
        blocks.append((floaters + members, made))
        floaters = sorted(out, key=lambda e: (-e.points, e.rank, e.id))
        reopenable = True
        i += 1
    pairs = [pair for _, made in blocks for pair in made]
    if floaters:
        pairs = _settle_bottom(pairs, floaters, levels, rng)
    return pairs


def _repair_window(
    blocks: list[tuple[list[PairingEntrant], list[Pair]]],
    reopenable: bool,
    floaters: list[PairingEntrant],
    members: list[PairingEntrant],
    neighbour: list[PairingEntrant],
    below: int,
    stuck: int,
    rng: random.Random,
) -> tuple[list[PairingEntrant], list[Pair], list[PairingEntrant]] | None:
    """Re-pair a group that pushed extra teams down, together with the group above and the one below, exactly.

    Rematches inside a group can leave teams without a partner. Often the group above can send different
    teams down, or the group below can take them, so that fewer teams float or they float less far; the exact
    matching finds that. Teams that still have to float are matched with spare virtual partners at the points
    of the group below the window. Returns (teams, pairs, floaters) or None when the window is too big to
    solve quickly or its exact pairing would need a rematch (then the greedy result, rematch-free, stands).
    """
    # The last block's teams include the floaters it sent into this group, so they are not counted twice.
    teams = (blocks[-1][0] if reopenable and blocks else floaters) + members + neighbour
    if len(teams) > WINDOW_LIMIT:
        return None
    # Enough virtual partners for the teams the greedy pass floated plus a couple more, and an even total.
    spare = stuck + 2
    spare += (len(teams) + spare) % 2
    made, out, _ = _exact_pairs(teams, rng, float_to=below, spare=spare)
    if any(b.id in a.opponents for a, b in made):
        return None
    return teams, made, out


def _pair_pool(
    floaters: list[PairingEntrant], members: list[PairingEntrant], *, must_clear: bool
) -> tuple[list[Pair], list[PairingEntrant]]:
    """Pair one point group plus the teams floating down into it; return the pairs and the teams that float on.

    Floaters pick first so they are paired as close to their own points as possible. Members are already
    shuffled, so taking the first allowed partner is a random choice. At most the parity team floats on,
    unless rematch constraints leave more teams without a partner even after local repair.
    """
    pairs: list[Pair] = []
    free = list(members)
    unmatched: list[PairingEntrant] = []
    for f in floaters:
        partner = _take_partner(f, free)
        if partner is None:
            unmatched.append(f)
        else:
            pairs.append((f, partner))
    while free:
        u = free.pop()
        partner = _take_partner(u, free)
        if partner is None:
            unmatched.append(u)
        else:
            pairs.append((u, partner))

    keep = 0 if must_clear else (len(floaters) + len(members)) % 2
    if len(unmatched) > keep:
        _augment(pairs, unmatched, keep)
    return pairs, unmatched


def _take_partner(team: PairingEntrant, free: list[PairingEntrant]) -> PairingEntrant | None:
    # Scanning from the end makes pop() cheap; rematches are sparse, so the scan is short in practice.
    for j in range(len(free) - 1, -1, -1):
        if free[j].id not in team.opponents:
            return free.pop(j)
    return None


def _augment(pairs: list[Pair], unmatched: list[PairingEntrant], keep: int) -> None:
    """Pair up unmatched teams, in place, through at most one existing pair (a-b becomes x-a and b-y).

    Greedy only fails where rematches are dense, which means small groups, so this short search is cheap
    and nearly always enough; what it cannot fix floats down and is settled exactly at the bottom.
    """
    progress = True
    while len(unmatched) > keep and progress:
        progress = False
        for i, x in enumerate(unmatched):
            for y in unmatched[i + 1 :]:
                if y.id not in x.opponents:
                    pairs.append((x, y))
                    progress = True
                else:
                    for k, (a, b) in enumerate(pairs):
                        if a.id not in x.opponents and b.id not in y.opponents:
                            pairs[k] = (x, a)
                            pairs.append((b, y))
                            progress = True
                            break
                        if b.id not in x.opponents and a.id not in y.opponents:
                            pairs[k] = (x, b)
                            pairs.append((a, y))
                            progress = True
                            break
                if progress:
                    unmatched.remove(x)
                    unmatched.remove(y)
                    break
            if progress:
                break


def _settle_bottom(
    pairs: list[Pair], leftovers: list[PairingEntrant], levels: list[int], rng: random.Random
) -> list[Pair]:
    """Re-pair the bottom of the field exactly when the greedy pass left teams over at the end.

    Only the lowest point groups are reopened, doubling the number of groups until the exact matching of the
    reopened part is rematch-free or the whole field is reopened. Because the greedy pairs above are
    rematch-free, a rematch survives only if the whole field has no rematch-free pairing, so rematches are
    minimal without ever running the exact matching on a big field when it is not needed.
    """
    ascending = levels[::-1]
    k = 2
    while True:
        cutoff = ascending[min(k, len(ascending)) - 1]
        whole = k >= len(ascending)
        reopened = [p for p in pairs if whole or min(p[0].points, p[1].points) <= cutoff]
        kept = [p for p in pairs if not (whole or min(p[0].points, p[1].points) <= cutoff)]
        teams = list(leftovers) + [t for p in reopened for t in p]
        solved = _exact_pairs(teams, rng)[0]
        if whole or not any(b.id in a.opponents for a, b in solved):
            return kept + solved
        k *= 2


def _exact_pairs(
    teams: list[PairingEntrant],
    rng: random.Random,
    *,
    float_to: int | None = None,
    spare: int = 0,
    bye_order: Sequence[PairingEntrant] = (),
) -> tuple[list[Pair], list[PairingEntrant], PairingEntrant | None]:
    """Pair teams exactly; return the pairs, the teams left to float down and the team given the bye.

    Minimises, in this order: rematches, the bye's place in bye_order, the sum of squared point gaps,
    pair-downs; remaining ties are broken at random. With bye_order (the eligible teams, preferred first) one
    virtual bye partner is added, linked to those teams only. With spare > 0 there are that many virtual
    partners at float_to points: a team matched with one floats down (counted as a pair-down to float_to),
    unused ones pair with each other for free. The number of nodes must be even.

    Squaring the gap is what makes an odd group pair down to the nearest group: two pair-downs of 3 points
    (9 + 9) beat one of 6 (36), as a chain of floaters does. The criteria are folded into one integer weight per
    edge whose units are far enough apart that no amount of a lower criterion can outweigh one unit of a higher
    one (integer weights also keep networkx exact).
    """
    n = len(teams)
    if n == 0:
        return [], [], None
    bye_node = n + spare if bye_order else None
    size = n + spare + (1 if bye_order else 0)
    points = [t.points for t in teams] + ([float_to] if spare and float_to is not None else [])
    max_gap_sq = (max(points) - min(points)) ** 2
    pairs_max = size // 2 + 1  # more than the number of pairs, so each unit outweighs all the lower levels
    jitter = size  # random tie-break in [0, jitter)
    down_unit = pairs_max * jitter
    gap_unit = pairs_max * (down_unit + jitter)
    lower = max_gap_sq * gap_unit + down_unit + jitter  # the most one pair can cost below the bye level
    bye_unit = pairs_max * lower
    rematch_unit = pairs_max * (len(bye_order) * bye_unit + lower)
    top = (pairs_max + 1) * rematch_unit

    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    for i in range(n):
        a = teams[i]
        for j in range(i + 1, n):
            b = teams[j]
            gap = a.points - b.points
            cost = rng.randrange(jitter) + gap * gap * gap_unit
            if gap:
                cost += down_unit
            if b.id in a.opponents:
                cost += rematch_unit
            graph.add_edge(i, j, weight=top - cost)
        if spare:
            gap = a.points - float_to
            cost = rng.randrange(jitter) + gap * gap * gap_unit + down_unit
            for j in range(n, n + spare):
                graph.add_edge(i, j, weight=top - cost)
    for i in range(n, n + spare):
        for j in range(i + 1, n + spare):
            graph.add_edge(i, j, weight=top)
    if bye_node is not None:
        index = {t.id: i for i, t in enumerate(teams)}
        for place, team in enumerate(bye_order):
            graph.add_edge(index[team.id], bye_node, weight=top - place * bye_unit)

    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs: list[Pair] = []
    floated: list[PairingEntrant] = []
    bye: PairingEntrant | None = None
    for i, j in sorted((min(e), max(e)) for e in matching):
        if j == bye_node:
            bye = teams[i]
        elif j < n:
            pairs.append((teams[i], teams[j]))
        elif i < n:
            floated.append(teams[i])
    return pairs, floated, bye
