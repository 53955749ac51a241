"""The paper draft's pages (issue 40, docs/drafting.md "Paper draft"). Thin: the services decide, the selectors read.

- /draft/event/<id>/paper/ (whoever runs the timers, tournaments.rights.may_run_timers: the organizers and the
  scorekeepers): seat the pods (booster or Two-Headed Giant draft; whoever runs the event), start the called draft
  for every pod together or for each pod on its own, or each team Rochester table's call of the round, pause,
  resume and stop them, start the deck building timer (which a sealed event with real product uses too) and end
  it early;
- /draft/event/<id>/call/ (anyone who may see the event): the calls, big; a seated player's phone also says
  "Pod 2, seat 5" (or "Round 2, table 3, seat 1B") and shows their own table's call; ?projector=1 is the
  projector's layout with every running call; ?table=<id> one table's. Once loaded it needs no network:
  static/js/called.js computes the call from the schedule and asks call/state/ for pauses when it can;
- /draft/event/<id>/call/state/: the timers as JSON (?table=<id>: that table's calls only; ?pod=<id>: that pod's).
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
from common.polls import poll_scope, polled
from drafting import called
from drafting.booster import DECK_BUILDING_MINUTES
from drafting.core import DraftRefused
from drafting.models import TimerKind
from drafting.selectors.paper import (
    event_timers_state,
    paper_calls_running,
    paper_pods_for_event,
    paper_seat_of_user,
    paper_table_seat_of_user,
    paper_tables_for_event,
)
from drafting.services.paper import (
    called_draft_end,
    called_draft_start,
    rochester_call_start,
    deck_building_end,
    deck_building_start,
    event_timer_pause,
    event_timer_resume,
    event_timer_stop,
    paper_pods_seat,
)
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.polltokens import drafts_token, event_token
from tournaments.rights import may_run_event, may_run_timers, may_see_event

PACK_SIZES = (15, 14, 13, 12, 16)


def _posted_number(request: HttpRequest, name: str, problem: str, *, max_digits: int = 3) -> int:
    number = plain_int(request.POST.get(name), max_digits=max_digits)
    if number is None:
        raise DraftRefused(problem)
    return number


def _act(request: HttpRequest, event: Event) -> str:
    """Do what the organizer's form asked; the sentence to show them."""
    action = request.POST.get("action", "")
    by = request.user
    if action == "seat":
        if not may_run_event(by, event):
            raise DraftRefused(_("Only the event's organizers seat the pods; a scorekeeper runs the timers."))
        pods = paper_pods_seat(
            event=event,
            by=by,
            pods_every_round=request.POST.get("pods_every_round") == "on",
            confirm_five=request.POST.get("confirm_five") == "on",
        )
        return ngettext("%(pods)d pod seated.", "%(pods)d pods seated.", len(pods)) % {"pods": len(pods)}
    if action == "draft":
        pod = request.POST.get("pod", "").strip()
        called_draft_start(
            event=event,
            by=by,
            pack_size=_posted_number(request, "pack_size", _("Choose the number of cards in a pack.")),
            pod_id=_posted_number(request, "pod", _("Choose a pod."), max_digits=12) if pod else None,
        )
        return _("The pod's called draft has started.") if pod else _("The called draft has started.")
    if action == "rochester":
        first = request.POST.get("first_team", "")
        minutes = request.POST.get("build_minutes", "").strip()
        rochester_call_start(
            event=event,
            by=by,
            table_id=_posted_number(request, "table", _("Choose a table."), max_digits=12),
            pack_size=_posted_number(request, "pack_size", _("Choose the number of cards in a pack.")),
            first_team=int(first) if first in ("1", "2") else None,
            build_minutes=_posted_number(request, "build_minutes", _("Give the deck building time in whole minutes."))
            if minutes
            else None,
        )
        return _("The table's called draft has started.")
    if action == "build":
        deck_building_start(
            event=event,
            by=by,
            minutes=_posted_number(request, "minutes", _("Give the deck building time in whole minutes.")),
        )
        return _("Deck building has started.")
    if action == "end:draft":
        n = called_draft_end(event=event, by=by)
        return ngettext("The call has ended: the draft is over.", "%(n)d calls have ended: the draft is over.", n) % {
            "n": n
        }
    if action == "end:build":
        deck_building_end(event=event, by=by)
        return _("Deck building has ended: every deck is in.")
    verb, _sep, which = action.partition(":")
    steps = {
        "pause": (event_timer_pause, _("Paused.")),
        "resume": (event_timer_resume, _("Resumed.")),
        "stop": (event_timer_stop, _("Stopped.")),
    }
    timer_id = plain_int(which[len("timer-") :], max_digits=12) if which.startswith("timer-") else None
    if verb in steps and (which in TimerKind.values or timer_id is not None):
        service, done = steps[verb]
        if timer_id is not None:
            service(event=event, timer_id=timer_id, by=by)
        else:
            service(event=event, kind=which, by=by)
        return done
    raise DraftRefused(_("Choose what to do."))


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_timers)
def paper_event(request: HttpRequest, event: Event) -> HttpResponse:
    """The organizer's page of a paper draft: pods, the called draft's and the deck building's controls."""
    if request.method == "POST":
        try:
            messages.success(request, _act(request, event))
        except DraftRefused as refused:
            messages.error(request, " ".join(refused.messages))
        return redirect("drafting:paper_event", pk=event.pk)
    timers = event_timers_state(event=event, now=timezone.now())
    calls = {call["table_id"]: call for call in timers["calls"] if call["table_id"]}
    pod_calls = {call["pod_id"]: call for call in timers["calls"] if call["pod_id"]}
    pods = paper_pods_for_event(event=event)
    return render(
        request,
        "drafting/paper_event.html",
        {
            "event": event,
            "pods": pods,
            "pack_sizes": PACK_SIZES,
            "runs_event": may_run_event(request.user, event),
            "pod_calls": [(pod, pod_calls.get(pod.pk)) for pod, _seats in pods],
            # The event's own deck building minutes (40 by default; the sealed presets set theirs), as the desk's step.
            "deck_minutes": event.deck_building_minutes or DECK_BUILDING_MINUTES,
            "calls_running": paper_calls_running(event=event, now=timezone.now()),
            "timers": timers,
            "tables": [(table, calls.get(table.pk)) for table in paper_tables_for_event(event=event)],
            "rochester_minutes": event.deck_building_minutes or called.ROCHESTER_BUILD_MINUTES,
        },
    )


def _call_filter(request: HttpRequest, event: Event, *, projector: bool):
    """Whose calls a page shows: ?table=<id> or ?pod=<id>, else a seated player's own table or pod (not on the
    projector), else every call. Returns (table ids or None, pod ids or None, the player's table seat, the player's
    pod seat)."""
    table = plain_int(request.GET.get("table"), max_digits=12)
    pod = plain_int(request.GET.get("pod"), max_digits=12)
    if table is not None or pod is not None:
        return ([table] if table is not None else None), ([pod] if pod is not None else None), None, None
    if projector:
        return None, None, None, None
    table_seat = paper_table_seat_of_user(event=event, user=request.user)
    pod_seat = paper_seat_of_user(event=event, user=request.user)
    return (
        ([table_seat.table_id] if table_seat else None),
        ([pod_seat.pod_id] if pod_seat and not table_seat else None),
        table_seat,
        pod_seat,
    )


@require_GET
@event_permission_required(may_see_event)
def called_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The called draft and the deck building timer, big; the viewer's own pod and seat, and their pod's (or
    table's) call only."""
    projector = request.GET.get("projector") == "1"
    table_ids, pod_ids, table_seat, pod_seat = _call_filter(request, event, projector=projector)
    state_query = f"?table={table_ids[0]}" if table_ids else f"?pod={pod_ids[0]}" if pod_ids else ""
    response = render(
        request,
        "drafting/called_projector.html" if projector else "drafting/called.html",
        {
            "event": event,
            "seat": pod_seat or paper_seat_of_user(event=event, user=request.user),
            "table_seat": table_seat,
            "timers": event_timers_state(event=event, now=timezone.now(), table_ids=table_ids, pod_ids=pod_ids),
            "state_query": state_query,
            "projector": projector,
            "pods": paper_pods_for_event(event=event) if projector else [],
        },
    )
    response["Cache-Control"] = "no-store"
    return response


@polled
@require_GET
@event_permission_required(may_see_event)
def called_state(request: HttpRequest, event: Event) -> JsonResponse:
    """The event's timers as JSON (schedule, stopwatch, server time), for the call page's check for pauses. A
    signed-in phone's poll is answered 304 while no timer, table or pod of the event changed (common/polls.py):
    the page counts from the schedule and takes the server's time from the answer's Date header."""
    poll_scope(request, event_token(event.pk), drafts_token(event.pk))
    table = plain_int(request.GET.get("table"), max_digits=12)
    pod = plain_int(request.GET.get("pod"), max_digits=12)
    response = JsonResponse(
        event_timers_state(
            event=event,
            now=timezone.now(),
            table_ids=[table] if table is not None else None,
            pod_ids=[pod] if pod is not None else None,
        )
    )
    response["Cache-Control"] = "no-store"  # a signed-in viewer's answer is tagged "private, no-cache" by polled
    return response
