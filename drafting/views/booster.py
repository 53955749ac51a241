"""The organizer's page of an individual booster draft event (docs/drafting.md): seat the players in pods of up to
eight, then each pod's packs, start and clock in the pods' admin (the same controls as every pod). Thin: the
services decide."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from drafting.selectors.pods import pod_drafter_seating, thg_pods_for_event
from drafting.services.booster import booster_pods_seat
from drafting.services.picks import DraftRefused
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def booster_event(request: HttpRequest, event: Event) -> HttpResponse:
    """GET: the event's booster pods and who sits where; POST: seat the players (once)."""
    if request.method == "POST":
        try:
            pods = booster_pods_seat(event=event, by=request.user)
        except DraftRefused as refused:
            messages.error(request, str(refused))
        else:
            messages.success(
                request,
                _("%(players)d players seated in %(pods)d pods.")
                % {"players": sum(p.teams.count() for p in pods), "pods": len(pods)},
            )
        return redirect("drafting:booster_event", pk=event.pk)
    pods = list(thg_pods_for_event(event=event))
    seating = pod_drafter_seating(pods=pods)
    return render(
        request, "drafting/booster_event.html", {"event": event, "pods": [(pod, seating[pod.pk]) for pod in pods]}
    )
