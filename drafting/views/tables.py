"""Pages of the draft: thin, they call a selector or a service and render (docs/drafting.md).

The table page polls its state fragment every second with the version it shows; an unchanged table answers 204
(no body, htmx swaps nothing), so a poll costs a few indexed queries.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.arrival import request_arrived_at
from common.params import plain_int
from drafting.models import DraftTable, PackSource, PodFormat
from drafting.selectors.paper import pod_seats_for_user
from drafting.selectors.tables import (
    PoolHidden,
    draft_pool,
    draft_seat_of_user,
    draft_selection_problem,
    draft_state_etag,
    draft_table_state,
    draft_tables_for_user,
    draft_tables_progress,
)
from drafting.services.picks import DraftRefused, draft_pick, draft_table_refresh
from drafting.services.timers import now as server_now
from tournaments.doors import event_permission_required
from tournaments.enums import DRAFT_FORMATS
from tournaments.models import Event
from tournaments.rights import events_run_by, may_run_event


def _table_and_viewer(request: HttpRequest, pk: int) -> tuple[DraftTable, str | None]:
    """The table and the viewer's seat; organizers watch without a seat; anyone else gets 404, as if the table didn't
    exist (a private event's tables must not tell that it exists: docs/permissions.md)."""
    table = get_object_or_404(DraftTable.objects.select_related("event"), pk=pk)
    seat = draft_seat_of_user(table=table, user=request.user)
    if seat is None and not may_run_event(request.user, table.event):
        raise Http404(_("You don't draft at this table."))
    return table, seat


def _render_state(
    request: HttpRequest,
    table: DraftTable,
    seat: str | None,
    *,
    error: str = "",
    chosen: int | None = None,
    tapped: int | None = None,
    template: str = "drafting/_state.html",
) -> HttpResponse:
    state = draft_table_state(table=table, viewer=seat, now=server_now())
    # A refused tap says why next to the card tapped (on a phone the top of the page is out of sight); a card no
    # longer on the table gets the message at the top.
    if tapped is not None and all(card.pk != tapped for card in state.pack):
        tapped = None
    response = render(request, template, {"state": state, "error": error, "chosen": chosen, "tapped": tapped})
    response["ETag"] = f'"{state.etag}"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_GET
def draft_index(request: HttpRequest) -> HttpResponse:
    tables = draft_tables_for_user(user=request.user)
    # An organizer's own drafted events, each to its desk's drafts page (issue 45: not "you aren't seated").
    events = events_run_by(request.user).filter(format_kind__in=DRAFT_FORMATS).order_by("-date", "-pk")
    pods = pod_seats_for_user(user=request.user, now=server_now())
    return render(
        request,
        "drafting/index.html",
        {
            "tables": tables,
            "events": events,
            "pod_lists": [
                (pods.get(PodFormat.BOOSTER, []), _("Booster draft pods"), "my-booster-pods"),
                (pods.get(PodFormat.THG, []), _("Two-Headed Giant draft pods"), "my-thg-pods"),
            ],
            "has_pods": bool(pods),
        },
    )


@login_required
@require_GET
def table_page(request: HttpRequest, pk: int) -> HttpResponse:
    table, seat = _table_and_viewer(request, pk)
    if table.pack_source == PackSource.PAPER:  # real packs: its draft is called, never drafted here (issue 40)
        return redirect(f"{reverse('drafting:call', args=[table.event_id])}?table={table.pk}")
    table = draft_table_refresh(table=table)
    state = draft_table_state(table=table, viewer=seat, now=server_now())
    return render(request, "drafting/table.html", {"state": state, "error": ""})


@login_required
@require_GET
def table_state(request: HttpRequest, pk: int) -> HttpResponse:
    """The polled fragment: 204 when the page already shows the current state (`since` is its version)."""
    table, seat = _table_and_viewer(request, pk)
    table = draft_table_refresh(table=table)
    since = request.GET.get("since", "")
    if since and since == draft_state_etag(table=table, now=server_now()):
        return HttpResponse(status=204, headers={"Cache-Control": "no-store"})
    return _render_state(request, table, seat)


@login_required
@require_POST
def table_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """Two taps: the first chooses a card (nothing is recorded; the page shows it chosen with a confirm button), the
    second, with confirm=1, records the pick. A new pack or a pick by someone else in between clears the choice.

    Only the players seated at the table pick: for anyone else (an organizer watching included) there is no such
    pick, a 404 that records nothing."""
    table = get_object_or_404(DraftTable.objects.select_related("event"), pk=pk)
    seat = draft_seat_of_user(table=table, user=request.user)
    if seat is None:
        raise Http404(_("You don't draft at this table."))
    error, chosen, tapped = "", None, None
    confirmed = request.POST.get("confirm") == "1"
    try:
        card_id, pack_index, pick_number = (
            plain_int(request.POST.get(k), max_digits=12) for k in ("card", "pack", "pick")
        )
        if None in (card_id, pack_index, pick_number):
            raise DraftRefused(_("That pick wasn't understood; reload the page."))
        if confirmed:
            draft_pick(
                table_id=table.pk,
                seat=seat,
                card_id=card_id,
                pack_index=pack_index,
                pick_number=pick_number,
                arrived_at=request_arrived_at(request),
            )
        else:
            table = draft_table_refresh(table=table)
            state = draft_table_state(table=table, viewer=seat, now=server_now())
            problem = draft_selection_problem(
                state=state, card_id=card_id, pack_index=pack_index, pick_number=pick_number
            )
            if problem:
                raise DraftRefused(problem)
            chosen = card_id
    except DraftRefused as refused:
        error = str(refused)
        tapped = card_id
    table = draft_table_refresh(table=DraftTable.objects.select_related("event").get(pk=table.pk))
    if request.headers.get("HX-Request"):
        return _render_state(request, table, seat, error=error, chosen=chosen, tapped=tapped)
    if chosen is not None:  # without JavaScript: the whole page, with the card chosen and its confirm button
        return _render_state(request, table, seat, chosen=chosen, template="drafting/table.html")
    if error:
        messages.error(request, error)
    return redirect("drafting:table", pk=table.pk)


@login_required
@require_GET
def table_pool(request: HttpRequest, pk: int) -> HttpResponse:
    """The player's own picks: after the draft for deck building and registration, or in a review break."""
    table, seat = _table_and_viewer(request, pk)
    if seat is None:
        raise PermissionDenied(_("Only the players at this table have a pool."))
    try:
        cards = draft_pool(table=table, seat=seat)
    except PoolHidden as hidden:
        return render(request, "drafting/pool_hidden.html", {"table": table, "message": str(hidden)}, status=403)
    return render(request, "drafting/pool.html", {"table": table, "seat": seat, "cards": cards})


@login_required
@require_GET
@event_permission_required(may_run_event)
def event_progress(request: HttpRequest, event: Event) -> HttpResponse:
    tables = [draft_table_refresh(table=t) for t in draft_tables_progress(event=event)]
    template = "drafting/_progress.html" if request.headers.get("HX-Request") else "drafting/progress.html"
    return render(request, template, {"event": event, "tables": tables, "now": server_now()})
