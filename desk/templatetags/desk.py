"""Template tags that put the event day on the portal's pages: the round clock, announcements, check-in."""
from django import template

from desk import selectors
from tournaments.models import Registration
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.events import my_registration_ids
from tournaments.services.clock import now

register = template.Library()


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


@register.inclusion_tag("desk/_player_clock.html")
def desk_round_clock(round_):
    """The round's clock for players (nothing before the round exists or once it is finished)."""
    if round_ is None or round_.is_finished:
        return {"clock": None}
    return {"clock": round_clock_state(round_=round_), "server_now": now().isoformat(), "round": round_}


@register.inclusion_tag("desk/_player_announcements.html")
def desk_announcements(event):
    """The event's latest announcements."""
    return {"announcements": selectors.announcements_for_event(event=event)}


@register.inclusion_tag("desk/_player_check_in.html", takes_context=True)
def desk_check_in(context, event):
    """The check-in button for a member of a registered team, before round 1."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or event.rounds.exists():
        return {"show": False}
    mine = my_registration_ids(event=event, user=user)
    if not mine:
        return {"show": False}
    registration = Registration.objects.select_related("team").get(pk=next(iter(mine)))
    return {"show": not registration.is_dropped, "event": event, "registration": registration,
            "checked_in": selectors.team_checked_in(registration=registration), "csrf_token": context.get("csrf_token"),
            "back": request.path}
