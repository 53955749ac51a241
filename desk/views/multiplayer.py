"""The desk of a multiplayer pod event (issue 43, docs/multiplayer.md): the round's pods, seating the next round (or the
top pod), and a pod's result in one keystroke line ("3 2": seat 2 won pod 3). The services decide
(multiplayer.services); these views read the request and answer."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from desk.selectors import desk_next_step
from multiplayer.selectors import (
    multiplayer_standings_data,
    next_seating,
    round_byes,
    round_multiplayer_tables,
    tables_latest_round,
)
from multiplayer.services import table_result_enter_line, tables_pair_next
from tournaments.doors import event_with_right
from tournaments.models import Event
from tournaments.rights import may_score_event
from tournaments.services.publishing import round_publish


def _multiplayer_desk_event(request: HttpRequest, pk: int) -> Event:
    """A pod event, for whoever may work its desk (tournaments.rights.may_score_event); 404 for anyone else."""
    event = event_with_right(pk=pk, subject=request.user, right=may_score_event)
    if event is None or not event.is_multiplayer:
        raise Http404("No such pod event.")
    return event


@login_required
@require_http_methods(["GET", "POST"])
def desk_tables(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the current round's pods with their results, the byes and the standings. POST `seat`: seat the next
    round (or the top pod); POST `publish`: publish the round's pods to the players (the event reviews its
    pairings); POST `line`: a pod's result typed in one line, entered final."""
    event = _multiplayer_desk_event(request, pk)
    if request.method == "POST":
        try:
            if "seat" in request.POST:
                round_ = tables_pair_next(event=event, by=request.user)
                messages.success(request, _("%(round)s is seated.") % {"round": round_.name})
            elif "publish" in request.POST:  # a round whose pods the staff reviewed (issue 53)
                round_ = tables_latest_round(event=event)
                if round_ is None:
                    raise ValidationError(_("No round is seated yet."))
                round_publish(round_=round_, user=request.user)
                messages.success(request, _("%(round)s is published.") % {"round": round_.name})
            else:
                table = table_result_enter_line(event=event, by=request.user, line=request.POST.get("line", "")[:40])
                messages.success(request, _("Pod %(n)d: result saved.") % {"n": table.number})
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("desk:tables", pk=event.pk)
    round_ = tables_latest_round(event=event)
    return render(
        request,
        "desk/multiplayer.html",
        {
            "event": event,
            "round": round_,
            "pods": round_multiplayer_tables(round_=round_) if round_ else [],
            "byes": round_byes(round_=round_) if round_ else [],
            "standings": multiplayer_standings_data(event=event),
            "step": desk_next_step(event=event),  # its "Close the event" is taken here too (issue 56)
            "seating": next_seating(event=event),
        },
    )


@login_required
@require_GET
def table_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One result slip per pod of round `number`: its seats in order, a box to mark the winner or who drew."""
    event = _multiplayer_desk_event(request, pk)
    round_ = event.rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    return render(
        request,
        "desk/table_slips.html",
        {"event": event, "round": round_, "pods": round_multiplayer_tables(round_=round_)},
    )


@require_http_methods(["GET", "POST"])
def desk_tables_moved(request: HttpRequest, pk: int) -> HttpResponse:
    """The desk's tables page at its address before issue 55 (desk/pods/), for one release: a GET moves on (301), a
    POST (a page open since then) is answered as the page answers it."""
    if request.method == "POST":
        return desk_tables(request, pk)
    return HttpResponsePermanentRedirect(reverse("desk:tables", args=[pk]))
