"""Cards as players see them: mana costs as symbols, where a card's picture lives, and rarities, card types and
colours in the page's language (the card data stays English: it decides, RULES.md 5). Pure (no ORM).

The symbols are Hydra's own SVG sprite (static/cards/mana.svg): a page showing cards makes no request outside
Hydra unless the organizer allows Scryfall's card images (cards.models.CardDisplaySettings).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from django.utils.translation import gettext_lazy as _

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")
_NAMED = {"½": "half", "∞": "inf", "H": "half"}
SCRYFALL_IMAGE = "https://api.scryfall.com/cards"


@dataclass(frozen=True)
class ManaSymbol:
    """One symbol of a cost: `sprite_id` in mana.svg and `text` as printed ("{2/W}")."""

    sprite_id: str
    text: str


def mana_symbols(cost: str) -> list[ManaSymbol | str]:
    """The symbols of a mana cost ("{2}{U}{R}", faces joined " // "), in order; text between symbols (the face
    separator) is kept as a plain string. An unknown symbol keeps its text, so nothing printed is lost."""
    parts: list[ManaSymbol | str] = []
    position = 0
    for match in _SYMBOL.finditer(cost or ""):
        if match.start() > position:
            parts.append(cost[position : match.start()])
        inner = match.group(1).upper()
        sprite = _NAMED.get(inner) or inner.replace("/", "")
        if re.fullmatch(r"H[WUBRG]", inner):
            sprite = inner
        parts.append(ManaSymbol(sprite_id=sprite, text=match.group(0)))
        position = match.end()
    if position < len(cost or ""):
        parts.append(cost[position:])
    return parts


def scryfall_image_url(*, name: str, set_code: str = "", number: str = "", version: str = "normal") -> str:
    """Scryfall's address of a card's picture: the printing's (set and collector number) when known, else the
    card's by exact English name."""
    if set_code and number:
        return f"{SCRYFALL_IMAGE}/{quote(set_code.lower())}/{quote(number)}?" + urlencode(
            {"format": "image", "version": version})
    return f"{SCRYFALL_IMAGE}/named?" + urlencode({"exact": name, "format": "image", "version": version})


RARITIES = {
    "common": _("common"), "uncommon": _("uncommon"), "rare": _("rare"), "mythic": _("mythic rare"),
    "special": _("special"), "bonus": _("bonus"),
}
TYPES = {
    "Artifact": _("Artifact"), "Battle": _("Battle"), "Creature": _("Creature"), "Enchantment": _("Enchantment"),
    "Instant": _("Instant"), "Kindred": _("Kindred"), "Tribal": _("Tribal"), "Land": _("Land"),
    "Planeswalker": _("Planeswalker"), "Sorcery": _("Sorcery"), "Legendary": _("Legendary"), "Basic": _("Basic"),
    "Snow": _("Snow"), "World": _("World"),
}
COLORS = {
    "W": _("White"), "U": _("Blue"), "B": _("Black"),
    "R": _("Red"), "G": _("Green"),
    "C": _("Colourless"), "M": _("Multicolour"),
}


def rarity_name(rarity: str) -> str:
    """'uncommon' -> the page's word for it; an unknown rarity as it is."""
    return str(RARITIES.get((rarity or "").lower(), rarity or ""))


def type_line(types: str) -> str:
    """'Artifact Creature' -> the page's words, type by type; words Hydra doesn't know stay as they are."""
    return " ".join(str(TYPES.get(word, word)) for word in (types or "").split())


def color_name(letter: str) -> str:
    return str(COLORS.get(letter, letter))
