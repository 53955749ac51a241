"""{% event_team_ratings event %}: each team of an event with its members' ratings in the event's category."""

from django import template

from ratings import selectors

register = template.Library()


@register.inclusion_tag("ratings/_event_teams.html")
def event_team_ratings(event):
    """The event's teams (by name), each member with their current rating, and the team's mean rating."""
    return {"event": event, **selectors.event_teams_with_ratings(event=event)}
