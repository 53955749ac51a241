"""Cards shown as cards: `{% mana_cost cost %}`, `{% card_face face %}` and the `with_faces` filter, which looks up
the faces of a whole pack or pool in two queries (`{% for card in pack|with_faces %}` ... `{{ card.face }}`)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language

from cards import display
from cards.display import ManaSymbol, mana_symbols
from cards.selectors import (
    CardFace,
    card_data_freshness,
    card_printed_names,
    cards_faces,
    decklist_commanders,
    formats_unchecked,
    unchecked_formats_notice,
)

register = template.Library()
SPRITE = "cards/mana.svg"


@functools.lru_cache(maxsize=1)
def _sprite_ids() -> frozenset[str]:
    for directory in settings.STATICFILES_DIRS:
        path = Path(directory) / SPRITE
        if path.exists():
            return frozenset(re.findall(r'<symbol id="ms-([^"]+)"', path.read_text(encoding="utf-8")))
    return frozenset()


class ShownCard:
    """A card of a pack or pool (any object with `name`), with its `face` for display; every other attribute is
    the card's own."""

    def __init__(self, card, face: CardFace):
        self._card = card
        self.face = face

    def __getattr__(self, name):
        return getattr(self._card, name)

    def __str__(self) -> str:
        return str(self._card)


@register.filter
def with_faces(cards) -> list[ShownCard]:
    """The cards, each with its `face` (cost, type line, text, picture), looked up all at once."""
    cards = list(cards or ())
    faces = cards_faces(cards=cards, language=get_language())
    return [
        ShownCard(c, faces[(c.name, getattr(c, "set_code", "") or "", str(getattr(c, "number", "") or ""))])
        for c in cards
    ]


@register.simple_tag
def card_name(card):
    """A card's name in the reader's language where the card data has it, with the English name beside it (the
    rules decide by the English name); else the English name."""
    return printed_card_name(card.name, getattr(getattr(card, "face", None), "local_name", ""))


@register.simple_tag
def printed_card_name(name, printed=""):
    """The English `name` shown with `printed` (the name as printed in the reader's language, looked up by a
    selector) first and the English beside it, as `card_name` does; the English name alone without one."""
    if not printed:
        return name
    return format_html('{} <span class="card-english" lang="en">({})</span>', printed, name)


@register.filter
def printed_names(cards) -> list[str]:
    """The cards (or a single card: anything with `name`) as `card_name` shows them, with one query for the printed
    names of the reader's language: `{{ state.timed_out|printed_names|listed:"and" }}`."""
    cards = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    printed = card_printed_names(names=[c.name for c in cards], language=get_language())
    return [printed_card_name(c.name, printed.get(c.name, "")) for c in cards]


@register.simple_tag
def mana_cost(cost: str):
    """A mana cost as Hydra's SVG symbols; its text ("{2}{U}{R}") is what screen readers and copy-paste get."""
    if not cost:
        return ""
    sprite = static(SPRITE)
    known = _sprite_ids()
    parts = []
    for part in mana_symbols(cost):
        if isinstance(part, ManaSymbol) and part.sprite_id in known:
            parts.append(
                format_html(
                    '<svg class="ms" aria-hidden="true" focusable="false" data-symbol="{}"><use href="{}#ms-{}"></use></svg>',
                    part.text,
                    sprite,
                    part.sprite_id,
                )
            )
        else:
            parts.append(
                format_html('<span class="ms-text">{}</span>', part.text if isinstance(part, ManaSymbol) else part)
            )
    return format_html(
        '<span class="mana" role="img" aria-label="{}">{}</span>',
        cost,
        format_html_join("", "{}", ((p,) for p in parts)),
    )


@register.inclusion_tag("cards/_face.html")
def card_face(face: CardFace | None):
    """A card's cost as symbols, its type line, and its rules text on hover (title) or tap (details)."""
    return {"face": face}


# The session key under which desk.views.cards.card_notice_dismiss remembers the data date whose notice was dismissed.
NOTICE_DISMISSED = "card_data_notice_dismissed"


@register.inclusion_tag("cards/_data_notice.html", takes_context=True)
def card_data_notice(context, *, staff: bool = False, may_update: bool = False, may_ask: bool = False):
    """The card data's date; for `staff` (organizers and their staff: desk and judges' pages) a warning when it is
    older than 90 days, until they dismiss it (for that data, for the session), with the way forward: the card data
    page for the operator, who `may_update` it, and for the organizers, who `may_ask` the operator for an update
    there (issue 52). Players never see the warning. One query."""
    freshness = card_data_freshness(today=timezone.localdate())
    request = context.get("request")
    dismissed = getattr(request, "session", {}).get(NOTICE_DISMISSED) if request is not None else None
    shown_date = freshness.date.isoformat() if freshness.date else "unknown"
    return {
        "freshness": freshness,
        "staff": staff,
        "may_update": may_update,
        "may_ask": may_ask,
        "request": request,
        "dismissed": dismissed == shown_date,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("cards/_formats_notice.html")
def card_formats_notice(formats, on_date=None):
    """A notice where the card data does not give the legalities of `formats` (a format, or a list): their card
    pools and banned lists are not checked. Nothing otherwise. One or two queries."""
    if not formats:
        return {"notice": ""}
    return {"notice": unchecked_formats_notice(formats_unchecked(formats, on_date=on_date))}


@register.filter
def deck_commanders(decklist, formats) -> dict[str, int]:
    """`{% with commanders=decklist|deck_commanders:formats %}`: the commanders a stored decklist names (English name
    -> count) when `formats` (the event's, `event|deck_formats`) include Commander; {} otherwise."""
    if decklist is None:
        return {}
    return decklist_commanders(
        text=decklist.text, main=decklist.main, sideboard=decklist.sideboard, formats=formats or ()
    )


@register.filter
def card_rarity(rarity: str) -> str:
    """A card's rarity in the page's language (cards.display)."""
    return display.rarity_name(rarity)


@register.filter
def card_types(types: str) -> str:
    """A card's types ('Artifact Creature') in the page's language (cards.display)."""
    return display.type_line(types)


@register.filter
def color_name(letter: str) -> str:
    """A colour letter (W U B R G, C colourless, M multicolour) named in the page's language."""
    return display.color_name(letter)
