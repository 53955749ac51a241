"""Cards as players see them: mana costs as symbols, where a card's picture lives, and rarities, card types and
colours in the page's language (the card data stays English: it decides, RULES.md 5). Pure (no ORM).

The symbols are Hydra's own SVG sprite (static/cards/mana.svg): a page showing cards makes no request outside
Hydra unless the organizer allows Scryfall's card images (cards.models.CardDisplaySettings).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")
_NAMED = {"½": "half", "∞": "inf", "H": "half"}
# Scryfall's image server. The Content-Security-Policy allows it (config.middleware) only while the organizers
# allow card pictures.
SCRYFALL_IMAGES = "https://cards.scryfall.io"
SCRYFALL_VERSIONS = ("small", "normal", "large", "art_crop", "border_crop")  # the JPEG ones
_SCRYFALL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


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


def scryfall_image_url(scryfall_id: str, *, version: str = "normal") -> str:
    """Scryfall's address of the front picture of the printing with Scryfall id `scryfall_id` (a UUID), on its
    image server: https://cards.scryfall.io/normal/front/a/b/ab....jpg, the first two characters of the id as
    folders. "" for an id that isn't a UUID (none in the data): the card is then shown as text."""
    scryfall_id = (scryfall_id or "").strip().lower()
    if not _SCRYFALL_ID.fullmatch(scryfall_id) or version not in SCRYFALL_VERSIONS:
        return ""
    return f"{SCRYFALL_IMAGES}/{version}/front/{scryfall_id[0]}/{scryfall_id[1]}/{scryfall_id}.jpg"


RARITIES = {
    "common": _("common"),
    "uncommon": _("uncommon"),
    "rare": _("rare"),
    "mythic": _("mythic rare"),
    "special": _("special"),
    "bonus": _("bonus"),
}
TYPES = {
    "Artifact": _("Artifact"),
    "Battle": _("Battle"),
    "Creature": _("Creature"),
    "Enchantment": _("Enchantment"),
    "Instant": _("Instant"),
    "Kindred": _("Kindred"),
    "Tribal": _("Tribal"),
    "Land": _("Land"),
    "Planeswalker": _("Planeswalker"),
    "Sorcery": _("Sorcery"),
    "Legendary": _("Legendary"),
    "Basic": _("Basic"),
    "Snow": _("Snow"),
    "World": _("World"),
}
COLORS = {
    "W": _("White"),
    "U": _("Blue"),
    "B": _("Black"),
    "R": _("Red"),
    "G": _("Green"),
    "C": _("Colourless"),
    "M": _("Multicolour"),
}


def rarity_name(rarity: str) -> str:
    """'uncommon' -> the page's word for it; an unknown rarity as it is."""
    return str(RARITIES.get((rarity or "").lower(), rarity or ""))


def type_line(types: str) -> str:
    """'Artifact Creature' -> the page's words, type by type; words Hydra doesn't know stay as they are."""
    return " ".join(str(TYPES.get(word, word)) for word in (types or "").split())


def color_name(letter: str) -> str:
    return str(COLORS.get(letter, letter))
