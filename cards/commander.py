"""Commander's rules about cards (Comprehensive Rules 903 and the Commander Format Panel's rules as of 2026): which
card can be a commander, which two cards can be commanders together, where a list names its commanders, and colour
identity.

Pure Python over plain data, no ORM and no module of the project: a card is anything with the attributes of
`cards.deckrules.CardRules` (`name`, `type_line`, `text`, `color_identity`, `power`, `toughness`), so
`cards.deckrules.commander_deck_problems` turns these answers into problems a player reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

COMMANDER_FORMAT = "commander"
DECK_SIZE = 100  # 903.5a: exactly 100 cards, the commander(s) included
MAX_COMMANDERS = 2
COLOR_ORDER = "WUBRG"

_REMINDER = re.compile(r"\([^()]*\)")
# 702.124: "Partner", "Partner with [name]", "Partner—[quality]" (Friends forever, Survivors, Father & son,
# Character select ...); Friends forever was first printed as an ability of its own.
_PARTNER_WITH = re.compile(r"^Partner with (?P<name>.+?)\s*$")
_PARTNER_QUALITY = re.compile(r"^Partner\s*[—–-]\s*(?P<quality>.+?)\s*$")


class CommanderCard(Protocol):
    # Read-only properties, so a frozen dataclass (deckrules.CardRules) or a model row both qualify.
    @property
    def name(self) -> str: ...
    @property
    def type_line(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def color_identity(self) -> str: ...
    @property
    def power(self) -> str: ...
    @property
    def toughness(self) -> str: ...


def _front_type(card: CommanderCard) -> str:
    return (card.type_line or "").split(" // ")[0]


def _ability_lines(card: CommanderCard) -> list[str]:
    """The card's abilities, one a line, reminder text aside."""
    return [" ".join(_REMINDER.sub("", line).split()) for line in (card.text or "").splitlines()]


def _is_legendary(type_line: str) -> bool:
    return "Legendary" in type_line.split("—")[0].split()


def _has(type_line: str, word: str) -> bool:
    return word in type_line.replace("—", " ").split()


def says_can_be_commander(card: CommanderCard) -> bool:
    """The card's own text lets it be a commander ("Grist, the Hunger Tide can be your commander.")."""
    return any("can be your commander" in line for line in (card.text or "").splitlines())


def can_be_commander(card: CommanderCard) -> bool:
    """903.3: a legendary creature card; a legendary Vehicle, or a legendary Spacecraft with power and toughness (the
    Commander Format Panel's change of 2025, from Edge of Eternities); or a card whose text says it can be your
    commander. A Background is a commander only beside a commander that can choose one (`pair_allowed`)."""
    front = _front_type(card)
    if says_can_be_commander(card) and "Background" not in front.split():
        return True
    if not _is_legendary(front):
        return False
    if _has(front, "Creature") or _has(front, "Vehicle"):
        return True
    return _has(front, "Spacecraft") and bool(card.power) and bool(card.toughness)


def is_background(card: CommanderCard) -> bool:
    front = _front_type(card)
    return _is_legendary(front) and _has(front, "Enchantment") and _has(front, "Background")


def _partner_kinds(card: CommanderCard) -> tuple[bool, set[str], set[str]]:
    """(plain Partner, the names it partners with, its Partner—[quality] qualities)."""
    plain, named, qualities = False, set(), set()
    for line in _ability_lines(card):
        if line == "Partner":
            plain = True
        elif match := _PARTNER_WITH.match(line):
            named.add(match.group("name"))
        elif match := _PARTNER_QUALITY.match(line):
            qualities.add(match.group("quality").casefold())
        elif line == "Friends forever":
            qualities.add("friends forever")
    return plain, named, qualities


def _front_name(card: CommanderCard) -> str:
    return card.name.split(" // ")[0]


def _has_line(card: CommanderCard, ability: str) -> bool:
    return any(line.casefold() == ability.casefold() for line in _ability_lines(card))


def _is_doctor(card: CommanderCard) -> bool:
    front = _front_type(card)
    return _is_legendary(front) and _has(front, "Creature") and "Time Lord Doctor" in front


def pair_allowed(first: CommanderCard, second: CommanderCard) -> bool:
    """Whether two cards can be commanders together (702.124 partner, 702.124 "Partner—[quality]", 702.125 choose a
    Background, 702.176 Doctor's companion): both have partner; each names the other ("Partner with"); both have the
    same "Partner—[quality]" ability (Friends forever, Survivors ...); one can choose a Background and the other is a
    legendary Background; or one is a Doctor's companion and the other a legendary Time Lord Doctor creature."""
    for a, b in ((first, second), (second, first)):
        if _has_line(a, "Choose a Background") and can_be_commander(a) and is_background(b):
            return True
        if _has_line(a, "Doctor's companion") and can_be_commander(a) and _is_doctor(b):
            return True
    if not (can_be_commander(first) and can_be_commander(second)):
        return False
    plain_a, named_a, qualities_a = _partner_kinds(first)
    plain_b, named_b, qualities_b = _partner_kinds(second)
    if plain_a and plain_b:
        return True
    if _front_name(second) in named_a and _front_name(first) in named_b:
        return True
    return bool(qualities_a & qualities_b)


def commanders_from_sideboard(
    main: Mapping[str, int], sideboard: Mapping[str, int], companion: Mapping[str, int]
) -> dict[str, int]:
    """The commanders of a list that names none in a "Commander" section: MTGO's export puts the commander(s) in the
    sideboard, so a sideboard of one or two cards (its companion aside) is read as the commanders (a deck of the wrong
    size is then told its size, not that it lacks a commander). {} otherwise."""
    rest = {name: n for name, n in sideboard.items() if name not in companion}
    if 1 <= sum(rest.values()) <= MAX_COMMANDERS and main:
        return rest
    return {}


def color_identity(cards: Iterable[CommanderCard]) -> str:
    """The combined colour identity of `cards` (903.4: the commanders' identities together), in WUBRG order."""
    found = {c for card in cards for c in (card.color_identity or "")}
    return "".join(c for c in COLOR_ORDER if c in found)


def outside_identity(card: CommanderCard, identity: str) -> str:
    """The colours of `card`'s identity that `identity` lacks, in WUBRG order ("" when the card fits: 903.5c)."""
    return "".join(c for c in (card.color_identity or "") if c not in identity)
