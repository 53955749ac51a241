"""`{% load portal %}`: the portal's own pieces of its pages: `{% check_in_button event %}`, the player's check-in
(portal/views/checkin.py answers it)."""

from django import template

from tournaments.models import Registration
from tournaments.selectors.checkin import team_checked_in
from tournaments.selectors.events import my_registration_ids

register = template.Library()


@register.inclusion_tag("portal/_player_check_in.html", takes_context=True)
def check_in_button(context, event):
    """The check-in button for a member of a registered team, before round 1."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or event.rounds.exists():
        return {"show": False}
    mine = my_registration_ids(event=event, user=user)
    if not mine:
        return {"show": False}
    registration = Registration.objects.select_related("team").get(pk=next(iter(mine)))
    return {
        "show": not registration.is_dropped,
        "event": event,
        "registration": registration,
        "checked_in": team_checked_in(registration=registration),
        "csrf_token": context.get("csrf_token"),
        "back": request.path,
    }
