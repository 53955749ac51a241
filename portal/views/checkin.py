"""The player's check-in on the portal (docs/portal.md): a member of a registered team says the team is at the
venue, before round 1 is paired. The check-in itself is the event's (tournaments/services/checkin.py); the desk
ticks it for the teams and drops the no-shows."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Registration
from tournaments.selectors.events import event_for_viewer, my_registration_ids
from tournaments.services.checkin import registration_check_in


@login_required
@require_http_methods(["GET", "POST"])
def player_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A member of a team checks the team in (POST; back to the page it came from, "My events" or the event's
    page). GET is a page with the button, or why there is none (not registered, dropped, round 1 paired)."""
    event = event_for_viewer(pk=pk, user=request.user)
    mine = my_registration_ids(event=event, user=request.user)
    if request.method == "GET":
        return render(
            request, "portal/check_in.html", {"event": event, "registered": bool(mine), "paired": event.rounds.exists()}
        )
    if not mine:
        raise Http404("Not your event.")
    registration = Registration.objects.select_related("team", "event").get(pk=next(iter(mine)))
    try:
        registration_check_in(registration=registration, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("%(team)s is checked in.") % {"team": registration.team.name})
    back = request.POST.get("next", "")
    # Only a path of this site: redirect() would read "a:b" as a view's name (and fail on a stray one).
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return HttpResponseRedirect(back)
    return redirect("portal:event", pk=event.pk)
