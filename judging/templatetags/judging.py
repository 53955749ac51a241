"""Links from the event's front page to the judges' pages, a player's own penalties and the published decklists."""

from django import template

from judging import selectors
from tournaments.models import Seat
from tournaments.rights import may_judge_event
from tournaments.selectors.decklists import event_registers_decklists

register = template.Library()


@register.inclusion_tag("judging/_links.html", takes_context=True)
def judging_links(context, event):
    """What of the judges' records this viewer may open: the judges' pages for a judge; their own penalties for a
    player who has one; the top teams' decklists once published. Nothing for anyone else."""
    request = context.get("request")
    user = getattr(request, "user", None)
    judge = may_judge_event(user, event)
    player = bool(user and user.is_authenticated and Seat.objects.filter(event=event, player__user=user).exists())
    return {
        "event": event,
        "judge": judge,
        "has_decklist": player and event_registers_decklists(event=event),
        "my_penalties": player
        and selectors.penalties_visible_to(user=user, event=event).filter(player__user=user).exists(),
        "published": event.decklists_published and event.status == "finished",
    }
