"""`{% load registrations %}`: what a registration carries, in the page's language: `{{ registration|team_mark }}`
its dropped or disqualified mark, `{{ problem|problem_message }}` one of its stored decklist problems."""

from django import template

from tournaments.selectors import team_marks
from tournaments.services.decklists import deck_problem_message

register = template.Library()


@register.filter
def problem_message(problem: dict) -> str:
    """A stored decklist problem in the page's language (tournaments.services.decklists.deck_problem_message)."""
    return deck_problem_message(problem)


@register.filter
def team_mark(registration):
    """The registration's dropped/disqualified mark (tournaments.selectors.team_marks), or None while it plays."""
    return team_marks.team_mark(registration) if registration is not None else None
