"""Pages of the player portal (docs/portal.md). Thin: each calls a selector or a service and renders.

- Home: a signed-in player's events (team, seat, table, opponents, record); the event list for everyone else.
- A match, for the members of its two teams only (anyone else gets 404): report, confirm or dispute.
- Public event pages: pairings by table and by team, standings, top-cut bracket, draft tables. While an event
  runs they poll themselves with `?partial=1` and get 304 until Event.version changes (common.conditional).
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.db.models import Count, Q, Sum
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.conditional import (
    cached_page,
    not_modified,
    page_etag,
    poll_seconds,
    render_shared,
)
from common.floor import floor_mark
from common.refusals import NotFound
from common.params import plain_int
from drafting.models import DraftStatus, DraftTable
from drafting.selectors.paper import event_timers_state, paper_seat_of_user, paper_table_seat_of_user
from tournaments.doors import event_permission_required
from tournaments.selectors.phases import phase_current, registration_phase_seat
from drafting.selectors.tables import draft_table_for_match, draft_tables_for_user, draft_tables_progress
from drafting.services.picks import draft_tables_refresh
from portal import selectors
from portal.forms import DisputeForm, report_form_for
from sealed.selectors import sealed_real_product
from sealed.services import sealed_real_product_instead
from tournaments.enums import EventStatus, FormatKind, ResultState, RoundKind
from tournaments.models import Event
from tournaments.rights import may_run_event, may_see_event
from tournaments.selectors.events import my_registration_ids
from tournaments.selectors.placeholders import invitations_pending_for
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.selectors.team_marks import NOT_ADVANCED, team_marks_for_event
from tournaments.selectors.topcut import bracket_for_event
from tournaments.services.registrations import registration_drop_self
from tournaments.services.results import (
    NotYourMatch,
    team_match_confirm,
    team_match_correct_report,
    team_match_dispute,
    team_match_report,
)
from tournaments.topcut import TopCutError
from tournaments.wording import entrant_sentence


def _partial(request: HttpRequest) -> bool:
    return request.GET.get("partial") == "1"


def _live_render(request, template: str, context: dict, *, etag: str, floor: Event | None = None) -> HttpResponse:
    """Render a page that may poll: the whole page, or with ?partial=1 only its live region. With `floor` (a page
    that follows that event's version and status alone), its anonymous answer is offered to config.floor."""
    context = {**context, "etag": etag, "poll_seconds": poll_seconds()}
    if _partial(request):
        template = template.replace(".html", "_live.html")
    return _floor(render_shared(request, template, context, etag), floor)


def _floor(response: HttpResponse | None, event: Event | None) -> HttpResponse | None:
    """Offer an anonymous visitor's shared answer (common.conditional) to the floor (config/floor.py)."""
    if response is not None and event is not None and hasattr(response, "shared_content"):
        floor_mark(response, event=event, content=response.shared_content)
    return response


# --- Home and my events ---------------------------------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Signed in: my events. Otherwise: the public events."""
    if not request.user.is_authenticated:
        return events(request)
    invitations = list(invitations_pending_for(user=request.user))
    etag = page_etag(
        request,
        selectors.my_events_versions(user=request.user),
        _draft_versions(user=request.user),
        ",".join(str(i.pk) for i in invitations),
    )
    if _partial(request) and (cached := not_modified(request, etag)):
        return cached
    entries = selectors.my_events(user=request.user)
    return _live_render(
        request,
        "portal/my_events.html",
        {"entries": entries, "live": any(e.is_live for e in entries), "invitations": invitations},
        etag=etag,
    )


def _draft_versions(*, user) -> str:
    return ",".join(f"{pk}:{version}" for pk, version in draft_tables_for_user(user=user).values_list("pk", "version"))


@require_GET
def events(request: HttpRequest) -> HttpResponse:
    return render(request, "portal/events.html", {"events": selectors.events_visible_to(user=request.user)})


# --- A match, for its two teams -------------------------------------------------------------------------------------


def _drafting(match) -> bool:
    """Whether the match's two teams are still drafting at their table (issue 45: no report before the games)."""
    table = draft_table_for_match(match=match)
    return table is not None and table.status != DraftStatus.FINISHED


def _match_page(request, view, *, report_form=None, dispute_form=None, status=200) -> HttpResponse:
    match = view.match
    drafting = _drafting(match)
    can_report = (
        match.result_state == ResultState.PENDING and not match.is_bye and not match.round.is_finished and not drafting
    )
    can_answer = match.result_state == ResultState.REPORTED and not view.reported_by_my_team
    can_correct = (
        match.result_state == ResultState.REPORTED and view.reported_by_my_team and not match.round.is_finished
    )
    context = {
        "view": view,
        "match": match,
        "event": match.round.event,
        "can_report": can_report,
        "drafting": drafting,
        "can_answer": can_answer,
        "can_correct": can_correct,
        "report_form": report_form
        or (report_form_for(view, correcting=can_correct) if can_report or can_correct else None),
        "dispute_form": dispute_form or DisputeForm(),
        "poll_seconds": poll_seconds(),
    }
    return render(request, "portal/match.html", context, status=status)


@login_required
@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _match_page(request, selectors.match_for_member(pk=pk, user=request.user))


@login_required
@require_POST
def match_report(request: HttpRequest, pk: int) -> HttpResponse:
    view = selectors.match_for_member(pk=pk, user=request.user)
    form = report_form_for(view, request.POST)
    correcting = view.match.result_state == ResultState.REPORTED and view.reported_by_my_team
    if _drafting(view.match):
        form.is_valid()
        form.add_error(
            None, _("Your table is still drafting: report the result once the draft is over and the games are played.")
        )
    elif form.is_valid():
        try:
            service = team_match_correct_report if correcting else team_match_report
            service(match=view.match, user=request.user, **form.to_games())
        except NotYourMatch as exc:
            raise Http404("No such match.") from exc
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, entrant_sentence(event=view.match.round.event, key="reported_message"))
            return redirect("portal:match", pk=pk)
    # Refused: show the reason with what the player entered, on the match as it now stands.
    view = selectors.match_for_member(pk=pk, user=request.user)
    return _match_page(request, view, report_form=form, status=400)


def _answer(request: HttpRequest, pk: int, *, confirm: bool) -> HttpResponse:
    view = selectors.match_for_member(pk=pk, user=request.user)
    dispute_form = DisputeForm(request.POST if not confirm else None)
    try:
        if confirm:
            team_match_confirm(match=view.match, user=request.user)
        elif dispute_form.is_valid():
            team_match_dispute(match=view.match, user=request.user, note=dispute_form.cleaned_data["note"])
        else:
            return _match_page(request, view, dispute_form=dispute_form, status=400)
    except NotYourMatch as exc:
        raise Http404("No such match.") from exc
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return _match_page(request, selectors.match_for_member(pk=pk, user=request.user), status=400)
    if confirm:
        messages.success(request, _("Result confirmed. It now counts in the standings."))
    else:
        messages.success(request, _("Result disputed. The organizer will settle it."))
    return redirect("portal:match", pk=pk)


@login_required
@require_POST
def match_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, confirm=True)


@login_required
@require_POST
def match_dispute(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, confirm=False)


# --- Public event pages ---------------------------------------------------------------------------------------------


def _event_page(request: HttpRequest, pk: int, *extra_etag_parts):
    """(event, etag, 304 response or None) for a public event page; Http404 if the viewer may not see it."""
    event = selectors.event_for_viewer(pk=pk, user=request.user)
    etag = page_etag(request, event.pk, event.version, event.status, *extra_etag_parts)
    return event, etag, not_modified(request, etag) or _floor(cached_page(request, etag), event)


def _event_context(request, event, tab: str) -> dict:
    return {
        "event": event,
        "tab": tab,
        "live": event.status in selectors.LIVE_STATUSES,
        "is_rochester": event.format_kind == FormatKind.TEAM_ROCHESTER,
        "runs_event": may_run_event(request.user, event),
    }


def _my_registration_ids(request, event) -> set[int]:
    return my_registration_ids(event=event, user=request.user)


@require_GET
@event_permission_required(may_see_event)
def event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """An event's front page: what it is and where to look; for a player, their table."""
    context = _event_context(request, event, "overview")
    context["round"] = selectors.event_current_round(event=event)
    context["my_entry"] = next(iter(selectors.my_events(user=request.user, only_event=event)), None)
    context["placings"] = _final_placings(event)
    if event.format_kind in (FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT):
        context["paper_seat"] = paper_seat_of_user(event=event, user=request.user)
    if event.format_kind == FormatKind.TEAM_ROCHESTER:
        context["paper_table_seat"] = paper_table_seat_of_user(event=event, user=request.user)
    if sealed_real_product(event=event):
        # The prerelease evening on the phone: what to do instead of a pool, and the deck building timer.
        context["real_product"] = sealed_real_product_instead(event=event)
        timers = event_timers_state(event=event, now=timezone.now())
        if context["round"] is None or timers["build"]:
            context["timers"] = timers
    context["phase"] = phase_current(event=event)  # a big event's phase being played (docs/phases.md)
    if context["phase"] is not None and context["my_entry"] is not None:
        context["phase_seat"] = registration_phase_seat(registration=context["my_entry"].registration)
    return render(request, "portal/event.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_see_event)
def event_drop(request: HttpRequest, event: Event) -> HttpResponse:
    """A player drops from an individual event from their phone: GET asks once to confirm, POST drops
    (registration_drop_self, logged with who). Anyone but the event's player of that entry gets 404."""
    entry = next(iter(selectors.my_events(user=request.user, only_event=event)), None)
    if entry is None or not event.is_individual:
        raise Http404("Not your event.")
    if request.method == "POST":
        try:
            registration_drop_self(registration=entry.registration, user=request.user)
        except NotFound as exc:
            raise Http404("Not your event.") from exc
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
            return redirect("portal:event_drop", pk=event.pk)
        messages.success(
            request,
            _("You dropped from %(event)s: you won't be paired again. Your results stay in the standings.")
            % {"event": event.name},
        )
        return redirect("portal:event", pk=event.pk)
    return render(request, "portal/drop.html", {**_event_context(request, event, "overview"), "entry": entry})


def _final_placings(event) -> list[tuple]:
    """(placing, team name) once the event is over (RULES.md 4), else empty."""
    if event.status != EventStatus.FINISHED:
        return []
    names = team_names_for_event(event=event)
    return [(p, names.get(p.team, "?")) for p in placements_for_event(event=event)]


@require_GET
def event_pairings(request: HttpRequest, pk: int, by_team: bool = False) -> HttpResponse:
    event, etag, cached = _event_page(request, pk)
    if cached:
        return cached
    rounds = list(event.rounds.order_by("number"))
    round_ = rounds[-1] if rounds else None
    asked = request.GET.get("round", "").strip()
    if asked:
        # Only plain digits name a round ("²" passes str.isdigit but isn't a number); anything else is no round.
        number = plain_int(asked, max_digits=6)
        round_ = next((r for r in rounds if r.number == number), None)
        if round_ is None:
            raise Http404(_("Round %(round)s doesn't exist in this event.") % {"round": asked[:20]})
    find = " ".join(request.GET.get("q", "").split())[:100]
    page = (
        selectors.public_round_page(
            round_=round_,
            by_team=by_team,
            page=plain_int(request.GET.get("page", ""), max_digits=6) or 1,
            find=find,
            whole=request.GET.get("all") == "1",
        )
        if round_
        else None
    )
    context = _event_context(request, event, "teams" if by_team else "pairings")
    context.update(
        rounds=rounds,
        round=round_,
        tables=page.tables if page else [],
        by_team=by_team,
        page=page,
        find=find,
        lines=page.lines if page else [],
        mine=_my_registration_ids(request, event),
        is_playoff=round_ is not None and round_.kind == RoundKind.PLAYOFF,
    )
    if context["mine"] and round_ is not None:  # a player finds their own table at once, whatever the page
        context["my_tables"] = list(
            round_.matches.filter(Q(team_a__in=context["mine"]) | Q(team_b__in=context["mine"])).values_list(
                "table", flat=True
            )
        )
    return _live_render(request, "portal/pairings.html", context, etag=etag, floor=event)


@require_GET
def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    # After a Day 2 cut, ?show=advanced or ?show=not_advanced lists only those (each its own cached page).
    show = request.GET.get("show", "")
    show = show if show in ("advanced", "not_advanced") else ""
    event, etag, cached = _event_page(request, pk, show)
    if cached:
        return cached
    names = team_names_for_event(event=event)
    marks = team_marks_for_event(event=event)
    standings = standings_for_event(event=event)
    # Before any result counts every rank would be a coin toss: the page lists the registered teams instead.
    ranked = any(row.rounds_played for row in standings)
    rows = [(row, names.get(row.team, "?"), marks.get(row.team)) for row in standings] if ranked else []
    if show and event.day2_cut_applied:
        out = show == "not_advanced"
        rows = [line for line in rows if (line[2] is not None and line[2].kind == NOT_ADVANCED) == out]
    context = _event_context(request, event, "standings")
    context.update(show=show, cut_made=event.day2_cut_applied)
    context.update(
        rows=rows,
        ranked=ranked,
        mine=_my_registration_ids(request, event),
        teams=[] if ranked else selectors.registered_teams(event=event),
        placings=_final_placings(event),
    )
    return _live_render(request, "portal/standings.html", context, etag=etag, floor=event)


@require_GET
def event_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event, etag, cached = _event_page(request, pk)
    if cached:
        return cached
    context = _event_context(request, event, "bracket")
    bracket, problem = None, ""
    started = event.rounds.filter(kind=RoundKind.PLAYOFF).exists()
    if event.top_cut and started:
        try:
            bracket = bracket_for_event(event=event)
        except TopCutError as exc:
            problem = str(exc)
    names = team_names_for_event(event=event)
    context.update(
        bracket=bracket,
        problem=problem,
        started=started,
        mine=_my_registration_ids(request, event),
        rounds=selectors.bracket_rounds(bracket=bracket, names=names) if bracket else [],
        champion=names.get(bracket.champion, "") if bracket and bracket.champion else "",
    )
    return _live_render(request, "portal/bracket.html", context, etag=etag, floor=event)


@require_GET
@event_permission_required(may_see_event)
def event_draft_tables(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's draft tables with their progress (never the cards: picks are private, RULES.md 6)."""
    draft_tables_refresh(event=event)  # an expired deadline never shows as running, even with no worker
    tables_qs = DraftTable.objects.filter(event=event)
    row = tables_qs.aggregate(n=Count("id"), v=Sum("version"))
    etag = page_etag(request, event.pk, event.version, event.status, row["n"], row["v"])
    if cached := not_modified(request, etag) or cached_page(request, etag):
        return cached
    tables = list(draft_tables_progress(event=event).order_by("round__number", "number"))
    teams = _my_registration_ids(request, event)
    mine = {t.pk for t in tables if t.team1_id in teams or t.team2_id in teams}
    context = _event_context(request, event, "draft")
    context.update(tables=tables, my_tables=mine, live=any(t.status != DraftStatus.FINISHED for t in tables))
    return _live_render(request, "portal/draft_tables.html", context, etag=etag)


@require_GET
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on their own: Hydra's icon (static/favicon.ico)."""
    path = finders.find("favicon.ico")
    if path is None:  # the static file is part of the code; missing, it is our fault
        raise Http404("No icon.")
    return FileResponse(open(path, "rb"), content_type="image/x-icon")
