"""The drafts of a team Rochester or Two-Headed Giant draft event at the desk."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from common.params import plain_int
from desk import selectors
from desk.services.drafts import draft_table_act, event_drafts_generate_packs, event_drafts_seat, event_drafts_start
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event
from tournaments.selectors.events import event_latest_round


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_drafts(request: HttpRequest, event: Event) -> HttpResponse:
    """The drafts of a team Rochester or Two-Headed Giant draft event: seat the tables or pods, open the packs
    from a bundled set, start them all, and each table's controls (who picks first, pause, resume, end, the
    judge's undo, timing)."""
    round_ = event_latest_round(event=event)
    if request.method == "POST":
        action, by = request.POST.get("action", ""), request.user
        try:
            if action == "seat":
                n = event_drafts_seat(event=event, by=by)
                done = ngettext("%(n)d draft is seated.", "%(n)d drafts are seated.", n) % {"n": n}
            elif action == "packs":
                n = event_drafts_generate_packs(
                    event=event, round_=round_, set_code=request.POST.get("set_code", ""), by=by
                )
                done = ngettext("Packs opened for %(n)d draft.", "Packs opened for %(n)d drafts.", n) % {"n": n}
            elif action == "start":
                n = event_drafts_start(event=event, round_=round_, by=by)
                done = ngettext("%(n)d draft started.", "%(n)d drafts started.", n) % {"n": n}
            else:
                done = draft_table_act(
                    event=event,
                    table_id=plain_int(request.POST.get("table", ""), max_digits=18) or 0,
                    action=action,
                    by=by,
                    data=request.POST,
                )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(request, done)
        return redirect("desk:drafts", pk=event.pk)
    return render(request, "desk/drafts.html", {"event": event, **selectors.event_drafts(event=event, round_=round_)})
