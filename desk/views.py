"""The organizer's desk, the projector, and the printable pages (docs/desk.md). Thin: each view checks who may
act, calls one selector or service, and renders. The desk and paper are for the event's organizer and staff
only (anyone else gets 404, as for a hidden event); the projector is as public as the event."""
import datetime as dt
import functools

import segno
from django.contrib import messages
from django.core.cache import cache
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.params import plain_int
from desk import rendering, selectors
from desk.models import Announcement, ClockPurpose
from desk.services.announcements import announcement_hide, announcement_post
from desk.services.checkin import (
    event_drop_no_shows,
    event_no_shows,
    event_set_check_in_deadline,
    registration_check_in,
    registration_check_out,
)
from desk.services.clock import event_desk_for, now, round_clock_act
from desk.services.results import desk_result_enter
from desk.services.steps import desk_step_run
from portal.conditional import not_modified, page_etag, poll_seconds, with_validators
from portal.selectors import event_for_viewer, my_registration_ids, user_runs_event
from tournaments.enums import FormatKind
from tournaments.models import Event, Registration, Round, TeamMatch
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.services.registrations import registration_drop, registration_reinstate

PROJECTOR_PAGE_SIZE = 24
SCREEN_CACHE_SECONDS = 600


def _desk_event(request: HttpRequest, pk: int) -> Event:
    """The event, for its organizer and staff only; 404 for anyone else (its existence doesn't leak)."""
    event = Event.objects.filter(pk=pk).first()
    if event is None or not user_runs_event(user=request.user, event=event):
        raise Http404("No such event.")
    return event


def _round(event: Event, number: int | str | None) -> Round | None:
    if number in (None, ""):
        return selectors.event_latest_round(event=event)
    value = plain_int(str(number), max_digits=4) if not isinstance(number, int) else number
    round_ = event.rounds.filter(number=value).first() if value is not None else None
    if round_ is None:
        raise Http404(_("Round %(round)s doesn't exist in this event.") % {"round": str(number)[:10]})
    return round_


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


# --- The desk ---------------------------------------------------------------------------------------------------

def _desk_context(request, event: Event, *, round_: Round | None, error: str = "", entered: str = "") -> dict:
    clock_state = selectors.round_clock_state(round_=round_) if round_ else None
    rows = selectors.results_grid(round_=round_, clock_state=clock_state) if round_ else []
    show = request.GET.get("show", "")
    query = request.GET.get("q", "").strip().lower()
    visible = [
        r for r in rows
        if (show != "playing" or r.state in ("playing", "overdue"))
        and (show != "disputed" or r.state == "disputed")
        and (not query or query in r.search_text)
    ]
    latest = selectors.event_latest_round(event=event)
    is_latest = round_ is None or latest is None or latest.pk == round_.pk
    # The next step is always the event's, whichever round the grid shows.
    step = (selectors.desk_next_step(event=event, round_=round_, clock_state=clock_state) if is_latest
            else selectors.desk_next_step(event=event))
    return {
        "event": event, "round": round_, "clock": clock_state, "step": step, "rows": visible, "all_rows": rows,
        "counts": selectors.grid_counts(rows), "show": show, "query": request.GET.get("q", ""),
        "server_now": now().isoformat(), "error": error, "entered": entered,
        "is_rochester": event.format_kind == FormatKind.TEAM_ROCHESTER,
        "deckbuilding": (
            selectors.round_clock_state(round_=round_, purpose=ClockPurpose.DECKBUILDING)
            if round_ and not event.has_decklists and not round_.is_finished else None
        ),
        "announcements": selectors.announcements_for_event(event=event),
        "teams": selectors.event_check_ins(event=event) if round_ is None else [],
        "team_choices": selectors.event_team_choices(event=event) if round_ is not None else [],
        "desk": selectors.event_desk_settings(event=event),
        "poll_seconds": poll_seconds(),
        "poll_query": f"?round={round_.number}&partial=1" if round_ and not is_latest else "?partial=1",
    }


@login_required
@require_GET
def desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's desk: the next step, the clock, the results grid (or check-in before round 1)."""
    event = _desk_event(request, pk)
    round_ = _round(event, request.GET.get("round"))
    clock = selectors.round_clock_state(round_=round_)["state"] if round_ else ""
    etag = page_etag(request, event.pk, event.version, event.status, clock)
    if request.GET.get("partial") == "1" and (cached := not_modified(request, etag)):
        return cached
    context = _desk_context(request, event, round_=round_)
    context["etag"] = etag
    template = "desk/_live.html" if request.GET.get("partial") == "1" else "desk/desk.html"
    if template == "desk/desk.html":
        context["log"] = list(event.desk_log.select_related("by")[:8])
    return with_validators(render(request, template, context), etag)


def _back(event: Event, round_: Round | None = None) -> HttpResponse:
    url = f"/events/{event.pk}/desk/"
    return redirect(url + (f"?round={round_.number}" if round_ else ""))


def _refused(request, event: Event, exc: ValidationError) -> HttpResponse:
    for message in exc.messages:
        messages.error(request, message)
    return _back(event)


@login_required
@require_POST
def desk_step(request: HttpRequest, pk: int) -> HttpResponse:
    event = _desk_event(request, pk)
    try:
        done = desk_step_run(event=event, by=request.user, key=request.POST.get("key", ""),
                             anyway=request.POST.get("anyway") == "1")
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, done)
    return _back(event)


@login_required
@require_POST
def desk_result(request: HttpRequest, pk: int) -> HttpResponse:
    """A result typed at the keyboard: table number and result, saved final. htmx gets the grid back."""
    event = _desk_event(request, pk)
    round_ = _round(event, request.POST.get("round"))
    if round_ is None:
        raise Http404("No round yet.")
    table = plain_int(request.POST.get("table", "").strip(), max_digits=4)
    text = request.POST.get("result", "")
    match = TeamMatch.objects.select_related("round__event").filter(round=round_, table=table).first() if table else None
    error = ""
    if match is None:
        error = _("Round %(n)d has no table %(t)s.") % {"n": round_.number, "t": request.POST.get("table", "")[:6]}
    else:
        try:
            desk_result_enter(match=match, by=request.user, text=text)
        except ValidationError as exc:
            error = _("Table %(t)d: %(why)s") % {"t": match.table, "why": " ".join(exc.messages)}
    if _htmx(request):
        context = _desk_context(request, event, round_=round_, error=error,
                                entered="" if error else str(table))
        context["etag"] = ""
        response = render(request, "desk/_live.html", context)
        response["X-Desk-Entry"] = "error" if error else "saved"
        return response
    if error:
        messages.error(request, error)
    else:
        messages.success(request, _("Table %(t)d: result saved.") % {"t": match.table})
    return _back(event, round_)


@login_required
@require_POST
def desk_clock(request: HttpRequest, pk: int) -> HttpResponse:
    event = _desk_event(request, pk)
    round_ = _round(event, request.POST.get("round"))
    if round_ is None:
        raise Http404("No round yet.")
    minutes = request.POST.get("minutes", "").strip()
    seconds = None
    if minutes:
        value = plain_int(minutes, max_digits=4)
        seconds = value * 60 if value is not None else -1
    table = plain_int(request.POST.get("table", "").strip(), max_digits=4) if request.POST.get("table", "").strip() else None
    purpose = ClockPurpose.DECKBUILDING if request.POST.get("purpose") == ClockPurpose.DECKBUILDING else ClockPurpose.MATCHES
    try:
        round_clock_act(round_=round_, by=request.user, action=request.POST.get("action", ""), seconds=seconds,
                        table=table, reason=request.POST.get("reason", ""), purpose=purpose)
    except ValidationError as exc:
        return _refused(request, event, exc)
    return _back(event, round_)


@login_required
@require_POST
def desk_team(request: HttpRequest, pk: int) -> HttpResponse:
    """Tick a team in or out, or drop or reinstate it (registration_drop / registration_reinstate)."""
    event = _desk_event(request, pk)
    registration = get_object_or_404(Registration.objects.select_related("team", "event"), pk=plain_int(
        request.POST.get("registration", ""), max_digits=18) or 0, event=event)
    action = request.POST.get("action")
    try:
        if action == "check_in":
            registration_check_in(registration=registration, by=request.user, at_desk=True)
        elif action == "check_out":
            registration_check_out(registration=registration, by=request.user)
        elif action == "drop":
            registration_drop(registration=registration)
            messages.success(request, _("%(team)s has dropped.") % {"team": registration.team.name})
        elif action == "reinstate":
            registration_reinstate(registration=registration)
            messages.success(request, _("%(team)s is back in the event.") % {"team": registration.team.name})
        else:
            raise ValidationError(_("Unknown action."))
    except ValidationError as exc:
        return _refused(request, event, exc)
    return _back(event)


@login_required
@require_POST
def desk_check_in_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Set the check-in deadline and the round length."""
    event = _desk_event(request, pk)
    raw = request.POST.get("deadline", "").strip()
    deadline = None
    if raw:
        deadline = parse_datetime(raw)
        if deadline is None:
            messages.error(request, _("Give the deadline as a date and time."))
            return _back(event)
        if timezone.is_naive(deadline):
            deadline = timezone.make_aware(deadline)
    event_set_check_in_deadline(event=event, deadline=deadline)
    minutes = plain_int(request.POST.get("round_minutes", "").strip(), max_digits=3)
    if minutes:
        if not 1 <= minutes <= 600:
            messages.error(request, _("A clock runs 1 to 600 minutes."))
            return _back(event)
        desk_settings = event_desk_for(event=event)
        desk_settings.round_minutes = minutes
        desk_settings.save(update_fields=["round_minutes"])
    messages.success(request, _("Saved."))
    return _back(event)


@login_required
@require_POST
def desk_no_shows(request: HttpRequest, pk: int) -> HttpResponse:
    event = _desk_event(request, pk)
    try:
        dropped = event_drop_no_shows(event=event, by=request.user)
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, _("Dropped %(n)d team(s) that didn't check in.") % {"n": len(dropped)})
    return _back(event)


@login_required
@require_POST
def desk_announce(request: HttpRequest, pk: int) -> HttpResponse:
    event = _desk_event(request, pk)
    hide = request.POST.get("hide")
    try:
        if hide:
            announcement_hide(announcement=get_object_or_404(Announcement, pk=plain_int(hide, max_digits=18) or 0, event=event))
        else:
            announcement_post(event=event, by=request.user, text=request.POST.get("text", ""))
    except ValidationError as exc:
        return _refused(request, event, exc)
    return _back(event)


# --- Players: check-in on the portal ----------------------------------------------------------------------------

@login_required
@require_POST
def player_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A member of a team checks the team in."""
    event = event_for_viewer(pk=pk, user=request.user)
    mine = my_registration_ids(event=event, user=request.user)
    if not mine:
        raise Http404("Not your event.")
    registration = Registration.objects.select_related("team", "event").get(pk=next(iter(mine)))
    try:
        registration_check_in(registration=registration, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("%(team)s is checked in.") % {"team": registration.team.name})
    return redirect("portal:event", pk=event.pk)


# --- The projector ----------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG markup (segno, drawn on the server: no script, no network). Kept per
    URL: the projector asks for the same code on every refresh."""
    return segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=2, omitsize=True)


def _chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


def _screen_pages(event: Event, round_: Round | None) -> tuple[list[str], list[str]]:
    """The projector's pairing and standing pages as HTML rows, kept in the cache per event version and language:
    they change only when Event.version does, while every screen and phone polling them would otherwise have
    the standings computed again."""
    key = f"desk:screen:{event.pk}:{event.version}:{get_language()}:{round_.pk if round_ else 0}"
    pages = cache.get(key)
    if pages is None:
        lines = selectors.screen_pairings(round_=round_) if round_ else []
        pairing_pages = [str(rendering.pairing_rows(p)) for p in _chunks(lines, PROJECTOR_PAGE_SIZE)] if lines else []
        standing_pages = []
        if round_:
            names = team_names_for_event(event=event)
            rows = [(row.rank, row, names.get(row.team, "?")) for row in standings_for_event(event=event)]
            standing_pages = [str(rendering.standing_rows(p)) for p in _chunks(rows, PROJECTOR_PAGE_SIZE)]
        pages = (pairing_pages, standing_pages)
        cache.set(key, pages, timeout=SCREEN_CACHE_SECONDS)
    return [mark_safe(p) for p in pages[0]], [mark_safe(p) for p in pages[1]]  # noqa: S308 - built escaped


@require_GET
def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The venue's screen: the clock, pairings by team name, standings, cycling by themselves; a QR code."""
    event = event_for_viewer(pk=pk, user=request.user)
    round_ = selectors.event_latest_round(event=event)
    clock_state = selectors.round_clock_state(round_=round_) if round_ else None
    etag = page_etag(request, event.pk, event.version, event.status, clock_state["state"] if clock_state else "")
    partial = request.GET.get("partial") == "1"
    if partial and (cached := not_modified(request, etag)):
        return cached
    pairing_pages, standing_pages = _screen_pages(event, round_)
    draft_tables = []
    if event.format_kind in (FormatKind.TEAM_ROCHESTER, FormatKind.THG_DRAFT):
        draft_tables = list(event.draft_tables.select_related("team1__team", "team2__team").order_by("number"))
    context = {
        "event": event, "round": round_, "clock": clock_state, "server_now": now().isoformat(),
        "pairing_pages": pairing_pages, "standing_pages": standing_pages,
        "draft_tables": draft_tables,
        "announcements": selectors.announcements_for_event(event=event, limit=1),
        "qr": mark_safe(qr_svg(request.build_absolute_uri(f"/events/{event.pk}/"))),  # noqa: S308 - segno's own SVG
        "etag": etag, "poll_seconds": poll_seconds(),
    }
    template = "desk/screen_live.html" if partial else "desk/screen.html"
    return with_validators(render(request, template, context), etag)


# --- Paper ------------------------------------------------------------------------------------------------------

@login_required
@require_GET
def slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One match slip per table of round `number` (byes left out), a print stylesheet for A4 and Letter."""
    event = _desk_event(request, pk)
    round_ = _round(event, number)
    matches = [m for m in selectors.event_tables_for_print(round_=round_) if not m.is_bye]
    return render(request, "desk/slips.html", {"event": event, "round": round_, "matches": matches,
                                               "games": range(1, 4)})


@login_required
@require_GET
def print_pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Pairings of round `number` by table and by team name, for the wall."""
    event = _desk_event(request, pk)
    round_ = _round(event, number)
    return render(request, "desk/print_pairings.html", {
        "event": event, "round": round_, "matches": selectors.event_tables_for_print(round_=round_),
        "lines": selectors.screen_pairings(round_=round_),
    })


@login_required
@require_GET
def print_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings (final once the event is finished), printable."""
    event = _desk_event(request, pk)
    names = team_names_for_event(event=event)
    rows = [(rank, row, names.get(row.team, "?")) for rank, row in enumerate(standings_for_event(event=event), 1)]
    return render(request, "desk/print_standings.html", {"event": event, "rows": rows, "printed_at": dt.datetime.now()})
