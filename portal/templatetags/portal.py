"""Template helpers of the portal."""
from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from cards import display
from common.textlist import text_list
from tournaments.selectors import team_marks
from tournaments.services.decklists import deck_problem_message

register = template.Library()


@register.filter
def percent(value: Decimal | None) -> str:
    """A 0..1 figure as a percentage with two decimals, in the page's language (0.6667 -> "66.67")."""
    if value is None:
        return ""
    return number_format(Decimal(value) * 100, 2)


@register.filter(needs_autoescape=True)
def listed(items, conjunction: str = "", autoescape: bool = True) -> str:
    """The items listed in the page's language (common.textlist): `{{ names|listed }}` with the separator alone
    ("A, B, C"; "A、B、C" in Chinese and Japanese), `{{ names|listed:"and" }}` with the language's "and" before the
    last one. Each item is escaped unless it is already safe (a card name with its English beside it)."""
    items = [conditional_escape(item) if autoescape else item for item in items or ()]
    shown = text_list(items, conjunction=conjunction == "and")
    return mark_safe(shown) if autoescape else shown


@register.filter
def problem_message(problem: dict) -> str:
    """A stored decklist problem in the page's language (tournaments.services.decklists.deck_problem_message)."""
    return deck_problem_message(problem)


@register.filter
def team_mark(registration):
    """The registration's dropped/disqualified mark (tournaments.selectors.team_marks), or None while it plays."""
    return team_marks.team_mark(registration) if registration is not None else None


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
