"""`{% load eventday %}`: the event day on the players' pages: `{% round_clock round %}` the round's clock and
`{% event_announcements event %}` the event's latest announcements (the portal's event, pairings, match and My
events pages; the desk drives the clock and posts the announcements, both the event's)."""

from django import template

from tournaments.selectors.announcements import announcements_for_event
from tournaments.selectors.clock import round_clock_state
from tournaments.services.clock import now

register = template.Library()


@register.inclusion_tag("tournaments/_player_clock.html")
def round_clock(round_):
    """The round's clock for players (nothing before the round exists or once it is finished)."""
    if round_ is None or round_.is_finished:
        return {"clock": None}
    return {"clock": round_clock_state(round_=round_), "server_now": now().isoformat(), "round": round_}


@register.inclusion_tag("tournaments/_player_announcements.html")
def event_announcements(event):
    """The event's latest announcements."""
    return {"announcements": announcements_for_event(event=event)}
