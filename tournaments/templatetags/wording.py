"""`{% load wording %}`: `{{ event|entrant }}` "team" or "player", `{{ event|entrants }}` "teams" or "players",
`{{ event|Entrant }}` and `{{ event|Entrants }}` for headings, `{{ event|format_name }}` "Constructed" or "Team
constructed, one format", `{{ event|kind }}` "Standard · 4 rounds", `{% say event "we_win" %}` a sentence said one
way in a team event and another in an individual one, with its placeholders as keywords (tournaments/wording.py
picks the words)."""

from django import template

from tournaments.selectors.decklists import event_deck_formats
from tournaments.wording import (
    entrant_count,
    entrant_noun,
    entrant_sentence,
    event_kind,
    format_label,
    moment_in_sentence,
    result_state_label,
)

register = template.Library()


@register.filter
def entrant(event) -> str:
    return entrant_noun(event=event, form="singular")


@register.filter
def entrants(event) -> str:
    return entrant_noun(event=event, form="plural")


@register.filter(name="Entrant")
def entrant_heading(event) -> str:
    return entrant_noun(event=event, form="Singular")


@register.filter(name="Entrants")
def entrants_heading(event) -> str:
    return entrant_noun(event=event, form="Plural")


@register.filter
def format_name(event) -> str:
    return format_label(event=event)


@register.filter
def deck_formats(event) -> list[str]:
    """The constructed formats the event's decks are checked in (one, or one per seat); none for limited events."""
    return event_deck_formats(event=event)


@register.filter
def count(event, n) -> str:
    """`{{ event|count:8 }}`: "8 players" or "8 teams"."""
    return entrant_count(event=event, n=int(n or 0))


@register.filter
def kind(event) -> str:
    return event_kind(event=event)


@register.filter
def moment(value) -> str:
    """`{{ invitation.expires_at|moment }}`: a date and time that can end a sentence (no "p.m.." twice)."""
    return moment_in_sentence(value) if value else ""


@register.simple_tag
def say(event, key: str, **params) -> str:
    """`{% say event "key" name=value %}`: tournaments.wording.entrant_sentence, escaped as any variable is."""
    return entrant_sentence(event=event, key=key, **params)


@register.filter
def result_state(match) -> str:
    """`{{ match|result_state }}`: the match's result state in its event's words (tournaments.wording)."""
    return result_state_label(match=match)
