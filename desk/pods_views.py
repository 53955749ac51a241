"""The desk of a multiplayer pod event (issue 43, docs/pods.md): the round's pods, seating the next round (or the
top pod), and a pod's result in one keystroke line ("3 2": seat 2 won pod 3). The services decide
(pods.services); these views read the request and answer."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from pods.selectors import pod_standings_data, pods_latest_round, round_byes, round_pods
from pods.services import pod_result_enter_line, pods_pair_next
from tournaments.doors import event_with_right
from tournaments.models import Event
from tournaments.rights import may_score_event


def _pod_desk_event(request: HttpRequest, pk: int) -> Event:
    """A pod event, for whoever may work its desk (tournaments.rights.may_score_event); 404 for anyone else."""
    event = event_with_right(pk=pk, subject=request.user, right=may_score_event)
    if event is None or not event.is_pods:
        raise Http404("No such pod event.")
    return event


@login_required
@require_http_methods(["GET", "POST"])
def desk_pods(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the current round's pods with their results, the byes and the standings. POST `seat`: seat the next
    round (or the top pod); POST `line`: a pod's result typed in one line, entered final."""
    event = _pod_desk_event(request, pk)
    if request.method == "POST":
        try:
            if "seat" in request.POST:
                round_ = pods_pair_next(event=event, by=request.user)
                messages.success(request, _("%(round)s is seated.") % {"round": round_.name})
            else:
                pod = pod_result_enter_line(event=event, by=request.user, line=request.POST.get("line", "")[:40])
                messages.success(request, _("Pod %(n)d: result saved.") % {"n": pod.number})
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("desk:pods", pk=event.pk)
    round_ = pods_latest_round(event=event)
    return render(request, "desk/pods.html", {
        "event": event, "round": round_, "pods": round_pods(round_=round_) if round_ else [],
        "byes": round_byes(round_=round_) if round_ else [], "standings": pod_standings_data(event=event),
    })


@login_required
@require_GET
def pod_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One result slip per pod of round `number`: its seats in order, a box to mark the winner or who drew."""
    event = _pod_desk_event(request, pk)
    round_ = event.rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    return render(request, "desk/pod_slips.html", {"event": event, "round": round_, "pods": round_pods(round_=round_)})
