"""The draft pages: a Rochester table (`tables`), the Two-Headed Giant pods (`pods`), the booster draft
(`booster`), the live push (`live`) and the draft logs (`picklog`)."""
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.models import Event
from tournaments.rights import may_run_event


def event_run_by(request, pk: int):
    """The event `pk` for whoever runs it (tournaments.rights.may_run_event); 404 for everyone else, as if it weren't
    there."""
    event = get_object_or_404(Event, pk=pk)
    if not may_run_event(request.user, event):
        raise Http404
    return event
