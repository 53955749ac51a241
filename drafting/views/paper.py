"""The paper draft's pages (issue 40, docs/drafting.md "Paper draft"). Thin: the services decide, the selectors read.

- /draft/event/<id>/paper/ (organizers): seat the pods, start the called draft, pause and resume it, start the deck
  building timer (which a sealed event with real product uses too);
- /draft/event/<id>/call/ (anyone who may see the event): the call, big; a seated player's phone also says
  "Pod 2, seat 5"; ?projector=1 is the projector's layout. Once loaded it needs no network: static/js/called.js
  computes the call from the schedule and asks call/state/ for pauses when it can;
- /draft/event/<id>/call/state/: the timers as JSON.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from common.params import plain_int
from drafting.booster import DECK_BUILDING_MINUTES
from drafting.core import DraftRefused
from drafting.models import TimerKind
from drafting.selectors.paper import event_timers_state, paper_pods_for_event, paper_seat_of_user
from drafting.services.paper import (
    called_draft_start,
    deck_building_start,
    event_timer_pause,
    event_timer_resume,
    event_timer_stop,
    paper_pods_seat,
)
from drafting.views import event_run_by
from tournaments.enums import FormatKind
from tournaments.models import Event
from tournaments.selectors.events import event_for_viewer

PACK_SIZES = (15, 14, 13, 12, 16)
SEALED_FORMATS = (FormatKind.TEAM_SEALED, FormatKind.THG_SEALED)


def _posted_number(request: HttpRequest, name: str, problem: str) -> int:
    number = plain_int(request.POST.get(name), max_digits=3)
    if number is None:
        raise DraftRefused(problem)
    return number


def _act(request: HttpRequest, event: Event) -> str:
    """Do what the organizer's form asked; the sentence to show them."""
    action = request.POST.get("action", "")
    by = request.user
    if action == "seat":
        pods = paper_pods_seat(event=event, by=by, pods_every_round=request.POST.get("pods_every_round") == "on")
        return ngettext("%(pods)d pod seated.", "%(pods)d pods seated.", len(pods)) % {"pods": len(pods)}
    if action == "draft":
        called_draft_start(event=event, by=by, pack_size=_posted_number(
            request, "pack_size", _("Choose the number of cards in a pack.")))
        return _("The called draft has started.")
    if action == "build":
        deck_building_start(event=event, by=by, minutes=_posted_number(
            request, "minutes", _("Give the deck building time in whole minutes.")))
        return _("Deck building has started.")
    verb, _sep, kind = action.partition(":")
    steps = {"pause": (event_timer_pause, _("Paused.")), "resume": (event_timer_resume, _("Resumed.")),
             "stop": (event_timer_stop, _("Stopped."))}
    if verb in steps and kind in TimerKind.values:
        service, done = steps[verb]
        service(event=event, kind=kind, by=by)
        return done
    raise DraftRefused(_("Choose what to do."))


@login_required
@require_http_methods(["GET", "POST"])
def paper_event(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's page of a paper draft: pods, the called draft's and the deck building's controls."""
    event = event_run_by(request, pk)
    if request.method == "POST":
        try:
            messages.success(request, _act(request, event))
        except DraftRefused as refused:
            messages.error(request, " ".join(refused.messages))
        return redirect("drafting:paper_event", pk=event.pk)
    return render(request, "drafting/paper_event.html", {
        "event": event, "pods": paper_pods_for_event(event=event), "pack_sizes": PACK_SIZES,
        # A sealed event's own deck building minutes (the presets set them); a draft's are Appendix B's 25.
        "deck_minutes": (event.deck_building_minutes if event.format_kind in SEALED_FORMATS
                         and event.deck_building_minutes else DECK_BUILDING_MINUTES),
        "timers": event_timers_state(event=event, now=timezone.now()),
    })


@require_GET
def called_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The called draft and the deck building timer, big; the viewer's own pod and seat."""
    event = event_for_viewer(pk=pk, user=request.user)
    response = render(request, "drafting/called.html", {
        "event": event, "seat": paper_seat_of_user(event=event, user=request.user),
        "timers": event_timers_state(event=event, now=timezone.now()),
        "projector": request.GET.get("projector") == "1",
        "pods": paper_pods_for_event(event=event) if request.GET.get("projector") == "1" else [],
    })
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def called_state(request: HttpRequest, pk: int) -> JsonResponse:
    """The event's timers as JSON (schedule, stopwatch, server time), for the call page's check for pauses."""
    event = event_for_viewer(pk=pk, user=request.user)
    response = JsonResponse(event_timers_state(event=event, now=timezone.now()))
    response["Cache-Control"] = "no-store"
    return response
