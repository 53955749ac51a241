"""Team sealed pools: how many boosters a team gets, and whether a team's deck assignment is legal (RULES.md 7).

Pure Python over plain data, no ORM: sealed.services adapts the models to these functions. Every check reports
every problem at once, each with the card (or the seat) named, so a team fixes its registration in one go.

The assignment is per card row of the pool: each row goes to one member's main deck or sideboard. In
Two-Headed Giant limited the cards outside both main decks are one sideboard both members may use, so a
sideboard row there belongs to no seat (seat "").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

MAIN = "main"
SIDE = "side"
ZONES = (MAIN, SIDE)
SHARED = ""  # the seat of a Two-Headed Giant shared-sideboard card
MIN_MAIN_DECK = 40
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
MAX_BASICS_PER_NAME = 60
BOOSTERS_PER_MEMBER = 4  # 12 for a team of three, 8 for a team of two (DCI 8.7, MTR 8.6) and for 2HG sealed (MTR 9.6)
INDIVIDUAL_BOOSTERS = 6  # a player's own sealed pool in an individual event (MTR 7.2)


@dataclass(frozen=True)
class Card:
    """One row of a pool: `id` is the row's key, `name` the English card name."""

    id: int
    name: str
    position: int = 0


@dataclass(frozen=True)
class Assignment:
    """Where a team puts one pool row: a member's seat (A, B ...; "" for the 2HG shared sideboard) and zone."""

    card_id: int
    seat: str
    zone: str


@dataclass(frozen=True)
class Problem:
    """Why an assignment can't be registered, in words a player can act on."""

    code: str
    message: str
    card: str = ""
    seat: str = ""

    def __str__(self) -> str:
        return self.message


def default_booster_count(*, team_size: int) -> int:
    """The boosters a team opens when the organizer sets no number: 4 per member (12 for 3, 8 for 2); a player
    of an individual event (a team of one) opens 6, as individual sealed does."""
    if team_size == 1:
        return INDIVIDUAL_BOOSTERS
    return BOOSTERS_PER_MEMBER * team_size


def check_assignment(
    *,
    pool: Sequence[Card],
    assignments: Sequence[Assignment],
    seats: str,
    shared_sideboard: bool,
    basics: Mapping[str, Mapping[str, int]] | None = None,
    foreign: Mapping[int, str] | None = None,
    min_main: int = MIN_MAIN_DECK,
) -> list[Problem]:
    """Every problem that keeps this assignment from being registered; an empty list means it is legal.

    Promises, each reported with the card named: every card of the pool is assigned exactly once (a card used
    twice and a card left out are both refused), no card from outside the pool is used (`foreign` names the
    ids that belong to other teams' pools), each seat and zone exists, in Two-Headed Giant limited sideboard
    cards are shared (seat "") while main-deck cards have a seat, and each member's main deck, with the basic
    lands they add (`basics`: seat -> land name -> count), holds at least `min_main` cards.
    """
    foreign = foreign or {}
    basics = basics or {}
    by_id = {card.id: card for card in pool}
    copies = Counter(card.name for card in pool)
    problems: list[Problem] = []
    uses = Counter(a.card_id for a in assignments)
    reported_twice: set[int] = set()
    main_counts = Counter({seat: 0 for seat in seats})

    for a in assignments:
        card = by_id.get(a.card_id)
        if card is None:
            if a.card_id in foreign:
                problems.append(
                    Problem(
                        "other_team",
                        gettext("%(card)s is another team's card, not one of your pool.")
                        % {"card": foreign[a.card_id]},
                        card=foreign[a.card_id],
                        seat=a.seat,
                    )
                )
            else:
                problems.append(
                    Problem("unknown", gettext("Card #%(n)d is not in your pool.") % {"n": a.card_id}, seat=a.seat)
                )
            continue
        label = _label(card, copies)
        if uses[a.card_id] > 1:
            if a.card_id in reported_twice:
                continue  # the first use still counts toward its deck, so one mistake makes one problem
            reported_twice.add(a.card_id)
            problems.append(
                Problem(
                    "used_twice",
                    gettext("%(card)s is used %(n)d times; each card of the pool goes to one deck once.")
                    % {"card": label, "n": uses[a.card_id]},
                    card=card.name,
                )
            )
        if a.zone not in ZONES:
            problems.append(
                Problem(
                    "zone",
                    gettext("%(card)s: choose main deck or sideboard.") % {"card": label},
                    card=card.name,
                    seat=a.seat,
                )
            )
            continue
        if shared_sideboard and a.zone == SIDE:
            if a.seat not in (SHARED, *seats):
                problems.append(
                    Problem(
                        "seat",
                        gettext("%(card)s: there is no seat %(seat)s.") % {"card": label, "seat": a.seat},
                        card=card.name,
                        seat=a.seat,
                    )
                )
            continue
        if a.seat not in seats or not a.seat:
            problems.append(
                Problem(
                    "seat",
                    gettext("%(card)s: choose which member (%(seats)s) plays it.")
                    % {"card": label, "seats": ", ".join(seats)},
                    card=card.name,
                    seat=a.seat,
                )
            )
            continue
        if a.zone == MAIN:
            main_counts[a.seat] += 1

    for card in pool:
        if card.id not in uses:
            problems.append(
                Problem(
                    "missing",
                    gettext("%(card)s is not assigned; every card of the pool goes to a deck or sideboard.")
                    % {"card": _label(card, copies)},
                    card=card.name,
                )
            )

    for seat, lands in basics.items():
        if seat not in seats:
            problems.append(
                Problem(
                    "seat",
                    gettext("Basic lands for seat %(seat)s, which your team doesn't have.") % {"seat": seat},
                    seat=seat,
                )
            )
            continue
        for name, count in lands.items():
            if name not in BASIC_LANDS:
                problems.append(
                    Problem(
                        "basics",
                        gettext("%(name)s is not a basic land (%(lands)s).")
                        % {"name": name, "lands": ", ".join(BASIC_LANDS)},
                        card=name,
                        seat=seat,
                    )
                )
            elif not isinstance(count, int) or count < 0 or count > MAX_BASICS_PER_NAME:
                problems.append(
                    Problem(
                        "basics",
                        gettext("Seat %(seat)s: give 0 to %(max)d %(name)s.")
                        % {"seat": seat, "max": MAX_BASICS_PER_NAME, "name": name},
                        card=name,
                        seat=seat,
                    )
                )
            else:
                main_counts[seat] += count

    for seat in seats:
        if main_counts[seat] < min_main:
            problems.append(
                Problem(
                    "short_deck",
                    ngettext(
                        "Seat %(seat)s's main deck has %(n)d card; it needs at least %(min)d (basic lands included).",
                        "Seat %(seat)s's main deck has %(n)d cards; it needs at least %(min)d (basic lands included).",
                        main_counts[seat],
                    )
                    % {"seat": seat, "n": main_counts[seat], "min": min_main},
                    seat=seat,
                )
            )
    return problems


def assignments_from_lists(
    *, pool: Sequence[Card], lists: Mapping[tuple[str, str], Mapping[str, int]]
) -> tuple[list[Assignment], list[Problem]]:
    """Turn decklists by name into an assignment per pool row, for teams that register with text lists.

    `lists` maps (seat, zone) to {card name: copies}; seat "" with zone side is the 2HG shared sideboard.
    Copies of a name are matched to the pool's rows of that name in pool order. Refuses, naming the card:
    a name the pool doesn't hold, and more copies of a name than the pool has (a card used twice).
    Rows no list uses come back unassigned, so check_assignment reports them as missing.
    """
    rows_by_name: dict[str, list[Card]] = {}
    for card in sorted(pool, key=lambda c: (c.position, c.id)):
        rows_by_name.setdefault(_key(card.name), []).append(card)
    taken: Counter[str] = Counter()
    assignments: list[Assignment] = []
    problems: list[Problem] = []
    wanted: Counter[str] = Counter()
    names: dict[str, str] = {}
    for (seat, zone), cards in lists.items():
        for name, copies in cards.items():
            key = _key(name)
            names.setdefault(key, name.strip())
            wanted[key] += copies
            rows = rows_by_name.get(key, [])
            for _ in range(copies):
                if taken[key] < len(rows):
                    assignments.append(Assignment(rows[taken[key]].id, seat, zone))
                taken[key] += 1
    for key, count in wanted.items():
        have = len(rows_by_name.get(key, []))
        if have == 0:
            problems.append(
                Problem("not_in_pool", gettext("%(card)s is not in your pool.") % {"card": names[key]}, card=names[key])
            )
        elif count > have:
            problems.append(
                Problem(
                    "used_twice",
                    gettext("%(card)s is used %(n)d times, but your pool has %(have)d.")
                    % {"card": rows_by_name[key][0].name, "n": count, "have": have},
                    card=rows_by_name[key][0].name,
                )
            )
    return assignments, problems


def parse_list(text: str) -> tuple[dict[str, int], list[Problem]]:
    """Read a decklist ("2 Card Name" or "Card Name" per line; blank lines and // comments skipped)."""
    cards: dict[str, int] = {}
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        head, _, rest = line.partition(" ")
        digits = head.rstrip("xX")
        if digits.isdigit() and rest.strip():
            # "²" or a 5,000-digit count: not a count Hydra reads, reported below like any count out of range.
            count, name = (int(digits) if digits.isascii() and len(digits) <= 6 else -1), rest.strip()
        else:
            count, name = 1, line
        if count < 1 or count > 250:
            problems.append(
                Problem(
                    "line",
                    gettext("Line %(n)d: '%(line)s' needs a count from 1 to 250.")
                    % {"n": number, "line": _short(raw.strip())},
                    card=_short(name),
                )
            )
            continue
        cards[name] = cards.get(name, 0) + count
    return cards, problems


def moved_cards(
    *, pool: Iterable[Card], before: Mapping[int, tuple[str, str]], after: Mapping[int, tuple[str, str]]
) -> list[str]:
    """The cards whose place (seat, zone) differs between two assignments, each as "Name: A main -> B side"."""
    moves = []
    for card in sorted(pool, key=lambda c: (c.position, c.id)):
        old, new = before.get(card.id), after.get(card.id)
        if old != new:
            moves.append(f"{card.name}: {_place(old)} -> {_place(new)}")
    return moves


def _place(place: tuple[str, str] | None) -> str:
    if place is None or not place[1]:
        return "unassigned"
    seat, zone = place
    return f"{seat or 'shared'} {zone}"


def _label(card: Card, copies: Counter[str]) -> str:
    # Position tells two copies of a name apart; a unique name needs no number.
    return card.name if copies[card.name] == 1 else f"{card.name} (#{card.position})"


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _short(text: str, limit: int = 80) -> str:
    """A line quoted back to the player, cut to a readable length."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
