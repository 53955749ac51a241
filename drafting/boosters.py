"""Booster packs from a set's MTGJSON booster configuration.

Pure: takes a set in MTGJSON's shape (the ``data`` object of ``sets/CODE.json.gz``, or the
compact bundle Hydra ships in drafting/data, which keeps the same shape) and a seed, returns
frozen cards. Reading files is drafting.data's job.

``booster.default`` holds templates ``{contents: {sheet: count}, weight}`` and sheets
``{cards: {uuid: weight}, allowDuplicates?, foil?, balanceColors?}``. A pack picks one
template by weight, then draws ``count`` cards from each sheet by weight, never the same card
twice from one sheet unless the sheet allows duplicates.

Every draw uses only ``random.Random.random()``, whose sequence for a given seed Python keeps
stable across versions, so a seed reproduces the same packs on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

PRODUCT = "default"
COLORS = ("W", "U", "B", "R", "G")

# Front-to-back order of the slots in a pack as it comes out of the wrapper (and so the order
# cards are laid out in a Rochester draft): commons, uncommons, rares, the foil or special slot,
# then the basic land at the back. The "oldest card" rule (RULES.md 6) depends on this order.
_SLOT_COMMON, _SLOT_UNCOMMON, _SLOT_RARE, _SLOT_SPECIAL, _SLOT_BASIC = range(5)
_RARITY_SLOT = {"common": _SLOT_COMMON, "uncommon": _SLOT_UNCOMMON, "rare": _SLOT_RARE, "mythic": _SLOT_RARE}


class BoosterDataError(ValueError):
    """The set has no usable booster configuration; the message says what is missing."""


@dataclass(frozen=True)
class BoosterCard:
    """One card as it comes out of a pack: what the draft screen and sealed deck building need."""

    uuid: str
    name: str
    number: str
    rarity: str
    colors: tuple[str, ...]
    types: tuple[str, ...]
    supertypes: tuple[str, ...]
    mana_value: float
    set_code: str
    sheet: str
    foil: bool

    @property
    def is_basic_land(self) -> bool:
        """True for basic lands, which limited decks may add freely and pools usually ignore."""
        return "Basic" in self.supertypes and "Land" in self.types


@dataclass(frozen=True)
class Sheet:
    """A print sheet: cards with their relative weights, in the data's order."""

    name: str
    cards: tuple[tuple[str, int], ...]
    allow_duplicates: bool
    foil: bool
    balance_colors: bool


@dataclass(frozen=True)
class Template:
    """One kind of pack: how many cards come from each sheet, and how often this kind occurs."""

    contents: tuple[tuple[str, int], ...]
    weight: int

    @property
    def size(self) -> int:
        """The number of cards in a pack of this kind."""
        return sum(count for _, count in self.contents)


@dataclass(frozen=True)
class BoosterConfig:
    """A set's booster product, checked: every template's sheets exist and can fill their slots."""

    code: str
    templates: tuple[Template, ...]
    sheets: dict[str, Sheet]
    cards: dict[str, BoosterCard]  # uuid -> card as it would come out of a non-foil sheet

    @property
    def pack_sizes(self) -> tuple[int, ...]:
        """The distinct pack sizes this product can produce, smallest first."""
        return tuple(sorted({template.size for template in self.templates}))


def booster_config(set_data: dict, *, product: str = PRODUCT) -> BoosterConfig:
    """Read and check the booster configuration of one set in MTGJSON shape.

    Raises BoosterDataError when the set has no such product, a template names a missing sheet,
    a sheet refers to a card the set does not contain, or a sheet is too small for its slot.
    """
    code = set_data.get("code", "?")
    products = set_data.get("booster") or {}
    raw = products.get(product)
    if not raw:
        known = ", ".join(sorted(products)) or "none"
        raise BoosterDataError(
            f"Set {code} has no '{product}' booster configuration (products in the data: {known}); "
            "packs cannot be generated for it."
        )
    cards_by_uuid = {card["uuid"]: card for card in set_data.get("cards", [])}

    sheets: dict[str, Sheet] = {}
    for name, sheet in raw.get("sheets", {}).items():
        weighted = tuple((uuid, int(weight)) for uuid, weight in sheet.get("cards", {}).items() if weight > 0)
        unknown = [uuid for uuid, _ in weighted if uuid not in cards_by_uuid]
        if unknown:
            raise BoosterDataError(
                f"Set {code}: booster sheet '{name}' refers to {len(unknown)} card(s) that are not in the "
                f"set's card list (first: {unknown[0]}); rebuild the set bundle with build_set_bundle."
            )
        sheets[name] = Sheet(
            name=name,
            cards=weighted,
            allow_duplicates=bool(sheet.get("allowDuplicates")),
            foil=bool(sheet.get("foil")),
            balance_colors=bool(sheet.get("balanceColors")),
        )

    templates = []
    for raw_template in raw.get("boosters", []):
        if raw_template.get("weight", 0) <= 0:
            continue
        contents = tuple((name, int(count)) for name, count in raw_template["contents"].items() if count > 0)
        for name, count in contents:
            if name not in sheets:
                raise BoosterDataError(f"Set {code}: a booster template uses sheet '{name}', which is not defined.")
            if not sheets[name].allow_duplicates and len(sheets[name].cards) < count:
                raise BoosterDataError(
                    f"Set {code}: sheet '{name}' has {len(sheets[name].cards)} card(s) but a pack takes {count}."
                )
        ordered = tuple(sorted(contents, key=lambda item: (_slot(sheets[item[0]], cards_by_uuid), item[0])))
        templates.append(Template(contents=ordered, weight=int(raw_template["weight"])))
    if not templates:
        raise BoosterDataError(f"Set {code}: the '{product}' booster configuration has no pack templates.")

    used = {uuid for name in {n for t in templates for n, _ in t.contents} for uuid, _ in sheets[name].cards}
    cards = {uuid: _card(cards_by_uuid[uuid], code=code, sheet="", foil=False) for uuid in used}
    return BoosterConfig(code=code, templates=tuple(templates), sheets=sheets, cards=cards)


def open_boosters(set_data: dict, *, count: int, seed: int | str, product: str = PRODUCT) -> list[list[BoosterCard]]:
    """Open ``count`` packs of the set; the same seed always gives the same packs.

    Each pack lists its cards in the order they come out of the wrapper, front to back, which is
    the order they are laid out in a Rochester draft: commons, uncommons, rare or mythic, foil or
    special slot, basic land. Pack size follows the product (15 for every set Hydra ships, 14
    for STX, whose Mystical Archive slot is not in the data; see docs/rochester.md).
    Raises BoosterDataError for a set without usable booster data, ValueError for count < 0.
    """
    if count < 0:
        raise ValueError(f"Cannot open {count} packs.")
    config = booster_config(set_data, product=product)
    rng = random.Random(seed)
    return [open_pack(config, rng) for _ in range(count)]


def open_pack(config: BoosterConfig, rng: random.Random) -> list[BoosterCard]:
    """One pack drawn with ``rng``: a template chosen by weight, then each of its sheets' slots."""
    template = config.templates[_weighted_index([t.weight for t in config.templates], rng)]
    pack: list[BoosterCard] = []
    for sheet_name, slot_count in template.contents:
        sheet = config.sheets[sheet_name]
        for uuid in _draw(sheet, slot_count, rng, config.cards):
            pack.append(replace(config.cards[uuid], sheet=sheet.name, foil=sheet.foil))
    return pack


def _draw(sheet: Sheet, count: int, rng: random.Random, cards: dict[str, BoosterCard]) -> list[str]:
    pool = list(sheet.cards)
    drawn: list[str] = []
    if sheet.balance_colors and count >= len(COLORS):
        # A colour-balanced sheet (MTGJSON balanceColors) puts at least one common of each colour
        # in the pack, as printed packs do: first one mono-coloured card per colour, then fill.
        for color in COLORS:
            candidates = [(uuid, w) for uuid, w in pool if cards[uuid].colors == (color,)]
            if candidates:
                uuid = candidates[_weighted_index([w for _, w in candidates], rng)][0]
                drawn.append(uuid)
                if not sheet.allow_duplicates:
                    pool = [(u, w) for u, w in pool if u != uuid]
    while len(drawn) < count:
        index = _weighted_index([w for _, w in pool], rng)
        drawn.append(pool[index][0])
        if not sheet.allow_duplicates:
            del pool[index]
    if sheet.balance_colors:
        # Without this the forced cards would always lead in WUBRG order, a tell in the layout.
        _shuffle(drawn, rng)
    return drawn


def _weighted_index(weights: list[int], rng: random.Random) -> int:
    target = rng.random() * sum(weights)
    running = 0
    for index, weight in enumerate(weights):
        running += weight
        if target < running:
            return index
    return len(weights) - 1  # only reachable through float rounding at the very top


def _shuffle(items: list, rng: random.Random) -> None:
    # Fisher-Yates on rng.random(), not random.shuffle, whose use of the generator is not promised.
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def _slot(sheet: Sheet, cards_by_uuid: dict[str, dict]) -> int:
    if sheet.foil:
        return _SLOT_SPECIAL
    cards = [(cards_by_uuid[uuid], weight) for uuid, weight in sheet.cards]
    if cards and all("Basic" in card.get("supertypes", []) for card, _ in cards):
        return _SLOT_BASIC
    # A sheet goes where most of its weight goes: STX's lesson sheet is mostly commons even
    # though it holds a few rare lessons.
    weight_by_slot: dict[int, int] = {}
    for card, weight in cards:
        slot = _RARITY_SLOT.get(card.get("rarity", ""), _SLOT_SPECIAL)
        weight_by_slot[slot] = weight_by_slot.get(slot, 0) + weight
    return max(weight_by_slot, key=lambda slot: (weight_by_slot[slot], slot), default=_SLOT_SPECIAL)


def _card(card: dict, *, code: str, sheet: str, foil: bool) -> BoosterCard:
    return BoosterCard(
        uuid=card["uuid"],
        name=card["name"],
        number=str(card.get("number", "")),
        rarity=card.get("rarity", ""),
        colors=tuple(card.get("colors", ())),
        types=tuple(card.get("types", ())),
        supertypes=tuple(card.get("supertypes", ())),
        mana_value=float(card.get("manaValue", 0.0)),
        set_code=card.get("setCode") or code,
        sheet=sheet,
        foil=foil,
    )
