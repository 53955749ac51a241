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
but never the "fewest byes" rule.

Small fields also look ahead (completability, as FIDE's Dutch rules call it): given the number of rounds still
to come, a round is paired only in a way that lets those rounds be paired without rematches, when any such way
exists; this ranks just below 3. docs/pairing.md explains the algorithm and why it is fast.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import numpy as np
import rustworkx as rx

from common.textlist import text_list

__all__ = [
    "ConstrainedPairing",
    "PairingConstraints",
    "PairingEntrant",
    "PairingProblem",
    "RoundPairing",
    "avoided_pairs_made",
    "bye_candidates",
    "check_pairing",
    "number_tables",
    "pair_round",
    "pair_round_constrained",
    "split_advance_byes",
    "untangle_avoided",
    "with_avoidance",
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

    code: str  # "unknown_team", "self_pairing", "paired_twice", "left_out", "rematch", "avoided", "bye_not_earned"
    teams: tuple[int, ...]
    message: str


Pair = tuple[PairingEntrant, PairingEntrant]

# Largest group-plus-neighbours window the exact matching is run on to save a pair-down (rustworkx pairs 64
# teams in about 2 ms; the blossom algorithm grows with the cube). Past it the greedy result stands: still
# rematch-free, just with an extra pair-down, and in groups that large rematch constraints hardly ever bind.
WINDOW_LIMIT = 64

# At most this many windows per round: a history that makes nearly every group float teams (hundreds of tiny
# score groups after a long event with drops) would otherwise run hundreds of matchings. Past it greedy stands.
WINDOW_BUDGET = 24

# Fields up to this size are paired by the exact matching as a whole (a few ms with rustworkx): small events
# are where rematch constraints bind hardest, and there the exact answer costs nothing noticeable. Greedy was
# measured suboptimal in 2.7 % of rounds at 33-64 teams, so the limit is 64.
EXACT_LIMIT = 64

# When the greedy pass leaves teams over at the bottom, the lowest 16, 32 ... teams are re-paired exactly, up to
# this many; past it a rematch is removed, if any pairing without it exists, by augmenting paths (_repair).
SETTLE_LIMIT = 64

# Completability look-ahead: fields up to this size, and at most this many search steps per round (a count,
# not a clock, so the same input always gives the same pairing). Beyond the budget the round is paired without
# look-ahead; docs/pairing.md gives the measured cost.
LOOKAHEAD_LIMIT = 16
LOOKAHEAD_BUDGET = 60_000
LOOKAHEAD_CANDIDATES = 20_000

_rank_order = attrgetter("rank", "id")


def bye_candidates(entrants: Sequence[PairingEntrant]) -> list[PairingEntrant]:
    """The teams that may get this round's bye, in the order the bye rule prefers them.

    Empty when the number of entrants is even. Otherwise the teams with the fewest byes so far, lowest-ranked
    first (highest rank number; ties in rank by higher id so the order is total).
    """
    if len(entrants) % 2 == 0:
        return []
    fewest = min(e.byes for e in entrants)
    eligible = [e for e in entrants if e.byes == fewest]
    return sorted(eligible, key=_rank_order, reverse=True)


def pair_first_round_seeded(entrants: Sequence[PairingEntrant]) -> RoundPairing:
    """Pair round 1 of an event seeded by rating: the caller ranks the entrants by rating, best first (rank 0).

    Promises: with an odd number the lowest-ranked team gets the bye; the others are split into a top and a
    bottom half and the i-th team of the top half meets the i-th of the bottom half (1 against n/2 + 1, the way
    seeded Swiss events start), table 1 holding the best-ranked team. Results are the same for the same entrants
    in any order. Raises ValueError if two entrants share an id or any entrant has points, opponents or byes
    already (only a first round can be seeded).
    """
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("pair_first_round_seeded: entrant ids must be unique")
    if any(e.points or e.opponents or e.byes for e in entrants):
        raise ValueError("pair_first_round_seeded: only a first round (no points, opponents or byes) is seeded")
    ordered = sorted(entrants, key=_rank_order)
    field = ordered[:-1] if len(ordered) % 2 else ordered
    bye = ordered[-1] if len(ordered) % 2 else None
    half = len(field) // 2
    pairs = [(field[i], field[i + half]) for i in range(half)]
    return _result(pairs, bye, ordered)


def pair_round(entrants: Sequence[PairingEntrant], *, seed: int, rounds_left: int = 0) -> RoundPairing:
    """Pair one Swiss round.

    Promises: every entrant is in exactly one pair or is the bye (the bye exactly when the number is odd); the
    bye goes to a team with the fewest byes, the lowest-ranked such team unless only another one's bye allows
    fewer rematches (see bye_candidates); no pair is a rematch unless every possible pairing of the round
    contains at least that many rematches; teams are paired within their match-point group at random, an odd
    group sending one team down to the nearest group that can take it. Fields of up to EXACT_LIMIT teams (plus
    the bye) get the pairing with the smallest sum of squared point gaps; bigger ones a greedy approximation of
    it, with exact windows where greedy gets stuck.

    `rounds_left` is the number of Swiss rounds still to be paired after this one. For fields of up to
    LOOKAHEAD_LIMIT teams whose round can be paired without a rematch, the round is paired, when any such
    pairing exists, so that the next `rounds_left` rounds can all be paired without rematches (and the bye
    rule kept); when none exists, so that as many of them as possible can. Among those pairings the
    priorities above choose. Results are the same for the same entrants (in any order), seed and rounds_left.
    Raises ValueError if two entrants share an id (a caller bug) or rounds_left is negative.
    """
    ids = [e.id for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("pair_round: entrant ids must be unique")
    if rounds_left < 0:
        raise ValueError("pair_round: rounds_left can't be negative")
    # A canonical input order makes the result independent of the order the caller happened to pass.
    ordered = sorted(entrants, key=_rank_order)
    rng = random.Random(seed)

    candidates = bye_candidates(ordered)
    if len(ordered) <= EXACT_LIMIT + 1:
        pairs, _, bye = _exact_pairs(ordered, rng, bye_order=candidates)
        if rounds_left and len(ordered) <= LOOKAHEAD_LIMIT:
            pairs, bye = _look_ahead(ordered, candidates, pairs, bye, rounds_left, rng)
        return _result(pairs, bye, ordered)

    # Large field: the bye first, so the bye rule holds exactly and the rest is an even field.
    bye = candidates[0] if candidates else None
    field = [e for e in ordered if e is not bye] if bye is not None else ordered
    pairs = _pair_field(field, rng)
    result = _result(pairs, bye, ordered)
    if result.rematches:
        # A rematch survives the greedy pass, its windows and the bottom only when the field, this bye given,
        # has no pairing without it, or the search was cut short. Augmenting paths over the whole "not met
        # yet" graph settle it, the bye free to move to any other eligible team: rematches end up minimal.
        result = _result(*_repair(ordered, pairs, bye, candidates), ordered)
    return result


def check_pairing(
    entrants: Sequence[PairingEntrant],
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    *,
    names: Mapping[int, str] | None = None,
    avoid: Collection[frozenset[int]] = (),
) -> list[PairingProblem]:
    """Check a pairing, typically one an organizer edited by hand, against the pairing rules.

    Returns every problem found (an empty list means the pairing is acceptable): a team that is not an active
    entrant, a team paired with itself, a team paired twice (or paired and given the bye), an entrant left out,
    a rematch, a pair the organizer asked to avoid (`avoid`, pairs of ids), and a bye given to a team that
    already has more byes than another entrant (a second bye while another team has had none). Messages name
    teams by names[id], or "team #<id>" when no name is given.
    """
    names = names or {}

    def label(team_id: int) -> str:
        return names.get(team_id) or _("team #%(id)s") % {"id": team_id}

    by_id = {e.id: e for e in entrants}
    problems: list[PairingProblem] = []
    seats: list[int] = [team for pair in pairs for team in pair] + ([bye] if bye is not None else [])

    unknown = sorted({team for team in seats if team not in by_id})
    for team in unknown:
        problems.append(
            PairingProblem(
                "unknown_team", (team,), _("%(team)s is not an active team in this event.") % {"team": label(team)}
            )
        )

    for a, b in pairs:
        if a == b:
            problems.append(
                PairingProblem("self_pairing", (a,), _("%(team)s is paired against itself.") % {"team": label(a)})
            )

    counts: dict[int, int] = {}
    for team in seats:
        counts[team] = counts.get(team, 0) + 1
    for team in sorted(t for t, n in counts.items() if n > 1 and t in by_id):
        problems.append(
            PairingProblem(
                "paired_twice",
                (team,),
                ngettext(
                    "%(team)s appears %(n)d time in this round's pairings.",
                    "%(team)s appears %(n)d times in this round's pairings.",
                    counts[team],
                )
                % {"team": label(team), "n": counts[team]},
            )
        )

    for team in sorted(t for t in by_id if t not in counts):
        problems.append(
            PairingProblem(
                "left_out", (team,), _("%(team)s is neither paired nor given the bye.") % {"team": label(team)}
            )
        )

    for a, b in pairs:
        if a != b and a in by_id and b in by_id and b in by_id[a].opponents:
            problems.append(
                PairingProblem(
                    "rematch",
                    (a, b),
                    _("%(a)s and %(b)s have already played each other.") % {"a": label(a), "b": label(b)},
                )
            )
        if frozenset((a, b)) in avoid:
            problems.append(
                PairingProblem(
                    "avoided",
                    (a, b),
                    _("%(a)s and %(b)s are a pair the organizer asked to avoid.") % {"a": label(a), "b": label(b)},
                )
            )

    if bye is not None and bye in by_id:
        had = by_id[bye].byes
        fewer = sorted((e for e in entrants if e.id != bye and e.byes < had), key=lambda e: (e.byes, e.rank, e.id))
        if fewer:
            more = len(fewer) - 3
            shown = text_list([label(e.id) for e in fewer[:3]] + ([_("%(n)d more") % {"n": more}] if more > 0 else []))
            fewest = fewer[0].byes
            values = {"team": label(bye), "number": had + 1, "others": shown, "byes": fewest}
            if fewest == 0:
                message = (
                    ngettext(
                        "%(team)s would get bye number %(number)d while %(others)s has had none.",
                        "%(team)s would get bye number %(number)d while %(others)s have had none.",
                        len(fewer),
                    )
                    % values
                )
            else:
                message = (
                    ngettext(
                        "%(team)s would get bye number %(number)d while %(others)s has had only %(byes)d.",
                        "%(team)s would get bye number %(number)d while %(others)s have had only %(byes)d.",
                        len(fewer),
                    )
                    % values
                )
            problems.append(PairingProblem("bye_not_earned", (bye, *(e.id for e in fewer)), message))
    return problems


# --- constraints an organizer sets before the round (issue 42) ----------------------------------------------


@dataclass(frozen=True)
class PairingConstraints:
    """What the organizer fixed for an event, as plain data the engine applies to one round.

    advance_byes maps a team to the byes it earned in advance (0-3): it gets a bye in rounds 1 to that number
    and is not paired in them. avoid holds pairs of teams (frozensets of two ids) that should not meet while any
    other pairing exists: the engine treats such a pair exactly like a rematch. fixed_tables maps a team to the
    table it keeps all event (accessibility); the other tables are numbered around it.
    """

    advance_byes: Mapping[int, int] = field(default_factory=dict)
    avoid: frozenset[frozenset[int]] = frozenset()
    fixed_tables: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ConstrainedPairing:
    """One round paired under PairingConstraints.

    pairs are in table order as pair_round orders them and tables[i] is the table number of pairs[i] (fixed
    tables kept, the others numbered from 1 around them). advance_byes are the teams sitting the round out on a
    bye earned in advance, bye the round's ordinary bye (odd field) or None. rematches counts pairs that met
    before, avoided the pairs the organizer asked to avoid that had to be made all the same (only when no
    pairing without them, or without a rematch, exists).
    """

    pairs: tuple[tuple[int, int], ...]
    tables: tuple[int, ...]
    advance_byes: tuple[int, ...]
    bye: int | None
    rematches: int
    avoided: tuple[tuple[int, int], ...]
    pair_downs: int
    max_point_gap: int


def split_advance_byes(
    entrants: Sequence[PairingEntrant], advance_byes: Mapping[int, int], round_number: int
) -> tuple[list[PairingEntrant], tuple[int, ...]]:
    """Split the field of round `round_number` into the teams to pair and the teams on an advance bye.

    A team with N byes in advance sits out rounds 1 to N (a bye each, counted as the rules count any bye). The
    byes come back in id order so the result doesn't depend on the caller's order.
    """
    # Looked up from the (few) holders, not from the field: past round 3 this costs nothing at 8,192 teams.
    holders = {team for team, byes in advance_byes.items() if byes >= round_number}
    if not holders:
        return list(entrants), ()
    sitting = {e.id for e in entrants if e.id in holders}
    return [e for e in entrants if e.id not in sitting], tuple(sorted(sitting))


def with_avoidance(entrants: Sequence[PairingEntrant], avoid: Collection[frozenset[int]]) -> list[PairingEntrant]:
    """The entrants with each avoided partner added to their opponents, so the engine pairs an avoided pair
    only when it would pair a rematch: when nothing else works. Unchanged (the same objects) without pairs."""
    if not avoid:
        return list(entrants)
    extra: dict[int, set[int]] = {}
    for pair in avoid:
        if len(pair) != 2:
            continue
        a, b = tuple(pair)
        extra.setdefault(a, set()).add(b)
        extra.setdefault(b, set()).add(a)
    # The constructor, not dataclasses.replace: replace costs ~10x more, and this runs on every round of a big event.
    return [
        PairingEntrant(e.id, e.points, e.rank, e.opponents | extra[e.id], e.byes) if e.id in extra else e
        for e in entrants
    ]


def avoided_pairs_made(
    pairs: Sequence[tuple[int, int]], avoid: Collection[frozenset[int]]
) -> tuple[tuple[int, int], ...]:
    """The pairs of the round that the organizer asked to avoid, in table order."""
    if not avoid:
        return ()
    members = {team for pair in avoid for team in pair}
    return tuple((a, b) for a, b in pairs if a in members and frozenset((a, b)) in avoid)


def number_tables(pairs: Sequence[tuple[int, int]], fixed_tables: Mapping[int, int]) -> tuple[int, ...]:
    """Table numbers for pairs in table order: a pair with a team holding a fixed table sits there (the first
    team's table if both hold one); the other pairs take the free numbers from 1 up, in order, flowing around
    the fixed ones. Promises distinct positive numbers; without fixed tables simply 1, 2, 3 ... A fixed table
    claimed twice (a caller bug the models forbid) goes to the first pair, the second flows like the others."""
    count = len(pairs)
    if not fixed_tables:
        return tuple(range(1, count + 1))
    kept: dict[int, int] = {}  # pair index -> its fixed table
    for index, (a, b) in enumerate(pairs):
        if a in fixed_tables or b in fixed_tables:
            table = fixed_tables.get(a) or fixed_tables.get(b)
            if table is not None and table > 0 and table not in kept.values():
                kept[index] = table
    taken = set(kept.values())
    free = [k for k in range(1, count + len(taken) + 1) if k not in taken][: count - len(kept)]
    # The free numbers in order, the fixed ones put in at their pairs' places (a handful of inserts).
    for index in sorted(kept):
        free.insert(index, kept[index])
    return tuple(free)


def untangle_avoided(
    pairs: Sequence[tuple[int, int]], avoid: Collection[frozenset[int]]
) -> tuple[tuple[int, int], ...]:
    """Pairs made by a fixed rule (round 1 of an event seeded by rating: 1 v n/2 + 1 ...) with each pair to avoid
    broken up where a neighbour allows it: its second team swaps with the second team of the next pair (else the
    previous one) when neither new pair is to be avoided. A pair it can't untangle stays, and is reported as any
    avoided pair made. Without pairs to avoid, the pairs as they are."""
    out = [list(pair) for pair in pairs]
    for i, (a, b) in enumerate(out):
        if frozenset((a, b)) not in avoid:
            continue
        for j in (i + 1, i - 1):
            if 0 <= j < len(out):
                c, d = out[j]
                if frozenset((a, d)) not in avoid and frozenset((c, b)) not in avoid:
                    out[i][1], out[j][1] = d, b
                    break
    return tuple((a, b) for a, b in out)


def pair_round_constrained(
    entrants: Sequence[PairingEntrant],
    *,
    seed: int,
    round_number: int,
    constraints: PairingConstraints,
    rounds_left: int = 0,
    avoid_merged: bool = False,
) -> ConstrainedPairing:
    """Pair round `round_number` of a Swiss event under the organizer's constraints.

    Promises everything pair_round promises for the teams not on an advance bye, with each avoided pair counted
    as a rematch would be (made only when no pairing has fewer rematches and avoided pairs together, and then
    reported in `avoided`); the teams with byes in advance left to round `round_number` sit it out; fixed tables
    kept (number_tables). Same input, same result.

    `avoid_merged`: the caller built the entrants with their avoided partners among their opponents already (as
    with_avoidance would; a caller building the opponents anyway does it for nothing, while this function would
    pass over the whole field again). An avoided pair that had also met before then counts as avoided only.
    """
    field_, advance = split_advance_byes(entrants, constraints.advance_byes, round_number)
    if len(field_) < 2:
        return ConstrainedPairing((), (), advance, field_[0].id if field_ else None, 0, (), 0, 0)
    paired = field_ if avoid_merged else with_avoidance(field_, constraints.avoid)
    result = pair_round(paired, seed=seed, rounds_left=rounds_left)
    # The engine counted each avoided pair it made as a rematch; nearly always there are none of either.
    avoided = avoided_pairs_made(result.pairs, constraints.avoid) if result.rematches else ()
    rematches = result.rematches
    if avoided:
        chosen = {a for a, _b in avoided}
        met = {e.id: e.opponents for e in field_ if e.id in chosen}
        rematches -= sum(1 for a, b in avoided if avoid_merged or b not in met[a])
    return ConstrainedPairing(
        pairs=result.pairs,
        tables=number_tables(result.pairs, constraints.fixed_tables),
        advance_byes=advance,
        bye=result.bye,
        rematches=rematches,
        avoided=avoided,
        pair_downs=result.pair_downs,
        max_point_gap=result.max_point_gap,
    )


# --- the algorithm -------------------------------------------------------------------------------------------


def _result(pairs: list[Pair], bye: PairingEntrant | None, ordered: list[PairingEntrant]) -> RoundPairing:
    # One pass per pair, then one sort of flat tuples (higher points first, then lower points, then the
    # better-ranked team): lambda keys and a dict of places made this a third of the pairing time at 8,192
    # teams. `ordered` (the field in rank order) is kept in the signature for callers that need the field.
    bye_id = bye.id if bye is not None else None
    rows: list[tuple[int, int, int, int, int]] = []
    append = rows.append
    pair_downs = max_gap = rematches = 0
    for a, b in pairs:
        a_rank, b_rank = a.rank, b.rank
        if b_rank < a_rank or (b_rank == a_rank and b.id < a.id):
            a, b = b, a
        top, bottom = a.points, b.points
        if top < bottom:
            top, bottom = bottom, top
        if top != bottom:
            pair_downs += 1
            if top - bottom > max_gap:
                max_gap = top - bottom
        if b.id in a.opponents:
            rematches += 1
        append((-top, -bottom, a.rank, a.id, b.id))
    rows.sort()
    return RoundPairing(
        pairs=tuple([(row[3], row[4]) for row in rows]),
        bye=bye_id,
        pair_downs=pair_downs,
        max_point_gap=max_gap,
        rematches=rematches,
    )


def _shuffled(group: list[PairingEntrant], rng: random.Random) -> list[PairingEntrant]:
    if len(group) < 48:
        rng.shuffle(group)
        return group
    # NumPy's permutation, seeded from the round's generator, is reproducible and about 20x faster than
    # random.shuffle on big groups (a 1,000-team group is paired in well under a millisecond otherwise).
    order = np.random.default_rng(rng.getrandbits(64)).permutation(len(group)).tolist()
    return [group[i] for i in order]


def _pair_field(entrants: list[PairingEntrant], rng: random.Random) -> list[Pair]:
    """Pair an even number of teams: greedy by point group top-down, exact only where greedy got stuck."""
    if len(entrants) <= EXACT_LIMIT:
        return _exact_pairs(entrants, rng)[0]
    groups: dict[int, list[PairingEntrant]] = {}
    for e in entrants:  # entrants come in rank order, so each group's starting order is deterministic
        groups.setdefault(e.points, []).append(e)
    levels = sorted(groups, reverse=True)
    for points in levels:
        groups[points] = _shuffled(groups[points], rng)

    # One block per step: the teams the step paired (incoming floaters included) and the pairs it made.
    blocks: list[tuple[list[PairingEntrant], list[Pair]]] = []
    floaters: list[PairingEntrant] = []
    reopenable = False  # whether the last block is a plain greedy pool that a window may take back
    windows = 0
    i = 0
    while i < len(levels):
        members = groups[levels[i]]
        last = i == len(levels) - 1
        made, out = _pair_pool(floaters, members, must_clear=last)
        parity = 0 if last else (len(floaters) + len(members)) % 2
        if len(out) > parity and i + 2 < len(levels) and windows < WINDOW_BUDGET:
            windows += 1
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
        pairs = _settle_bottom(pairs, floaters, rng)
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
    made, out, _spare = _exact_pairs(teams, rng, float_to=below, spare=spare)
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
        # The next team is nearly always a new opponent: only look further when it is not.
        if free and free[-1].id not in u.opponents:
            pairs.append((u, free.pop()))
            continue
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
    met = team.opponents
    for j in range(len(free) - 1, -1, -1):
        if free[j].id not in met:
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


def _settle_bottom(pairs: list[Pair], leftovers: list[PairingEntrant], rng: random.Random) -> list[Pair]:
    """Re-pair the bottom of the field exactly when the greedy pass left teams over at the end.

    The leftovers and the lowest pairs are reopened, 16, 32, then 64 teams, until the exact matching of the
    reopened part is rematch-free. Past SETTLE_LIMIT the last result stands; pair_round then removes what
    rematches it can with augmenting paths over the whole field, so the cost never depends on the field size.
    """
    pairs = sorted(pairs, key=lambda p: (min(p[0].points, p[1].points), max(p[0].points, p[1].points)))
    size = 16
    solved: list[Pair] = []
    while True:
        take = max(0, min(len(pairs), (size - len(leftovers)) // 2))
        kept, reopened = pairs[take:], pairs[:take]
        teams = list(leftovers) + [t for p in reopened for t in p]
        solved = _exact_pairs(teams, rng)[0]
        if take == len(pairs) or size >= SETTLE_LIMIT or not any(b.id in a.opponents for a, b in solved):
            return kept + solved
        size *= 2


def _repair(
    ordered: list[PairingEntrant],
    pairs: list[Pair],
    bye: PairingEntrant | None,
    candidates: list[PairingEntrant],
) -> tuple[list[Pair], PairingEntrant | None]:
    """Remove every rematch that can be removed, by augmenting paths in the graph of teams that have not met.

    Edmonds' blossom search, started from each team of a rematch pair (and the bye, which may move to any
    eligible team): a maximum matching of that graph leaves only teams that have all met each other, so the
    rematches left are the fewest any pairing has (Berge). Rematch-free pairs are kept unless a path runs
    through them. Neighbours are bitmasks, so a team's "not met" set is one integer operation.
    """
    n = len(ordered)
    index = {e.id: i for i, e in enumerate(ordered)}
    not_met = _not_met_masks(ordered)
    mate = [-1] * (n + 1)
    nodes = n
    if bye is not None:
        nodes = n + 1  # node n is the bye, linked to the teams the bye rule allows
        eligible = 0
        for e in candidates:
            eligible |= 1 << index[e.id]
        not_met.append(eligible)
        bye_bit = 1 << n
        for e in candidates:
            not_met[index[e.id]] |= bye_bit
        mate[n], mate[index[bye.id]] = index[bye.id], n
    for a, b in pairs:
        i, j = index[a.id], index[b.id]
        if not_met[i] >> j & 1:
            mate[i], mate[j] = j, i
    for root in range(nodes):
        if mate[root] == -1:
            _augment_from(root, mate, not_met, nodes)

    if bye is not None and mate[n] == -1:
        # Only possible when every eligible team is matched and none can be freed: the lowest-ranked one still
        # takes the bye (the bye rule outranks rematches), its partner joins the teams left over.
        keep = index[candidates[0].id]
        other = mate[keep]
        mate[keep], mate[n] = n, keep
        if other != -1:
            mate[other] = -1
    new_pairs = [(ordered[i], ordered[mate[i]]) for i in range(n) if mate[i] > i and mate[i] < n]
    # Teams left unmatched have all met each other: pair them closest in points (rematches, the fewest possible).
    rest = sorted((ordered[i] for i in range(n) if mate[i] == -1), key=lambda e: (-e.points, e.rank, e.id))
    new_pairs.extend(zip(rest[0::2], rest[1::2]))
    new_bye = ordered[mate[n]] if bye is not None else None
    return new_pairs, new_bye


def _not_met_masks(ordered: list[PairingEntrant]) -> list[int]:
    """For each team (by place in `ordered`), a bitmask of the teams of `ordered` it may still meet: everyone
    but itself and its past opponents. A team's "not met" set is then one integer operation."""
    index = {e.id: i for i, e in enumerate(ordered)}
    full = (1 << len(ordered)) - 1
    masks = []
    for i, e in enumerate(ordered):
        met = 1 << i
        for other in e.opponents:
            j = index.get(other)
            if j is not None:
                met |= 1 << j
        masks.append(full & ~met)
    return masks


def _augment_from(root: int, mate: list[int], adjacency: list[int], nodes: int) -> bool:
    """Find an augmenting path from the free node `root` and flip it (Edmonds' blossom algorithm)."""
    base = list(range(nodes))
    parent = [-1] * nodes
    used = [False] * nodes
    used[root] = True
    queue = [root]
    free = 0
    for v in range(nodes):
        if mate[v] == -1 and v != root:
            free |= 1 << v

    def lca(a: int, b: int) -> int:
        seen = [False] * nodes
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def flip(v: int) -> None:
        while v != -1:
            pv = parent[v]
            ppv = mate[pv]
            mate[v], mate[pv] = pv, v
            v = ppv

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        direct = adjacency[v] & free
        if direct:
            # A free neighbour ends the path at once: in a dense graph this is nearly always the first step.
            to = (direct & -direct).bit_length() - 1
            parent[to] = v
            flip(to)
            return True
        rest = adjacency[v]
        while rest:
            low = rest & -rest
            rest ^= low
            to = low.bit_length() - 1
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                current = lca(v, to)
                blossom = [False] * nodes
                mark_path(v, current, to, blossom)
                mark_path(to, current, v, blossom)
                for i in range(nodes):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    flip(to)
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False


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
    one. rustworkx's blossom works on Python's big integers exactly and is 55-174x faster than networkx here.
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

    edges = []
    draw = rng.randrange
    float_points = float_to or 0  # the spare partners' points: float_to is given whenever spare is
    for i in range(n):
        a = teams[i]
        met = a.opponents
        pa = a.points
        for j in range(i + 1, n):
            b = teams[j]
            gap = pa - b.points
            cost = draw(jitter) + gap * gap * gap_unit
            if gap:
                cost += down_unit
            if b.id in met:
                cost += rematch_unit
            edges.append((i, j, top - cost))
        if spare:
            gap = pa - float_points
            cost = draw(jitter) + gap * gap * gap_unit + down_unit
            for j in range(n, n + spare):
                edges.append((i, j, top - cost))
    for i in range(n, n + spare):
        for j in range(i + 1, n + spare):
            edges.append((i, j, top))
    if bye_node is not None:
        index = {t.id: i for i, t in enumerate(teams)}
        for place, team in enumerate(bye_order):
            edges.append((index[team.id], bye_node, top - place * bye_unit))

    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(size))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
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


# --- completability look-ahead (small fields) ---------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


def _look_ahead(
    ordered: list[PairingEntrant],
    bye_order: list[PairingEntrant],
    pairs: list[Pair],
    bye: PairingEntrant | None,
    rounds_left: int,
    rng: random.Random,
) -> tuple[list[Pair], PairingEntrant | None]:
    """The best pairing of the round after which the next rounds can still be paired without rematches.

    `pairs`/`bye` is the exact optimum without look-ahead; it is kept when it leaves all `rounds_left` rounds
    completable (the usual case). Otherwise every rematch-free pairing of the round is listed, best first by
    the bye's place, squared gaps, pair-downs and a random tie-break, and the first one after which
    `rounds_left` rounds can follow is taken; when none can, the first after which the most rounds can.
    Future rounds keep the bye rule (a bye only for a team with the fewest byes). A round that needs a
    rematch anyway, or a search past LOOKAHEAD_BUDGET steps, keeps the optimum without look-ahead.
    """
    if any(b.id in a.opponents for a, b in pairs):
        return pairs, bye
    n = len(ordered)
    index = {e.id: i for i, e in enumerate(ordered)}
    allowed = _not_met_masks(ordered)
    odd = n % 2
    # Dirac: a graph whose every team has at least half the field still to meet has a perfect matching. With
    # that many spare opponents after this round and the ones to come, every round can be completed whatever
    # is paired now: no search needed.
    if min(mask.bit_count() for mask in allowed) >= (n + odd) // 2 + rounds_left:
        return pairs, bye
    byes = [e.byes for e in ordered]
    search = _Completion()

    def after(chosen: list[tuple[int, int]], bye_index: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        nxt = list(allowed)
        for i, j in chosen:
            nxt[i] &= ~(1 << j)
            nxt[j] &= ~(1 << i)
        counts = list(byes)
        if bye_index is not None:
            counts[bye_index] += 1
        low = min(counts)
        return tuple(nxt), tuple(c - low for c in counts)

    best = ([(index[a.id], index[b.id]) for a, b in pairs], index[bye.id] if bye is not None else None)
    try:
        if search.completable(*after(*best), rounds_left):
            return pairs, bye
        options = _round_options(allowed, byes, odd, n)
        place = {index[e.id]: k for k, e in enumerate(bye_order)}
        points = [e.points for e in ordered]

        def cost(option: tuple[list[tuple[int, int]], int | None]) -> tuple[int, int, int, float]:
            chosen, bye_index = option
            gaps = [points[i] - points[j] for i, j in chosen]
            return (
                place.get(bye_index, 0) if bye_index is not None else 0,
                sum(g * g for g in gaps),
                sum(1 for g in gaps if g),
                rng.random(),
            )

        ranked = sorted(((cost(o), o) for o in options), key=lambda item: item[0])
        for rounds in range(rounds_left, 0, -1):
            if rounds < rounds_left and search.completable(*after(*best), rounds):
                return pairs, bye
            for _, option in ranked:
                if search.completable(*after(*option), rounds):
                    chosen, bye_index = option
                    return (
                        [(ordered[i], ordered[j]) for i, j in chosen],
                        ordered[bye_index] if bye_index is not None else None,
                    )
    except _OutOfBudget:
        pass
    return pairs, bye


def _round_options(
    allowed: list[int], byes: list[int], odd: int, n: int
) -> list[tuple[list[tuple[int, int]], int | None]]:
    """Every rematch-free pairing of the round (the bye to a team with the fewest byes), as index pairs."""
    fewest = min(byes)
    eligible = 0
    for i, count in enumerate(byes):
        if count == fewest:
            eligible |= 1 << i
    found: list[tuple[list[tuple[int, int]], int | None]] = []
    chosen: list[tuple[int, int]] = []

    def extend(free: int, bye_index: int | None) -> None:
        if not free:
            found.append((list(chosen), bye_index))
            if len(found) > LOOKAHEAD_CANDIDATES:
                raise _OutOfBudget
            return
        i = (free & -free).bit_length() - 1
        rest = free & ~(1 << i)
        partners = allowed[i] & rest
        while partners:
            low = partners & -partners
            partners ^= low
            chosen.append((i, low.bit_length() - 1))
            extend(rest & ~low, bye_index)
            chosen.pop()
        if odd and bye_index is None and eligible >> i & 1:
            extend(rest, i)

    extend((1 << n) - 1, None)
    return found


class _Completion:
    """Whether a history can be continued for a number of rounds without rematches, the bye rule kept.

    A depth-first search over the rounds' pairings, the team with the fewest possible partners paired first,
    memoised on (who may still meet whom, byes, rounds): the same position reached by another order of
    rounds is decided once. Counts its steps and raises _OutOfBudget past LOOKAHEAD_BUDGET.
    """

    def __init__(self) -> None:
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...], int], bool] = {}
        self.steps = 0

    def completable(self, allowed: tuple[int, ...], byes: tuple[int, ...], rounds: int) -> bool:
        if rounds == 0:
            return True
        key = (allowed, byes, rounds)
        known = self.memo.get(key)
        if known is not None:
            return known
        n = len(allowed)
        odd = n % 2
        # Every team needs a new opponent in each round to come, except the rounds it may sit out on a bye: a team
        # with the fewest byes can get one now and one more each time the whole field has had one.
        need = rounds - (min(rounds, max(byes) + 1 + rounds // n) if odd else 0)
        if any(mask.bit_count() < need for mask in allowed):
            self.memo[key] = False
            return False
        eligible = 0
        if odd:
            for i, count in enumerate(byes):
                if count == 0:
                    eligible |= 1 << i
        result = self._extend((1 << n) - 1, list(allowed), allowed, byes, odd, eligible, rounds)
        self.memo[key] = result
        return result

    def _extend(
        self,
        free: int,
        nxt: list[int],
        allowed: tuple[int, ...],
        byes: tuple[int, ...],
        bye_open: int,
        eligible: int,
        rounds: int,
    ) -> bool:
        self.steps += 1
        if self.steps > LOOKAHEAD_BUDGET:
            raise _OutOfBudget
        if not free:
            low = min(byes)
            return self.completable(tuple(nxt), tuple(c - low for c in byes), rounds - 1)
        # The free team with the fewest choices first: a dead end shows at once.
        best, best_count = -1, 1 << 30
        rest = free
        while rest:
            bit = rest & -rest
            rest ^= bit
            i = bit.bit_length() - 1
            count = (allowed[i] & free).bit_count() + (1 if bye_open and eligible >> i & 1 else 0)
            if count < best_count:
                best, best_count = i, count
                if count <= 1:
                    break
        if best_count == 0:
            return False
        i = best
        remaining = free & ~(1 << i)
        partners = allowed[i] & remaining
        while partners:
            low = partners & -partners
            partners ^= low
            j = low.bit_length() - 1
            keep_i, keep_j = nxt[i], nxt[j]
            nxt[i] &= ~low
            nxt[j] &= ~(1 << i)
            if self._extend(remaining & ~low, nxt, allowed, byes, bye_open, eligible, rounds):
                nxt[i], nxt[j] = keep_i, keep_j
                return True
            nxt[i], nxt[j] = keep_i, keep_j
        if bye_open and eligible >> i & 1:
            counts = list(byes)
            counts[i] += 1
            if self._extend(remaining, nxt, allowed, tuple(counts), 0, eligible, rounds):
                return True
        return False
