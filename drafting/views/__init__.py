"""The draft pages: a Rochester table (`tables`), the Two-Headed Giant pods (`pods`), the booster draft
(`booster`), the live push (`live`) and the draft logs (`picklog`)."""
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.models import Event
from tournaments.rights import may_run_event


def event_run_by(request, pk: int, *, rule=may_run_event):
    """The event `pk` for whoever passes `rule` at it (tournaments.rights; may_run_event unless said otherwise, e.g.
    may_run_timers for the paper draft's timers); 404 for everyone else, as if it weren't there."""
    event = get_object_or_404(Event, pk=pk)
    if not rule(request.user, event):
        raise Http404
    return event
