"""`{% load formatting %}`: numbers, durations and lists written in the page's language. They own no data, so they
are `common`'s and every app's templates may load them (docs/architecture.md, "Templates")."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from common.textlist import text_list

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
def clock_minutes(seconds) -> str:
    """Seconds as m:ss (or h:mm:ss)."""
    try:
        seconds = max(0, int(seconds))
    except (TypeError, ValueError):
        return ""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
