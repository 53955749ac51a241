"""The event-day desk (docs/desk.md): the next step, the round clock, the results grid and keyboard entry,
announcements, the Day 2 cut and reopening a closed event."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.conditional import not_modified, page_etag, poll_seconds, with_validators
from common.params import plain_int
from desk import selectors
from desk.services.results import desk_result_enter
from desk.services.steps import desk_step_run
from drafting.selectors.paper import event_timers_state
from sealed.selectors import sealed_real_product
from tournaments.doors import event_for_door, event_permission_required
from tournaments.enums import EventStatus, FormatKind
from tournaments.models import Announcement, ClockPurpose, Event, Round, TeamMatch
from tournaments.rights import may_run_event, may_run_timers, may_score_event
from tournaments.selectors.announcements import announcements_for_event
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.eventlog import DESK_LOG_KINDS, event_log_latest
from tournaments.selectors.events import event_latest_round
from tournaments.services.announcements import announcement_hide, announcement_post
from tournaments.services.clock import MAX_ADD_SECONDS, now, round_clock_act
from tournaments.services.daytwo import event_day2_cut_make, event_day2_cut_undo
from tournaments.services.events import event_reopen
from desk.views._common import back_to_desk, join_at_door, refused, round_or_404


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _desk_context(request, event: Event, *, round_: Round | None, error: str = "", entered: str = "") -> dict:
    clock_state = round_clock_state(round_=round_) if round_ else None
    rows = selectors.results_grid(round_=round_, clock_state=clock_state) if round_ else []
    show = request.GET.get("show", "")
    query = request.GET.get("q", "").strip().lower()
    visible = [
        r
        for r in rows
        if (show != "playing" or r.state in ("playing", "overdue"))
        and (show != "disputed" or r.state == "disputed")
        and (not query or query in r.search_text)
    ]
    latest = event_latest_round(event=event)
    is_latest = round_ is None or latest is None or latest.pk == round_.pk
    # The next step is always the event's, whichever round the grid shows.
    step = (
        selectors.desk_next_step(event=event, round_=round_, clock_state=clock_state)
        if is_latest
        else selectors.desk_next_step(event=event)
    )
    return {
        "event": event,
        "round": round_,
        "clock": clock_state,
        "step": step,
        "rows": visible,
        "all_rows": rows,
        "counts": selectors.grid_counts(rows),
        "show": show,
        "query": request.GET.get("q", ""),
        "server_now": now().isoformat(),
        "error": error,
        "entered": entered,
        "is_rochester": event.format_kind == FormatKind.TEAM_ROCHESTER,
        "deckbuilding": (
            round_clock_state(round_=round_, purpose=ClockPurpose.DECKBUILDING)
            if round_ and not event.has_decklists and not round_.is_finished
            else None
        ),
        "announcements": announcements_for_event(event=event),
        "finished": event.status == EventStatus.FINISHED,
        "placings": selectors.event_final_placings(event=event),
        "fees": (fees := selectors.event_check_in_fees(event=event) if round_ is None else None),
        "teams": selectors.event_check_in_rows(event=event, fees=fees) if round_ is None else [],
        "team_choices": selectors.event_team_choices(event=event) if round_ is not None else [],
        "desk": selectors.event_desk_settings(event=event),
        "poll_seconds": poll_seconds(),
        "poll_query": f"?round={round_.number}&partial=1" if round_ and not is_latest else "?partial=1",
    }


@login_required
@require_GET
@event_permission_required(may_score_event)
def desk(request: HttpRequest, event: Event) -> HttpResponse:
    """The organizer's desk: the next step, the clock, the results grid (or check-in before round 1)."""
    round_ = round_or_404(event, request.GET.get("round"))
    clock = round_clock_state(round_=round_)["state"] if round_ else ""
    # A prerelease's steps before round 1 move with its deck building timer and decklists, not the event's version.
    prelude = round_ is None and (sealed_real_product(event=event) or event.format_kind in selectors.POD_DRAFTS)
    etag = page_etag(
        request,
        event.pk,
        event.version,
        event.status,
        clock,
        selectors.desk_next_step(event=event).key if prelude else "",
    )
    if request.GET.get("partial") == "1" and (cached := not_modified(request, etag)):
        return cached
    context = _desk_context(request, event, round_=round_)
    context["etag"] = etag
    if prelude and (event.real_product or sealed_real_product(event=event)):  # a draft in Hydra has no timers
        context["timers"] = event_timers_state(event=event, now=now())
    template = "desk/_live.html" if request.GET.get("partial") == "1" else "desk/desk.html"
    if template == "desk/desk.html":
        context["log"] = event_log_latest(event=event, kinds=DESK_LOG_KINDS, count=8)
        context["cut"] = selectors.day2_cut_panel(event=event)
        context["join"] = join_at_door(request, event, round_)
        context["phase"] = selectors.desk_phase(event=event)
    return with_validators(render(request, template, context), etag)


@login_required
@require_POST
@event_permission_required(may_score_event)
def desk_step(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        done = desk_step_run(
            event=event, by=request.user, key=request.POST.get("key", ""), anyway=request.POST.get("anyway") == "1"
        )
    except ValidationError as exc:
        return refused(request, event, exc)
    messages.success(request, done)
    return back_to_desk(event)


@login_required
@require_POST
@event_permission_required(may_score_event)
def desk_result(request: HttpRequest, event: Event) -> HttpResponse:
    """A result typed at the keyboard: table number and result, saved final. htmx gets the grid back."""
    round_ = round_or_404(event, request.POST.get("round"))
    if round_ is None:
        raise Http404("No round yet.")
    table = plain_int(request.POST.get("table", "").strip(), max_digits=4)
    text = request.POST.get("result", "")
    correct = request.POST.get("correct") == "1"
    match = (
        TeamMatch.objects.select_related("round__event").filter(round=round_, table=table).first() if table else None
    )
    error = ""
    if match is None:
        error = _("Round %(n)d has no table %(t)s.") % {"n": round_.number, "t": request.POST.get("table", "")[:6]}
    else:
        try:
            desk_result_enter(match=match, by=request.user, text=text, correct=correct)
        except ValidationError as exc:
            error = _("Table %(t)d: %(why)s") % {"t": match.table, "why": " ".join(exc.messages)}
    if _htmx(request):
        context = _desk_context(request, event, round_=round_, error=error, entered="" if error else str(table))
        context["etag"] = ""
        response = render(request, "desk/_live.html", context)
        response["X-Desk-Entry"] = "error" if error else "saved"
        return response
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("Table %(t)d: result saved.") % {"t": match.table})
    return back_to_desk(event, round_)


@login_required
@require_POST
@event_permission_required(may_run_timers)
def desk_clock(request: HttpRequest, event: Event) -> HttpResponse:
    round_ = round_or_404(event, request.POST.get("round"))
    if round_ is None:
        raise Http404("No round yet.")
    action = request.POST.get("action", "")
    seconds = table = None
    if action == "add":
        # The desk asks for minutes (the API for seconds): a bad number is refused in the desk's own unit, and a
        # table that isn't a table number never falls back to time for the whole round.
        minutes = plain_int(request.POST.get("minutes", ""), max_digits=4)
        if minutes is None or not 1 <= minutes <= MAX_ADD_SECONDS // 60:
            messages.error(
                request, _("Add time: give whole minutes from 1 to %(max)d.") % {"max": MAX_ADD_SECONDS // 60}
            )
            return back_to_desk(event, round_)
        seconds = minutes * 60
        typed_table = request.POST.get("table", "").strip()
        if typed_table:
            table = plain_int(typed_table, max_digits=4)
            if not table:
                messages.error(
                    request,
                    _(
                        'Add time: "%(table)s" is not a table number; leave the table empty to add '
                        "time for the whole round."
                    )
                    % {"table": typed_table[:10]},
                )
                return back_to_desk(event, round_)
    purpose = (
        ClockPurpose.DECKBUILDING if request.POST.get("purpose") == ClockPurpose.DECKBUILDING else ClockPurpose.MATCHES
    )
    try:
        round_clock_act(
            round_=round_,
            by=request.user,
            action=action,
            seconds=seconds,
            table=table,
            reason=request.POST.get("reason", ""),
            purpose=purpose,
        )
    except ValidationError as exc:
        return refused(request, event, exc)
    return back_to_desk(event, round_)


@login_required
@require_POST
def desk_announce(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    hide = request.POST.get("hide")
    try:
        if hide:
            announcement_hide(
                announcement=get_object_or_404(Announcement, pk=plain_int(hide, max_digits=18) or 0, event=event)
            )
        else:
            announcement_post(event=event, by=request.user, text=request.POST.get("text", ""))
    except ValidationError as exc:
        return refused(request, event, exc)
    return back_to_desk(event)


@login_required
@require_POST
@event_permission_required(may_run_event)
def desk_day2_cut(request: HttpRequest, event: Event) -> HttpResponse:
    """Make the Day 2 cut after its round (the round, kind and threshold typed, or the event's settings), or undo
    it before the next round is paired. Whoever runs the event; refused with the reason, nothing written."""
    try:
        if request.POST.get("action") == "undo":
            back = event_day2_cut_undo(event=event, user=request.user)
            messages.success(
                request,
                ngettext(
                    "Day 2 cut undone: %(n)d is back in the event.",
                    "Day 2 cut undone: %(n)d are back in the event.",
                    back,
                )
                % {"n": back},
            )
            return back_to_desk(event)
        given = {}
        for name, key in (("round", "round_number"), ("threshold", "threshold")):
            raw = request.POST.get(name, "").strip()
            if raw:
                value = plain_int(raw, max_digits=3)
                if value is None:
                    raise ValidationError(_("Type the round and the threshold as whole numbers."))
                given[key] = value
        if request.POST.get("kind"):
            given["kind"] = request.POST["kind"]
        plan = event_day2_cut_make(event=event, user=request.user, **given)
    except ValidationError as exc:
        return refused(request, event, exc)
    messages.success(
        request,
        _("Day 2 cut made: %(advanced)d advance, %(out)d did not advance.")
        % {"advanced": len(plan.advanced), "out": len(plan.not_advanced)},
    )
    return back_to_desk(event)


@login_required
@require_POST
@event_permission_required(may_run_event)
def desk_reopen(request: HttpRequest, event: Event) -> HttpResponse:
    """Reopen a closed event with a reason (logged), so an organizer can correct its results."""
    try:
        event_reopen(event=event, user=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as exc:
        return refused(request, event, exc)
    messages.success(request, _("The event is reopened: correct what needs correcting, then close it again."))
    return back_to_desk(event)
