"""Pages of the Two-Headed Giant pods (docs/2hg-draft.md): thin, they call a selector or a service and render.

The team's live page (one phone per teammate) polls its state fragment every second with the version it shows (204
when unchanged) and listens to the pod's Server-Sent Events. A tap on a card adds it to or removes it from the
team's tentative choice, which the teammate sees at once; one press on "Pick these two" records the pick.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.arrival import request_arrived_at
from common.params import plain_int
from drafting.models import Pod, PodTeam
from drafting.selectors.pods import (
    thg_pod_etag,
    thg_pod_state,
    thg_pod_team_of_user,
    thg_pods_overview,
    thg_pool,
)
from drafting.selectors.tables import PoolHidden
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_pod_refresh, thg_tentative
from drafting.services.timers import now as server_now
from tournaments.rights import may_run_event


def _pod_and_team(request: HttpRequest, pk: int) -> tuple[Pod, PodTeam | None]:
    """The pod and the viewer's team; the event's organizers watch without a team; anyone else gets 404, as if the
    pod didn't exist (docs/permissions.md)."""
    pod = get_object_or_404(Pod.objects.select_related("event"), pk=pk)
    team = thg_pod_team_of_user(pod=pod, user=request.user)
    if team is None and not may_run_event(request.user, pod.event):
        raise Http404(_("You don't draft in this pod."))
    return thg_pod_refresh(pod=pod), team


def _render_state(request, pod, team, *, error="", template="drafting/_pod_state.html") -> HttpResponse:
    state = thg_pod_state(pod=pod, team=team, now=server_now())
    response = render(request, template, {"state": state, "error": error})
    response["ETag"] = f'"{state.etag}"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_GET
def pod_page(request: HttpRequest, pk: int) -> HttpResponse:
    pod, team = _pod_and_team(request, pk)
    return _render_state(request, pod, team, template="drafting/pod.html")


@login_required
@require_GET
def pod_state(request: HttpRequest, pk: int) -> HttpResponse:
    """The polled fragment: 204 when the page already shows the current state (`since` is its version)."""
    pod, team = _pod_and_team(request, pk)
    since = request.GET.get("since", "")
    if since and since == thg_pod_etag(pod=pod, now=server_now()):
        return HttpResponse(status=204, headers={"Cache-Control": "no-store"})
    return _render_state(request, pod, team)


def _team_or_404(request: HttpRequest, pk: int) -> tuple[Pod, PodTeam]:
    pod = get_object_or_404(Pod.objects.select_related("event"), pk=pk)
    team = thg_pod_team_of_user(pod=pod, user=request.user)
    if team is None:
        raise Http404(_("You don't draft in this pod."))
    return pod, team


def _answer(request: HttpRequest, pod: Pod, team: PodTeam, error: str) -> HttpResponse:
    pod = thg_pod_refresh(pod=Pod.objects.select_related("event").get(pk=pod.pk))
    team = PodTeam.objects.get(pk=team.pk)
    if request.headers.get("HX-Request"):
        return _render_state(request, pod, team, error=error)
    if error:
        messages.error(request, error)
    return redirect("drafting:pod", pk=pod.pk)


@login_required
@require_POST
def pod_choose(request: HttpRequest, pk: int) -> HttpResponse:
    """A tap on a card: add it to the team's tentative choice or take it out. Nothing is picked."""
    pod, team = _team_or_404(request, pk)
    error = ""
    try:
        card, pack_round, step = (plain_int(request.POST.get(k), max_digits=12) for k in ("card", "round", "step"))
        if None in (card, pack_round, step):
            raise DraftRefused(_("That pick wasn't understood; reload the page."))
        thg_tentative(pod_id=pod.pk, user=request.user, toggle=card, pack_round=pack_round, step=step)
    except DraftRefused as refused:
        error = str(refused)
    return _answer(request, pod, team, error)


@login_required
@require_POST
def pod_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """One press confirms the team's pick: the two cards posted (the tentative choice the page showed)."""
    pod, team = _team_or_404(request, pk)
    error = ""
    try:
        pack_round, step = (plain_int(request.POST.get(k), max_digits=12) for k in ("round", "step"))
        cards = [plain_int(v, max_digits=12) for v in request.POST.getlist("card")]
        if None in (pack_round, step) or None in cards:
            raise DraftRefused(_("That pick wasn't understood; reload the page."))
        thg_pick(
            pod_id=pod.pk,
            user=request.user,
            card_ids=cards,
            pack_round=pack_round,
            step=step,
            arrived_at=request_arrived_at(request),
        )
    except DraftRefused as refused:
        error = str(refused)
    return _answer(request, pod, team, error)


@login_required
@require_GET
def pod_pool(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's pool: after the draft, before each pack round after the first, in a review break."""
    pod, team = _pod_and_team(request, pk)
    if team is None:
        raise PermissionDenied(_("Only the teams of this pod have a pool."))
    try:
        cards = thg_pool(pod=pod, team=team, now=server_now())
    except PoolHidden as hidden:
        return render(request, "drafting/pod_pool.html", {"pod": pod, "team": team, "message": str(hidden)}, status=403)
    return render(request, "drafting/pod_pool.html", {"pod": pod, "team": team, "cards": cards})


@require_GET
def pod_public(request: HttpRequest, pk: int) -> HttpResponse:
    """The pod for spectators and coverage: who sits where, pack counts, whose turn, the clock. Never a card."""
    pod = get_object_or_404(Pod.objects.select_related("event"), pk=pk)
    if not pod.event.is_public and not may_run_event(request.user, pod.event):
        raise Http404
    pod = thg_pod_refresh(pod=pod)
    row = next(p for p in thg_pods_overview(event=pod.event) if p["number"] == pod.number)
    template = "drafting/_pod_public.html" if request.headers.get("HX-Request") else "drafting/pod_public.html"
    return render(request, template, {"pod": pod, "row": row, "now": server_now()})
