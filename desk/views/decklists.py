"""Every entrant's registered decklist at a glance, for the event's judges and organizers."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from desk import selectors
from tournaments.doors import event_permission_required
from tournaments.models import Event, Registration
from tournaments.rights import may_judge_event
from tournaments.services.decklists import registrations_deck_problems_complete


@login_required
@require_GET
@event_permission_required(may_judge_event)
def desk_decklists(request: HttpRequest, event: Event) -> HttpResponse:
    """Every entrant's registered decklist at a glance, for the event's judges and organizers
    (tournaments.rights.may_judge_event; 404 for anyone else): who has registered, main deck and sideboard, the
    problems. A limited event with real product shows the typed lists as they are; a judge changes one on the
    judging pages."""
    # Problems stored before a language was shipped get their messages in it first (read in the reader's language).
    registrations_deck_problems_complete(
        registrations=Registration.objects.filter(event=event).exclude(deck_problems=[]).select_related("event")
    )
    return render(request, "desk/decklists.html", {"event": event, **selectors.desk_decklists(event=event)})
