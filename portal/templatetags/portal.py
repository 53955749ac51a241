"""Template helpers of the portal."""
from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def percent(value: Decimal | None) -> str:
    """A 0..1 figure as a percentage with two decimals, in the page's language (0.6667 -> "66.67")."""
    if value is None:
        return ""
    return number_format(Decimal(value) * 100, 2)


@register.filter
def problem_message(problem: dict) -> str:
    """A stored decklist problem in the page's language (tournaments.services.decklists.deck_problem_message)."""
    from tournaments.services.decklists import deck_problem_message

    return deck_problem_message(problem)
