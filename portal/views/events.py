"""Public event pages: the overview, pairings by table and by team, standings, the top-cut bracket, draft tables,
and a player's own drop. While an event runs they poll themselves with `?partial=1` and get 304 until Event.version
changes (common.conditional)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from common.conditional import cached_page, not_modified, page_etag
from common.polls import poll_scope, polled
from common.refusals import NotFound
from common.params import plain_int
from drafting.models import DraftStatus, DraftTable
from drafting.selectors.paper import event_timers_state, paper_seat_of_user, paper_table_seat_of_user
from tournaments.doors import event_permission_required
from tournaments.selectors.phases import phase_current, registration_phase_seat
from drafting.selectors.tables import draft_tables_progress
from drafting.services.picks import draft_tables_refresh
from portal import selectors
from sealed.selectors import sealed_real_product
from sealed.services import sealed_real_product_instead
from tournaments.enums import EventStatus, FormatKind, RoundKind
from tournaments.models import Event
from tournaments.polltokens import event_token
from tournaments.rights import may_run_event, may_see_event
from tournaments.selectors.events import my_registration_ids
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.selectors.team_marks import NOT_ADVANCED, team_marks_for_event
from tournaments.selectors.topcut import bracket_for_event
from tournaments.services.registrations import registration_drop_self
from tournaments.topcut import TopCutError
from portal.views._common import live_render, offered_to_floor


def _event_page(request: HttpRequest, pk: int, *extra_etag_parts):
    """(event, etag, 304 response or None) for a public event page; Http404 if the viewer may not see it. A
    signed-in viewer's polls are answered by common.polls (the view is `polled`), an anonymous one's by the floor."""
    poll_scope(request, event_token(pk))
    event = selectors.event_for_viewer(pk=pk, user=request.user)
    etag = page_etag(request, event.pk, event.version, event.status, *extra_etag_parts)
    return event, etag, not_modified(request, etag) or offered_to_floor(cached_page(request, etag), event)


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


@polled
@require_GET
def event_pairings(request: HttpRequest, pk: int, by_team: bool = False) -> HttpResponse:
    event, etag, cached = _event_page(request, pk)
    if cached:
        return cached
    rounds = selectors.event_rounds(event=event)
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
    return live_render(request, "portal/pairings.html", context, etag=etag, floor=event)


@polled
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
    return live_render(request, "portal/standings.html", context, etag=etag, floor=event)


@polled
@require_GET
def event_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event, etag, cached = _event_page(request, pk)
    if cached:
        return cached
    context = _event_context(request, event, "bracket")
    bracket, problem = None, ""
    started = selectors.event_rounds_qs(event=event).filter(kind=RoundKind.PLAYOFF).exists()
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
    return live_render(request, "portal/bracket.html", context, etag=etag, floor=event)


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
    tables = list(draft_tables_progress(event=event, players=True).order_by("round__number", "number"))
    teams = _my_registration_ids(request, event)
    mine = {t.pk for t in tables if t.team1_id in teams or t.team2_id in teams}
    context = _event_context(request, event, "draft")
    context.update(tables=tables, my_tables=mine, live=any(t.status != DraftStatus.FINISHED for t in tables))
    return live_render(request, "portal/draft_tables.html", context, etag=etag)
