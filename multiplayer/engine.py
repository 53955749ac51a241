"""The multiplayer pod engine (issue 43, docs/multiplayer.md): pods of three to five players at one table, one winner.

Pure Python over plain data (player keys are any hashable, usually registration ids): how many pods of which size a
round has, who sits where, Swiss-like pods by points with as few repeat opponents as possible, the scoring presets,
a pod's result typed on the desk's keyboard, and the standings with their tiebreakers. No Django but translations;
multiplayer.services adapts it to the models.
"""

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

MIN_POD, MAX_POD = 3, 5
TABLE_SIZES = (3, 4, 5)
DEFAULT_TABLE_SIZE = 4

# What happens to the players left over when the count isn't a multiple of the pod size.
SMALLER = "smaller"  # pods of one fewer (pods of 4: some pods of 3)
LARGER = "larger"  # pods of one more (pods of 4: some pods of 5)
BYES = "byes"  # one or two left over sit out with a bye; three or more play a pod of their own
LEFTOVERS = (SMALLER, LARGER, BYES)

# A pod's result.
WIN, DRAW, TIME = "win", "draw", "time"
RESULT_KINDS = (WIN, DRAW, TIME)

# Tiebreakers after points (the organizer picks the first; the rest are fixed).
OPPONENT_POINTS = "opponent_points"
OPPONENT_WIN_RATE = "opponent_win_rate"
TIEBREAKS = (OPPONENT_POINTS, OPPONENT_WIN_RATE)
# An opponent counts for at least this share (of the points a player could have had, or of its games won), as the
# MTR's 33 % floor keeps one weak opponent from sinking a player's tiebreaker. A quarter: a player's fair share of
# wins in a pod of four.
OPPONENT_FLOOR = Fraction(1, 4)

# A bye's opponents, counted at the floor when the convention says so (Convention.byes_at_floor).
_AT_FLOOR = object()

# Repeat opponents weigh more than any difference of points: a pod pairing first meets as few old opponents as it
# can, then keeps players of equal points together.
_REPEAT_WEIGHT = 10**9
_RESTARTS = 6
# Past a store's size one pass of swaps costs seconds (pods squared times seats squared): two starts are enough there.
_RESTARTS_LARGE, _LARGE = 2, 64


class TableError(ValueError):
    """Settings or a result the engine can't use; the message says why, in the active language."""


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw (each player named in it), a loss, and a bye."""

    win: int
    draw: int
    loss: int
    bye: int

    def points(self, outcome: str) -> int:
        return {"W": self.win, "D": self.draw, "L": self.loss, "B": self.bye}[outcome]


# The presets: cEDH's 5/1/0 (a draw is worth a fifth of a win, so nobody plays for a four-way draw), the casual 3/1/0
# of most stores, and 1/0/0 when only wins count. A bye is worth a draw: a pod of four gives each player a quarter of a
# win on average, so a bye worth a win would out-earn playing.
SCORING_PRESETS = {
    "competitive": Scoring(win=5, draw=1, loss=0, bye=1),
    "standard": Scoring(win=3, draw=1, loss=0, bye=1),
    "wins_only": Scoring(win=1, draw=0, loss=0, bye=0),
}


@dataclass(frozen=True)
class Convention:
    """How a pod event counts, as one organizer or site counts it at one time: the points, the first tiebreaker,
    each opponent's floor, and whether a bye counts in the opponents' average as opponents at the floor (a pod's
    worth of them: pod size - 1)."""

    scoring: Scoring
    tiebreak: str
    floor: Fraction
    byes_at_floor: bool
    label: str


# The conventions by their dates (docs/multiplayer.md, "Conventions", with the sources): Hydra's own, and the forms
# TopDeck.gg used for its cEDH events. A TopDeck event is read under the form of its date
# (eventfile/topdeck.py), and compare_standings names the form that reproduces a published order.
POD_CONVENTIONS = {
    "hydra": Convention(
        scoring=SCORING_PRESETS["competitive"],
        tiebreak=OPPONENT_POINTS,
        floor=OPPONENT_FLOOR,
        byes_at_floor=False,
        label="Hydra: 5/1/0, a bye 1; opponents' average points, floor 25%",
    ),
    "topdeck_2025_01": Convention(
        scoring=Scoring(win=5, draw=1, loss=0, bye=5),
        tiebreak=OPPONENT_POINTS,
        floor=Fraction(1, 5),
        byes_at_floor=True,
        label="TopDeck.gg, January 2025: 5/1/0, a bye 5; opponents' average points over 5 a round, "
        "floor 20%, a bye counted as opponents at the floor",
    ),
    "topdeck_2025_late": Convention(
        scoring=Scoring(win=5, draw=1, loss=0, bye=5),
        tiebreak=OPPONENT_WIN_RATE,
        floor=Fraction(1, 5),
        byes_at_floor=True,
        label="TopDeck.gg, late 2025: 5/1/0, a bye 5; opponents' win rate, floor 20%, a bye counted as "
        "opponents at the floor",
    ),
}
# The day each TopDeck form took over (ISO dates, earliest first): an event is read under the last form that had
# started by its date; events before the first are read under the first.
TOPDECK_SINCE = (("2025-01-01", "topdeck_2025_01"), ("2025-09-01", "topdeck_2025_late"))


def topdeck_convention_on(day: str) -> str:
    """The name of the TopDeck convention in force on `day` (an ISO date)."""
    chosen = TOPDECK_SINCE[0][1]
    for since, name in TOPDECK_SINCE:
        if day >= since:
            chosen = name
    return chosen


# --- Pod sizes -------------------------------------------------------------------------------------------------------


def _mix(players: int, sizes: Sequence[int], prefer: int) -> list[int] | None:
    """`players` split into pods of the given sizes, as many of `prefer` as possible; None when they don't add up."""
    others = [s for s in sizes if s != prefer]
    for count in range(players // prefer, -1, -1):
        rest = players - count * prefer
        if not others:
            if rest == 0:
                return [prefer] * count
            continue
        for split in _small_splits(rest, others):
            return [prefer] * count + split
    return None


def _small_splits(rest: int, sizes: Sequence[int]):
    """Ways to make `rest` from `sizes`, fewest pods first (sizes are at most two values here)."""
    if rest == 0:
        yield []
        return
    for total in range(1, rest // min(sizes) + 1):
        for combo in itertools.combinations_with_replacement(sorted(sizes, reverse=True), total):
            if sum(combo) == rest:
                yield list(combo)


def pod_sizes(players: int, *, pod_size: int = DEFAULT_TABLE_SIZE, leftovers: str = SMALLER) -> tuple[list[int], int]:
    """The pods of one round and the number of byes: (sizes, largest first, byes).

    Pods hold 3 to 5 players, never 2. `pod_size` pods as far as the count allows; the players left over make pods
    one smaller (SMALLER), one larger (LARGER), or sit out with byes (BYES: one or two left over get byes, three or
    more play a pod of their own). Where the chosen way can't add up (pods of 5 can't grow; 7 players in pods of 4 and
    5) the other way is taken, then any mix of 3 to 5. Fewer than 3 players all get byes.
    """
    if pod_size not in TABLE_SIZES:
        raise TableError(_("A pod seats 3 to 5 players."))
    if leftovers not in LEFTOVERS:
        raise TableError(_("Leftover players make smaller pods, larger pods, or get byes."))
    if players < 0:
        raise TableError(_("The number of players can't be negative."))
    if players < MIN_POD:
        return [], players
    if leftovers == BYES:
        full, rest = divmod(players, pod_size)
        sizes = [pod_size] * full + ([rest] if rest >= MIN_POD else [])
        return sorted(sizes, reverse=True), (rest if rest < MIN_POD else 0)
    smaller = [pod_size, pod_size - 1] if pod_size - 1 >= MIN_POD else None
    larger = [pod_size, pod_size + 1] if pod_size + 1 <= MAX_POD else None
    tries = [smaller, larger] if leftovers == SMALLER else [larger, smaller]
    for mixed in tries:
        if mixed:
            found = _mix(players, mixed, pod_size)
            if found is not None:
                return sorted(found, reverse=True), 0
    found = _mix(players, TABLE_SIZES, pod_size)
    assert found is not None  # every count from 3 up is a sum of 3s, 4s and 5s
    return sorted(found, reverse=True), 0


# --- Pairing ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pairing:
    """One round: each pod's players in seat order (the first player first), and who has a bye."""

    tables: list[list[Hashable]]
    byes: list[Hashable]


def opponents_met(history: Iterable[Sequence[Hashable]]) -> Counter:
    """How often each pair (a frozenset of two players) has shared a pod, from the pods of earlier rounds."""
    met: Counter = Counter()
    for table in history:
        for a, b in itertools.combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def repeat_pairs(tables: Iterable[Sequence[Hashable]], met: Counter) -> int:
    """The repeat meetings a round's pods make: each pair that shares a pod again counts as often as it met before."""
    return sum(met[frozenset((a, b))] for table in tables for a, b in itertools.combinations(table, 2))


def _table_cost(table: Sequence[Hashable], met: Counter, points: dict) -> int:
    cost = 0
    for a, b in itertools.combinations(table, 2):
        cost += met[frozenset((a, b))] * _REPEAT_WEIGHT + (points.get(a, 0) - points.get(b, 0)) ** 2
    return cost


def _met_index(met: Counter) -> dict[Hashable, dict[Hashable, int]]:
    """Who met whom, as each player's opponents with their counts: a swap's cost looks up pairs without building them."""
    index: dict[Hashable, dict[Hashable, int]] = defaultdict(dict)
    for pair, count in met.items():
        if count:
            a, b = tuple(pair)
            index[a][b] = index[b][a] = count
    return index


# A swap is tried between pods at most this many pods apart in the points order (a points window: pods further apart
# only trade players to clear a repeat meeting, whose weight outruns any points), and a search stops after this many
# passes over the pods even if a swap is still found.
_WINDOW = 4
_PASSES = 64


@dataclass
class _Search:
    """The swap search's count of work: the swaps it weighed (tests bound it rather than time it)."""

    swaps_weighed: int = 0


def _improve(tables: list[list[Hashable]], met: Counter, points: dict, search: _Search | None = None) -> list[int]:
    """Swap players between pods while a swap makes the round cheaper (fewer repeats, then closer points).

    First improvement, in the order of the issue-43 search (`_improve_legacy`), but a swap's cost is the change it
    makes (each moved player's pairs with the pod it leaves and the one it joins) rather than both pods recomputed,
    and pods are compared only with their neighbours within `_WINDOW` in the points order, unless one of the two
    holds a repeat meeting (then with every pod). Up to `_PASSES` passes. Small events (up to `_WINDOW` + 1 pods)
    search exactly as before. Rearranges `tables` in place and returns each pod's cost.
    """
    index = _met_index(met)
    empty: dict[Hashable, int] = {}
    score = {p: points.get(p, 0) for table in tables for p in table}

    def pair(x: Hashable, y: Hashable) -> int:
        return index.get(x, empty).get(y, 0) * _REPEAT_WEIGHT + (score[x] - score[y]) ** 2

    costs = [_table_cost(table, met, points) for table in tables]
    count = len(tables)
    weighed = 0
    for _pass in range(_PASSES):
        improved = False
        for i in range(count):
            table_i = tables[i]
            for j in range(i + 1, count):
                if j - i > _WINDOW and costs[i] < _REPEAT_WEIGHT and costs[j] < _REPEAT_WEIGHT:
                    continue
                table_j = tables[j]
                for x in range(len(table_i)):
                    for y in range(len(table_j)):
                        a, b = table_i[x], table_j[y]
                        weighed += 1
                        delta_i = sum(pair(b, c) - pair(a, c) for c in table_i if c is not a)
                        delta_j = sum(pair(a, d) - pair(b, d) for d in table_j if d is not b)
                        if delta_i + delta_j < 0:
                            table_i[x], table_j[y] = b, a
                            costs[i] += delta_i
                            costs[j] += delta_j
                            improved = True
        if not improved:
            break
    if search is not None:
        search.swaps_weighed += weighed
    return costs


def _improve_legacy(tables: list[list[Hashable]], met: Counter, points: dict) -> list[int]:
    """The issue-43 search: every pair of pods, both pods' costs recomputed for every swap, until no swap helps.
    Kept so that `bench_tables` and the tests can compare the repeat meetings of the two over the same events."""
    costs = [_table_cost(table, met, points) for table in tables]
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x in range(len(tables[i])):
                for y in range(len(tables[j])):
                    a, b = tables[i][x], tables[j][y]
                    tables[i][x], tables[j][y] = b, a
                    new_i, new_j = _table_cost(tables[i], met, points), _table_cost(tables[j], met, points)
                    if new_i + new_j < costs[i] + costs[j]:
                        costs[i], costs[j] = new_i, new_j
                        improved = True
                    else:
                        tables[i][x], tables[j][y] = a, b
    return costs


def _bye_takers(order: list[Hashable], byes: int, had_bye: set) -> list[Hashable]:
    """The lowest-standing players who haven't had a bye yet (then the lowest of all), as Swiss gives byes."""
    if byes == 0:
        return []
    fresh = [p for p in reversed(order) if p not in had_bye]
    taken = fresh[:byes]
    for p in reversed(order):
        if len(taken) == byes:
            break
        if p not in taken:
            taken.append(p)
    return taken


def pair_tables(
    players: Sequence[Hashable],
    *,
    points: dict | None = None,
    history: Iterable[Sequence[Hashable]] = (),
    had_bye: Iterable[Hashable] = (),
    pod_size: int = DEFAULT_TABLE_SIZE,
    leftovers: str = SMALLER,
    seed: int = 0,
) -> Pairing:
    """Pods for one round of `players` (the ones still in), reproducible from `seed`.

    Round 1 (no points) is random. Later rounds sort players by points (ties at random) and cut pods from the top,
    then swap players between pods while that lowers the repeat meetings, and after them the points spread inside the
    pods (`_improve`); a few random starts among equal points, the cheapest kept. Byes (BYES leftovers) go to the
    lowest players without one. Each pod's seats are shuffled: seat 1 plays first.
    """
    return _pair(
        players,
        points=points,
        history=history,
        had_bye=had_bye,
        pod_size=pod_size,
        leftovers=leftovers,
        seed=seed,
        improve=_improve,
    )


def _pair_tables_legacy(players: Sequence[Hashable], **options) -> Pairing:
    """`pair_tables` with the issue-43 search (`_improve_legacy`), for the benchmark and the tests to compare."""
    return _pair(players, **options, improve=_improve_legacy)


def _pair(
    players: Sequence[Hashable],
    *,
    points: dict | None = None,
    history: Iterable[Sequence[Hashable]] = (),
    had_bye: Iterable[Hashable] = (),
    pod_size: int = DEFAULT_TABLE_SIZE,
    leftovers: str = SMALLER,
    seed: int = 0,
    improve: Callable[[list[list[Hashable]], Counter, dict], list[int]],
) -> Pairing:
    rng = random.Random(seed)
    points = dict(points or {})
    met = opponents_met(history)
    sizes, byes = pod_sizes(len(players), pod_size=pod_size, leftovers=leftovers)
    tiebreak = {p: rng.random() for p in players}
    order = sorted(players, key=lambda p: (-points.get(p, 0), tiebreak[p]))
    bye_list = _bye_takers(order, byes, set(had_bye))
    seated = [p for p in order if p not in bye_list]
    best, best_cost = None, None
    restarts = _RESTARTS if len(seated) <= _LARGE else _RESTARTS_LARGE
    for attempt in range(restarts if seated else 0):
        if attempt:  # shuffle within each group of equal points, keep the groups in order
            groups = itertools.groupby(seated, key=lambda p: points.get(p, 0))
            start = []
            for _points, group in groups:
                members = list(group)
                rng.shuffle(members)
                start += members
        else:
            start = list(seated)
        tables, at = [], 0
        for size in sizes:
            tables.append(start[at : at + size])
            at += size
        cost = sum(improve(tables, met, points))
        if best_cost is None or cost < best_cost:
            best, best_cost = [list(table) for table in tables], cost
            if cost == 0:
                break
    tables = best or []
    for table in tables:
        rng.shuffle(table)
    return Pairing(tables=tables, byes=bye_list)


def top_table(ranked: Sequence[Hashable], *, size: int = 4) -> list[Hashable]:
    """The final pod of the top `size` players, seated by seed: the first in the standings plays first."""
    if len(ranked) < size:
        raise TableError(_("A top pod needs %(n)d players still in the event.") % {"n": size})
    return list(ranked[:size])


# --- Results ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    """A pod's game: a winner (WIN, one player), a draw among the players named (DRAW, at least two), or time called
    (TIME: a draw for the players still in, everyone when none are named). Everyone else lost."""

    kind: str
    players: tuple[Hashable, ...] = ()

    def outcomes(self, seated: Sequence[Hashable]) -> dict[Hashable, str]:
        """Each seated player's outcome: "W", "D" or "L"."""
        named = set(self.players) or (set(seated) if self.kind == TIME else set())
        mark = "W" if self.kind == WIN else "D"
        return {p: (mark if p in named else "L") for p in seated}


def table_result_check(*, kind: str, players: Sequence[Hashable], seated: Sequence[Hashable]) -> TableResult:
    """A PodResult for the pod `seated`, or PodError saying what is wrong with it."""
    if kind not in RESULT_KINDS:
        raise TableError(_("A pod's result is a win, a draw or time."))
    players = tuple(dict.fromkeys(players))
    strangers = [p for p in players if p not in seated]
    if strangers:
        raise TableError(_("Only the players of this pod can win or draw it."))
    if kind == WIN and len(players) != 1:
        raise TableError(_("Name the one winner of the pod."))
    if kind == DRAW and len(players) < 2:
        raise TableError(_("A draw is between two or more players of the pod: name them."))
    return TableResult(kind=kind, players=players)


@dataclass(frozen=True)
class TypedLine:
    """A line the desk typed: the pod's number, the kind of result, and the seats (1 = first player) it names."""

    table: int
    kind: str
    seats: tuple[int, ...]


def table_line_parse(line: str) -> TypedLine:
    """Read one keystroke line of the desk: "3 2" (pod 3, seat 2 won), "3 d 1 4" (pod 3, seats 1 and 4 drew),
    "3 t" (time: a draw for everyone), "3 t 1 2" (time, seats 1 and 2 still in). Letters in either case; "w" may
    be typed before the winner's seat. PodError when it reads as nothing of the kind."""
    words = line.replace(",", " ").lower().split()
    if len(words) < 2 or not words[0].isdigit():
        raise TableError(
            _('Type the pod, then its result: "3 2" (seat 2 won pod 3), "3 d 1 4" (a draw), "3 t" (time).')
        )
    table, rest = int(words[0]), words[1:]
    kind = {"w": WIN, "d": DRAW, "t": TIME}.get(rest[0])
    if kind is None:
        kind = WIN
    else:
        rest = rest[1:]
    if not all(word.isdigit() and 1 <= int(word) <= MAX_POD for word in rest):
        raise TableError(_("Seats are numbered 1 to 5."))
    seats = tuple(int(word) for word in rest)
    if kind == WIN and len(seats) != 1:
        raise TableError(_("Name the one winner of the pod."))
    return TypedLine(table=table, kind=kind, seats=seats)


def table_pairwise(outcomes: Sequence[tuple[Hashable, str]]) -> list[tuple[Hashable, Hashable, str]]:
    """A pod's game as the two-player results a rating counts (docs/multiplayer.md, "Ratings"): who won or drew beat each
    player who lost, players who drew drew each other, and players who lost are not compared. Each as (a, b, "A",
    "B" or "D" from a's side), in seat order."""
    pairs = []
    for (a, first), (b, second) in itertools.combinations(outcomes, 2):
        if first == second == "L":
            continue
        if first == second:
            pairs.append((a, b, "D"))
        else:
            better = {"W": 2, "D": 1, "L": 0}
            pairs.append((a, b, "A" if better[first] > better[second] else "B"))
    return pairs


# --- Standings -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """One player's round: the pod's players (seat order), their own seat (1 = first), and their outcome ("W", "D",
    "L"); a bye is a Game with no opponents and outcome "B"."""

    player: Hashable
    opponents: tuple[Hashable, ...]
    seat: int
    outcome: str


@dataclass
class Standing:
    """A player's line: rank, points and each tiebreaker with the parts it is made of."""

    player: Hashable
    points: int = 0
    played: int = 0  # rounds with a result, byes included
    games: int = 0  # pods played (byes not)
    wins: int = 0
    draws: int = 0
    byes: int = 0
    opponent_score: Fraction = Fraction(0)  # opponents' average points share or win rate, floored
    opponent_parts: list[tuple[Hashable, Fraction]] = field(default_factory=list)
    seat_sum: int = 0  # sum of seats played: a higher average seat means a later (worse) seat
    final: float = 0.0
    rank: int = 0

    @property
    def seat_average(self) -> Fraction:
        return Fraction(self.seat_sum, self.games) if self.games else Fraction(0)


def standings(
    games: Iterable[Game],
    *,
    scoring: Scoring,
    tiebreak: str = OPPONENT_POINTS,
    seed: int = 0,
    players: Iterable[Hashable] = (),
    floor: Fraction = OPPONENT_FLOOR,
    bye_opponents: int = 0,
) -> list[Standing]:
    """The standings of the players in `games` (and `players`, who may have none yet), best first.

    Ordered by points, then the chosen opponents' tiebreaker (OPPONENT_POINTS: each opponent's points as a share of
    what they could have had; OPPONENT_WIN_RATE: each opponent's pods won per pod played; each floored at a quarter,
    averaged over every opponent of every pod), then games won, then seat-order luck (a later average seat ranks
    higher: it played from behind), then a random key from `seed`. `floor` is each opponent's least share;
    `bye_opponents` (0: byes don't count) adds that many opponents at the floor to the average for each bye.
    """
    if not (0 <= floor <= 1):
        raise TableError(_("An opponent's floor is a share from 0% to 100%."))
    if tiebreak not in TIEBREAKS:
        raise TableError(_("Unknown tiebreaker."))
    rows: dict[Hashable, Standing] = {p: Standing(player=p) for p in players}
    meetings: dict[Hashable, list[Hashable]] = defaultdict(list)
    for game in games:
        row = rows.setdefault(game.player, Standing(player=game.player))
        row.points += scoring.points(game.outcome)
        row.played += 1
        if game.outcome == "B":
            row.byes += 1
            meetings[game.player] += [_AT_FLOOR] * bye_opponents
            continue
        row.games += 1
        row.wins += game.outcome == "W"
        row.draws += game.outcome == "D"
        row.seat_sum += game.seat
        meetings[game.player] += list(game.opponents)

    def share(p: Hashable) -> Fraction:
        row = rows.get(p) if p is not _AT_FLOOR else None
        if row is None or not row.played:
            return floor
        if tiebreak == OPPONENT_WIN_RATE:
            value = Fraction(row.wins, row.games) if row.games else Fraction(0)
        else:
            best = row.played * max(scoring.win, 1)
            value = Fraction(row.points, best)
        return max(floor, value)

    rng = random.Random(seed)
    for p in sorted(rows, key=repr):
        row = rows[p]
        row.opponent_parts = [(None if o is _AT_FLOOR else o, share(o)) for o in meetings[p]]
        row.opponent_score = (
            sum((s for _o, s in row.opponent_parts), Fraction(0)) / len(row.opponent_parts)
            if row.opponent_parts
            else Fraction(0)
        )
        row.final = rng.random()
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.opponent_score, -r.wins, -r.seat_average, r.final))
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def final_order(swiss: Sequence[Hashable], top: Sequence[Hashable], result: TableResult | None) -> list[Hashable]:
    """The event's final places after a top pod: its winner first (players drawn share the top, by their Swiss
    place), then the rest of the top pod by their Swiss place, then everyone else as the Swiss standings left them."""
    return playoff_order(swiss, [[(top, result)]])


def playoff_order(
    swiss: Sequence[Hashable], stages: Sequence[Sequence[tuple[Sequence[Hashable], TableResult | None]]]
) -> list[Hashable]:
    """The final places after a playoff of pods in `stages` (its rounds, first to last; each a list of (seated,
    result)): the last round's winners first (players drawn share the top, by Swiss place), then the rest of the
    last round by Swiss place, then each earlier round's players not yet placed, later rounds first, by Swiss place,
    then everyone else as the Swiss standings left them. With one pod in one round it is `final_order`."""
    placed: list[Hashable] = []
    done: set[Hashable] = set()
    for index, stage in enumerate(reversed(stages)):
        seated = {p for players, _r in stage for p in players}
        if index == 0:
            outcomes: dict[Hashable, str] = {}
            for players, result in stage:
                outcomes.update(result.outcomes(players) if result else {})
            first = [p for p in swiss if outcomes.get(p) in ("W", "D")]
            placed += first
            done |= set(first)
        rest = [p for p in swiss if p in seated and p not in done]
        placed += rest
        done |= set(rest)
    return placed + [p for p in swiss if p not in done]


# --- Playoffs of pods (issue 50) ---------------------------------------------------------------------------------------

# Each playoff a pod event may end with, as its stages: (pods, seeds straight to the next stage). Top 4: one pod.
# Top 10 (TopDeck's): seeds 1 and 2 wait in the final pod, seeds 3 to 10 play two pods whose winners join them. Top
# 16: four pods, their winners play the final pod. Top 40: ten pods, their ten winners play a Top 10.
PLAYOFF_PLANS: dict[int, tuple[tuple[int, int], ...]] = {
    4: ((1, 0),),
    10: ((2, 2), (1, 0)),
    16: ((4, 0), (1, 0)),
    40: ((10, 0), (2, 2), (1, 0)),
}
POD_TOP_CUTS = tuple(PLAYOFF_PLANS)
PLAYOFF_POD = 4


def playoff_stage_seat(entrants: Sequence[Hashable], *, pods: int, straight: int) -> tuple[list[list[Hashable]], list]:
    """One playoff stage: `entrants` best Swiss seed first; the first `straight` wait for the next stage, the rest
    are dealt into `pods` pods of four by snake order (pod 1 gets seeds 1, 2P, 2P+1 ...: each pod as strong as the
    next), each pod seated best seed first. (pods, the players straight through.) TableError when they don't fill
    the pods."""
    rest = list(entrants[straight:])
    if len(rest) != pods * PLAYOFF_POD:
        raise TableError(
            _("This playoff round seats %(need)d players in pods of four; %(have)d are in it.")
            % {"need": pods * PLAYOFF_POD + straight, "have": len(entrants)}
        )
    tables: list[list[Hashable]] = [[] for _ in range(pods)]
    for index, player in enumerate(rest):
        row, column = divmod(index, pods)
        tables[column if row % 2 == 0 else pods - 1 - column].append(player)
    return tables, list(entrants[:straight])


def playoff_advancing(seated: Sequence[Hashable], result: TableResult, swiss: Sequence[Hashable]) -> Hashable:
    """Who goes on from a playoff pod: its winner; after a draw (or time), the best Swiss seed among the players who
    drew, as a playoff must send one player on."""
    outcomes = result.outcomes(seated)
    winners = [p for p in seated if outcomes.get(p) in ("W", "D")] or list(seated)
    rank = {p: i for i, p in enumerate(swiss)}
    return min(winners, key=lambda p: rank.get(p, len(rank)))


def playoff_entrants(
    swiss: Sequence[Hashable], *, top_cut: int, played: Sequence[Sequence[tuple[Sequence[Hashable], TableResult]]]
) -> list[Hashable]:
    """The players of the next playoff stage, best Swiss seed first, after the stages `played` (each a list of
    (seated, final result)): the first `top_cut` of the Swiss order, then each stage's straight seeds and pod
    winners."""
    plan = PLAYOFF_PLANS[top_cut]
    entrants = list(swiss[:top_cut])
    rank = {p: i for i, p in enumerate(swiss)}
    for (_pods, straight), stage in zip(plan, played, strict=False):
        going = entrants[:straight] + [playoff_advancing(seated, result, swiss) for seated, result in stage]
        entrants = sorted(going, key=lambda p: rank.get(p, len(rank)))
    return entrants
