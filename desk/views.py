"""The organizer's desk, the projector, and the printable pages (docs/desk.md). Thin: each view checks who may
act, calls one selector or service, and renders. The desk and paper are for the event's organizer and staff
only (anyone else gets 404, as for a hidden event); the projector is as public as the event."""

import datetime as dt
import functools
import json

import segno
import tablib
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.safestring import mark_safe
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.conditional import not_modified, page_etag, poll_seconds, with_validators
from common.params import plain_int
from common.venue import venue_absolute_uri
from desk import rendering, selectors
from desk.services.claims import event_claim_links_send
from desk.services.drafts import (
    draft_table_act,
    event_drafts_generate_packs,
    event_drafts_seat,
    event_drafts_start,
)
from desk.services.results import desk_result_enter
from desk.services.steps import desk_step_run
from eventfile.export import event_export as eventfile_export
from multiplayer.selectors import multiplayer_standings_data, round_multiplayer_tables
from signup.exports import EXPORTS, event_export
from signup.services import join_code_for, signup_closed_reason
from signup.teamimport import (
    MAX_UPLOAD,
    TEMPLATE_CSV,
    ImportPreview,
    team_file_confirm,
    team_file_payload,
    team_file_preview,
)
from drafting.selectors.paper import event_has_paper_tables, event_timers_state, paper_pods_for_event
from sealed.selectors import sealed_real_product
from tournaments.doors import event_for_door, event_permission_required
from tournaments.enums import EventStatus, FormatKind
from tournaments.exports import CONTENT_TYPES, FORMATS, dataset_bytes
from tournaments.models import Announcement, ClockPurpose, Event, Registration, Round, StaffRole, TeamMatch
from tournaments.rights import (
    may_judge_event,
    may_manage_staff,
    may_run_event,
    may_run_timers,
    may_score_event,
    may_see_event,
)
from tournaments.selectors.announcements import announcements_for_event
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.pairings import avoided_pairings_for_event
from tournaments.selectors.placeholders import invited_seats
from tournaments.selectors.eventlog import DESK_LOG_KINDS, event_log_latest
from tournaments.selectors.events import event_latest_round
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.services.announcements import announcement_hide, announcement_post
from tournaments.services.checkin import (
    event_check_in_all,
    event_check_in_all_undo,
    event_drop_no_shows,
    event_set_check_in_deadline,
    registration_check_in,
    registration_check_out,
)
from tournaments.services.clock import (
    MAX_ADD_SECONDS,
    MAX_ROUND_MINUTES,
    MIN_ROUND_MINUTES,
    event_set_round_minutes,
    now,
    round_clock_act,
)
from tournaments.services.constraints import (
    avoided_pairing_add,
    avoided_pairing_remove,
    registration_set_byes,
    registration_set_fixed_table,
)
from tournaments.services.daytwo import event_day2_cut_make, event_day2_cut_undo
from tournaments.services.decklists import registrations_deck_problems_complete
from tournaments.services.events import event_reopen
from tournaments.services.registrations import (
    SeatEntry,
    registration_drop,
    registration_register,
    registration_reinstate,
    registration_update,
)
from tournaments.services.staff import (
    event_staff_remove,
    event_staff_set,
    staff_user_by_name,
)
from tournaments.teamcsv import TeamFileError
from tournaments.wording import entrant_sentence

PROJECTOR_PAGE_SIZE = 24
SCREEN_CACHE_SECONDS = 600


def _round(event: Event, number: int | str | None) -> Round | None:
    if number in (None, ""):
        return event_latest_round(event=event)
    value = plain_int(str(number), max_digits=4) if not isinstance(number, int) else number
    round_ = event.rounds.filter(number=value).first() if value is not None else None
    if round_ is None:
        raise Http404(_("Round %(round)s doesn't exist in this event.") % {"round": str(number)[:10]})
    return round_


def _htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


# --- The desk ---------------------------------------------------------------------------------------------------


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
        "teams": selectors.event_check_ins(event=event) if round_ is None else [],
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
    round_ = _round(event, request.GET.get("round"))
    clock = round_clock_state(round_=round_)["state"] if round_ else ""
    # A prerelease's steps before round 1 move with its deck building timer and decklists, not the event's version.
    prelude = sealed_real_product(event=event) and round_ is None
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
    if prelude:
        context["timers"] = event_timers_state(event=event, now=now())
    template = "desk/_live.html" if request.GET.get("partial") == "1" else "desk/desk.html"
    if template == "desk/desk.html":
        context["log"] = event_log_latest(event=event, kinds=DESK_LOG_KINDS, count=8)
        context["cut"] = selectors.day2_cut_panel(event=event)
        context["join"] = _join_at_door(request, event, round_)
        context["phase"] = selectors.desk_phase(event=event)
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
@event_permission_required(may_score_event)
def desk_step(request: HttpRequest, event: Event) -> HttpResponse:
    try:
        done = desk_step_run(
            event=event, by=request.user, key=request.POST.get("key", ""), anyway=request.POST.get("anyway") == "1"
        )
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, done)
    return _back(event)


@login_required
@require_POST
@event_permission_required(may_score_event)
def desk_result(request: HttpRequest, event: Event) -> HttpResponse:
    """A result typed at the keyboard: table number and result, saved final. htmx gets the grid back."""
    round_ = _round(event, request.POST.get("round"))
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
    return _back(event, round_)


@login_required
@require_POST
@event_permission_required(may_run_timers)
def desk_clock(request: HttpRequest, event: Event) -> HttpResponse:
    round_ = _round(event, request.POST.get("round"))
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
            return _back(event, round_)
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
                return _back(event, round_)
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
        return _refused(request, event, exc)
    return _back(event, round_)


@login_required
@require_POST
def desk_team(request: HttpRequest, pk: int) -> HttpResponse:
    """Tick a team in or out, or drop or reinstate it (registration_drop / registration_reinstate)."""
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    registration = get_object_or_404(
        Registration.objects.select_related("team", "event"),
        pk=plain_int(request.POST.get("registration", ""), max_digits=18) or 0,
        event=event,
    )
    action = request.POST.get("action")
    try:
        if action == "check_in":
            registration_check_in(registration=registration, by=request.user, at_desk=True)
        elif action == "check_out":
            registration_check_out(registration=registration, by=request.user)
        elif action == "drop":
            registration_drop(registration=registration, user=request.user)
            messages.success(request, _("%(team)s has dropped.") % {"team": registration.team.name})
        elif action == "reinstate":
            registration_reinstate(registration=registration, user=request.user)
            messages.success(request, _("%(team)s is back in the event.") % {"team": registration.team.name})
        else:
            raise ValidationError(_("Unknown action."))
    except ValidationError as exc:
        return _refused(request, event, exc)
    return _back(event)


@login_required
@require_POST
def desk_check_in_all(request: HttpRequest, pk: int) -> HttpResponse:
    """Check in every team at once, or (undo=1) take the last "Check in all" back."""
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    try:
        if request.POST.get("undo"):
            n = event_check_in_all_undo(event=event, by=request.user)
            messages.success(request, entrant_sentence(event=event, key="check_in_all_undone_message", n=n))
        else:
            n = event_check_in_all(event=event, by=request.user)
            messages.success(request, entrant_sentence(event=event, key="checked_in_all_message", n=n))
    except ValidationError as exc:
        return _refused(request, event, exc)
    return _back(event)


@login_required
@require_POST
def desk_check_in_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Set the check-in deadline and the round length."""
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    raw = request.POST.get("deadline", "").strip()
    deadline = None
    if raw:
        try:  # None when it isn't shaped like a date and time, ValueError for an impossible one (2026-99-99T99:99)
            deadline = parse_datetime(raw)
            if deadline is not None and timezone.is_naive(deadline):
                deadline = timezone.make_aware(deadline)
        except (ValueError, OverflowError):
            deadline = None
        if deadline is None:
            messages.error(request, _("Give the deadline as a date and time."))
            return _back(event)
    # Both fields are read before either is saved: a refused length keeps the deadline unchanged too.
    typed_minutes = request.POST.get("round_minutes", "").strip()
    minutes = plain_int(typed_minutes, max_digits=3) if typed_minutes else None
    if typed_minutes and (minutes is None or not MIN_ROUND_MINUTES <= minutes <= MAX_ROUND_MINUTES):
        messages.error(
            request,
            _("Minutes per round: give whole minutes from %(min)d to %(max)d; nothing was saved.")
            % {"min": MIN_ROUND_MINUTES, "max": MAX_ROUND_MINUTES},
        )
        return _back(event)
    try:
        with transaction.atomic():
            event_set_check_in_deadline(event=event, deadline=deadline)
            if minutes is not None:
                event_set_round_minutes(event=event, minutes=minutes, by=request.user)
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, _("Saved."))
    return _back(event)


@login_required
@require_POST
def desk_no_shows(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    try:
        dropped = event_drop_no_shows(event=event, by=request.user)
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, entrant_sentence(event=event, key="no_shows_dropped_message", n=len(dropped)))
    return _back(event)


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
        return _refused(request, event, exc)
    return _back(event)


# --- The event's staff (issue 25) ------------------------------------------------------------------------------


@login_required
@event_permission_required(may_manage_staff)
def staff(request: HttpRequest, event: Event) -> HttpResponse:
    """Who helps run the event and in which role; the owner and co-organizers add, change and remove them."""
    if request.method == "POST":
        try:
            if request.POST.get("remove"):
                user = get_object_or_404(
                    get_user_model(), pk=plain_int(request.POST["remove"], max_digits=18) or 0, event_roles__event=event
                )
                event_staff_remove(event=event, user=user, by=request.user)
                messages.success(
                    request, _("%(name)s no longer has a role at this event.") % {"name": user.get_username()}
                )
            else:
                user = staff_user_by_name(username=request.POST.get("username", ""))
                member = event_staff_set(event=event, user=user, role=request.POST.get("role", ""), by=request.user)
                messages.success(
                    request, _("%(name)s: %(role)s.") % {"name": user.get_username(), "role": member.get_role_display()}
                )
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("desk:staff", pk=event.pk)
    return render(
        request,
        "desk/staff.html",
        {
            "event": event,
            "staff": event.staff.select_related("user").order_by("role", "user__username"),
            "roles": StaffRole.choices,
        },
    )


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
            return _back(event)
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
        return _refused(request, event, exc)
    messages.success(
        request,
        _("Day 2 cut made: %(advanced)d advance, %(out)d did not advance.")
        % {"advanced": len(plan.advanced), "out": len(plan.not_advanced)},
    )
    return _back(event)


@login_required
@require_POST
@event_permission_required(may_run_event)
def desk_reopen(request: HttpRequest, event: Event) -> HttpResponse:
    """Reopen a closed event with a reason (logged), so an organizer can correct its results."""
    try:
        event_reopen(event=event, user=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as exc:
        return _refused(request, event, exc)
    messages.success(request, _("The event is reopened: correct what needs correcting, then close it again."))
    return _back(event)


@login_required
@require_GET
@event_permission_required(may_run_event)
def desk_exports(request: HttpRequest, event: Event) -> HttpResponse:
    """Every export of the event in one place: standings, pairings, results, placings, teams and decklists as CSV
    or xlsx (signup.exports, written safe by tournaments.exports) and the whole event file (eventfile). With
    ?what=...&format=... the file itself."""
    what, file_format = request.GET.get("what", ""), request.GET.get("format", "")
    name = slugify(event.name) or "event"
    if what == "event":
        body = json.dumps(eventfile_export(event=event), ensure_ascii=False, indent=1)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.hydra.json"'
        return response
    if what or file_format:
        if what not in EXPORTS or file_format not in FORMATS:
            raise Http404(_("No such export: choose one of the list."))
        response = HttpResponse(
            event_export(event=event, what=what, file_format=file_format), content_type=CONTENT_TYPES[file_format]
        )
        response["Content-Disposition"] = f'attachment; filename="{name}-{what}.{file_format}"'
        return response
    return render(
        request,
        "desk/exports.html",
        {
            "event": event,
            "exports": [
                (key, entrant_sentence(event=event, key="export_teams") if key == "teams" else label)
                for key, (label, _r, _s) in EXPORTS.items()
            ],
            "formats": FORMATS,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_import_teams(request: HttpRequest, event: Event) -> HttpResponse:
    """Import the teams from a CSV or xlsx file: upload, a preview (each player matched to the organizer's own
    placeholder, new, or invited),
    then confirm; all teams or none. ?template=csv|xlsx downloads a file to fill in."""
    if request.GET.get("template") in FORMATS:
        return _import_template(request.GET["template"])
    context = {"event": event}
    if request.method == "POST" and request.POST.get("confirm"):
        try:
            registered = team_file_confirm(
                event=event,
                file_name=request.POST.get("file_name", ""),
                payload=request.POST.get("payload", ""),
                user=request.user,
            )
        except TeamFileError as exc:
            context["preview"] = ImportPreview(file_error=str(exc))
        except ValidationError as exc:
            context["preview"] = ImportPreview(row_errors=exc.messages)
        else:
            messages.success(request, entrant_sentence(event=event, key="imported_message", n=len(registered)))
            return _back(event)
    elif request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["preview"] = ImportPreview(file_error=_("Choose the team list file (CSV or xlsx) first."))
        else:
            data = upload.read(MAX_UPLOAD + 1)
            context["preview"] = team_file_preview(event=event, name=upload.name, data=data, user=request.user)
            context.update(file_name=upload.name, payload=team_file_payload(data))
    status = 400 if context.get("preview") is not None and not context["preview"].ok else 200
    return render(request, "desk/import_teams.html", context, status=status)


def _import_template(file_format: str) -> HttpResponse:
    rows = [line.split(",") for line in TEMPLATE_CSV.strip().splitlines()]
    dataset = tablib.Dataset(*rows[1:], headers=rows[0])
    response = HttpResponse(dataset_bytes(dataset, file_format), content_type=CONTENT_TYPES[file_format])
    response["Content-Disposition"] = f'attachment; filename="teams-template.{file_format}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_claim_sheet(request: HttpRequest, event: Event) -> HttpResponse:
    """A printable sheet: each placeholder this event's organizer made that nobody has used, with the link (and its
    QR code) that lets its person set a password, or merge it into their own account. POST: e-mail the links to those with an address."""
    if request.method == "POST":
        sent = event_claim_links_send(event=event, base=request.build_absolute_uri("/"), by=request.user)
        messages.success(
            request,
            ngettext("%(n)d claim link sent by e-mail.", "%(n)d claim links sent by e-mail.", sent) % {"n": sent},
        )
        return redirect("desk:import_teams", pk=event.pk)
    lines = [
        (player, link, mark_safe(qr_svg(link)))
        for player, link in selectors.event_claim_links(event=event, base=request.build_absolute_uri("/"))  # noqa: S308 - segno's own SVG
    ]
    return render(request, "desk/claim_sheet.html", {"event": event, "lines": lines})


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def desk_team_edit(request: HttpRequest, event: Event) -> HttpResponse:
    """Add a team (no ?team=) or edit one: its name and a player per seat, each the organizer's own unclaimed
    placeholder of that name, username or e-mail, or a new one to claim; an existing account typed is invited, not
    seated (docs/permissions.md). After round 1 a seat changes only as a judge's correction with a reason.
    Also the pairing constraints (issue 42): byes in advance, a fixed table, and (action=avoid_add/avoid_remove
    with `other`) the entrants it should not be paired with; all saved together or not at all."""
    team_id = plain_int(request.POST.get("team", request.GET.get("team", "")), max_digits=18)
    registration = (
        get_object_or_404(Registration.objects.select_related("team"), pk=team_id, event=event) if team_id else None
    )
    letters = event.seat_letters
    values = {
        "name": registration.team.name if registration else "",
        "byes": registration.byes_in_advance if registration else 0,
        "table": registration.fixed_table or "" if registration else "",
    }
    if registration is not None:
        values.update({seat.letter: seat.player.name for seat in registration.seats.select_related("player")})
    error = ""
    action = request.POST.get("action", "")
    if request.method == "POST" and registration is not None and action in ("avoid_add", "avoid_remove"):
        other_id = plain_int(request.POST.get("other", ""), max_digits=18)
        other = get_object_or_404(Registration, pk=other_id, event=event) if other_id else None
        try:
            if other is None:
                raise ValidationError(_("Choose whom not to pair with."))
            change = avoided_pairing_add if action == "avoid_add" else avoided_pairing_remove
            change(event=event, first=registration, second=other, user=request.user)
        except ValidationError as exc:
            error = " ".join(exc.messages)
        else:
            return redirect(f"{request.path}?team={registration.pk}")
    elif request.method == "POST":
        values = {
            "name": request.POST.get("name", ""),
            **{letter: request.POST.get(f"seat_{letter}", "") for letter in letters},
            "byes": request.POST.get("byes", "0"),
            "table": request.POST.get("table", "").strip(),
        }
        if event.is_individual:  # a team of one is named as its player; the form asks only for the player
            values["name"] = values[letters[0]]
        seats = [SeatEntry(letter=letter, player=values[letter]) for letter in letters]
        try:
            with transaction.atomic():  # the entry and its constraints, all or nothing
                if registration is None:
                    registration = registration_register(
                        event=event, team_name=values["name"], seats=seats, user=request.user
                    )
                    saved = _("%(team)s is registered.") % {"team": registration.team.name}
                else:
                    registration_update(
                        registration=registration,
                        user=request.user,
                        name=values["name"],
                        seats=seats,
                        judge_correction=request.POST.get("correction", ""),
                    )
                    saved = _("%(team)s is saved.") % {"team": values["name"].strip()}
                registration_set_byes(registration=registration, byes=values["byes"], user=request.user)
                registration_set_fixed_table(registration=registration, table=values["table"], user=request.user)
        except ValidationError as exc:
            error = " ".join(exc.messages)
            registration = Registration.objects.select_related("team").filter(pk=team_id, event=event).first()
        else:
            messages.success(request, saved)
            invited = sorted(
                letter for _r, letter in invited_seats(event_id=event.pk, registration_ids=[registration.pk])
            )
            if invited:
                messages.info(
                    request,
                    _(
                        "Seat %(seats)s: an account with this name or address exists: invited, not "
                        "seated. A placeholder holds the seat until its person accepts."
                    )
                    % {"seats": ", ".join(invited)},
                )
            return _back(event)
    avoided = others = ()
    if registration is not None:
        avoided = [
            p.second if p.first_id == registration.pk else p.first
            for p in avoided_pairings_for_event(event=event).filter(Q(first=registration) | Q(second=registration))
        ]
        others = (
            Registration.objects.filter(event=event)
            .exclude(pk=registration.pk)
            .select_related("team")
            .order_by("team__name")
        )
    return render(
        request,
        "desk/team_edit.html",
        {
            "event": event,
            "registration": registration,
            "values": values,
            "error": error,
            "seats": [(letter, values.get(letter, "")) for letter in letters],
            "paired": event.rounds.exists(),
            "bye_choices": range(4),
            "avoided": avoided,
            "others": others,
        },
        status=400 if error else 200,
    )


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


@login_required
@require_GET
@event_permission_required(may_judge_event)
def desk_decklists(request: HttpRequest, event: Event) -> HttpResponse:
    """Every entrant's registered decklist at a glance, for the event's judges and organizers
    (tournaments.rights.may_judge_event; 404 for anyone else): who has registered, main deck and sideboard, the
    problems. A limited event with real product shows the typed lists as they are; a judge changes one on the
    judging pages."""
    # Problems stored before a language was shipped get their messages in it first (read in the reader's language).
    registrations_deck_problems_complete(
        registrations=Registration.objects.filter(event=event).exclude(deck_problems=[]).select_related("event")
    )
    return render(request, "desk/decklists.html", {"event": event, **selectors.desk_decklists(event=event)})


# --- The projector ----------------------------------------------------------------------------------------------


def _join_at_door(request, event: Event, round_: Round | None) -> dict | None:
    """Before round 1 of an individual event, its join code and the QR code of its join page (portal.join), for the
    projector and the desk; None otherwise. Says why sign-up is closed, if it is."""
    if not event.is_individual or round_ is not None:
        return None
    code = join_code_for(event=event)
    url = venue_absolute_uri(request=request, path=reverse("portal:join", args=[code]))
    return {
        "code": code,
        "url": url,
        "qr": mark_safe(qr_svg(url)),  # noqa: S308 - segno's own SVG
        "typed_at": venue_absolute_uri(request=request, path=reverse("portal:join_code")),
        "closed": signup_closed_reason(event=event),
    }


@functools.lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    """The QR code of `url` as inline SVG markup (segno, drawn on the server: no script, no network). Kept per
    URL: the projector asks for the same code on every refresh."""
    return segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=2, omitsize=True)


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def _screen_pages(request: HttpRequest, event: Event, round_: Round | None) -> tuple[list[str], list[str], list[str]]:
    """The projector's pairing, standing and table (QR code) pages as HTML rows, kept in the cache per event
    version, language and address: they change only when Event.version does, while every screen and phone polling
    them would otherwise have the standings computed again."""
    key = (
        f"desk:screen:{event.pk}:{event.version}:{get_language()}:{round_.pk if round_ else 0}:"
        f"{venue_absolute_uri(request=request, path='/')}"
    )
    pages = cache.get(key)
    if pages is None:
        lines = selectors.screen_pairings(round_=round_) if round_ else []
        pairing_pages = [str(rendering.pairing_rows(p)) for p in _chunks(lines, PROJECTOR_PAGE_SIZE)] if lines else []
        standing_pages = []
        table_pages = []
        if round_:
            names = team_names_for_event(event=event)
            rows = [(row.rank, row, names.get(row.team, "?")) for row in standings_for_event(event=event)]
            standing_pages = [str(rendering.standing_rows(p)) for p in _chunks(rows, PROJECTOR_PAGE_SIZE)]
            tables = selectors.screen_tables(round_=round_)
            if tables:

                def qr_for(match_id: int) -> str:
                    return qr_svg(venue_absolute_uri(request=request, path=reverse("portal:match", args=[match_id])))

                table_pages = [str(rendering.table_qr_rows(p, qr_for)) for p in _chunks(tables, PROJECTOR_PAGE_SIZE)]
        pages = (pairing_pages, standing_pages, table_pages)
        cache.set(key, pages, timeout=SCREEN_CACHE_SECONDS)
    return tuple([mark_safe(p) for p in group] for group in pages)  # noqa: S308 - built escaped


def _pod_screen(event: Event, round_: Round | None) -> dict | None:
    """A pod event's projector: the round's pods in seat order and the standings' top 32 (docs/multiplayer.md)."""
    if not event.is_multiplayer:
        return None
    return {
        "pods": round_multiplayer_tables(round_=round_) if round_ else [],
        "standings": multiplayer_standings_data(event=event)[:32],
    }


@require_GET
@event_permission_required(may_see_event)
def screen(request: HttpRequest, event: Event) -> HttpResponse:
    """The venue's screen: the clock, pairings by team name, standings, cycling by themselves; a QR code."""
    round_ = event_latest_round(event=event)
    # A round whose results are all in (the final before the event is closed, say) needs no clock on the wall: it
    # would say "50:00 Not started" over a round that is over.
    clock_state = round_clock_state(round_=round_) if round_ and selectors.round_open_results(round_=round_) else None
    etag = page_etag(request, event.pk, event.version, event.status, clock_state["state"] if clock_state else "")
    partial = request.GET.get("partial") == "1"
    if partial and (cached := not_modified(request, etag)):
        return cached
    pairing_pages, standing_pages, table_pages = _screen_pages(request, event, round_)
    draft_tables = []
    if event.format_kind in (FormatKind.TEAM_ROCHESTER, FormatKind.THG_DRAFT):
        draft_tables = list(event.draft_tables.select_related("team1__team", "team2__team").order_by("number"))
    context = {
        "event": event,
        "round": round_,
        "clock": clock_state,
        "server_now": now().isoformat(),
        "pairing_pages": pairing_pages,
        "standing_pages": standing_pages,
        "table_pages": table_pages,
        "draft_tables": draft_tables,
        "pod_screen": _pod_screen(event, round_),
        "placings": selectors.event_final_placings(event=event),
        "announcements": announcements_for_event(event=event, limit=1),
        "qr": mark_safe(qr_svg(venue_absolute_uri(request=request, path=f"/events/{event.pk}/"))),  # noqa: S308 - segno's own SVG
        "join": _join_at_door(request, event, round_),
        "etag": etag,
        "poll_seconds": poll_seconds(),
    }
    if not partial and event.format_kind in (FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT, FormatKind.TEAM_ROCHESTER):
        # A paper draft's seats and its calls (the pods', or every team Rochester table's of the round) stand above
        # the live part: each call counts by itself, and the page fetches calls started later.
        context["paper_pods"] = paper_pods_for_event(event=event)
        context["paper_tables"] = event_has_paper_tables(event=event)
        context["timers"] = (
            event_timers_state(event=event, now=now()) if context["paper_pods"] or context["paper_tables"] else None
        )
    elif not partial and sealed_real_product(event=event):
        # A prerelease's deck building timer stands above the pairings, big, until round 1 is paired or it ends.
        timers = event_timers_state(event=event, now=now())
        context["timers"] = timers if timers["build"] or round_ is None else None
    template = "desk/screen_live.html" if partial else "desk/screen.html"
    return with_validators(render(request, template, context), etag)


# --- Paper ------------------------------------------------------------------------------------------------------


@login_required
@require_GET
@event_permission_required(may_score_event)
def slips(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """One match slip per table of round `number` (byes left out), a print stylesheet for A4 and Letter."""
    round_ = _round(event, number)
    matches = _with_report_qr(request, [m for m in selectors.event_tables_for_print(round_=round_) if not m.is_bye])
    return render(
        request, "desk/slips.html", {"event": event, "round": round_, "matches": matches, "games": range(1, 4)}
    )


def _with_report_qr(request: HttpRequest, matches: list) -> list:
    """The matches, each with `report_qr`: the QR code of its page in the portal, where its players report the
    result (issue 41: one tap from the table; anyone else who scans it is answered 404)."""
    for match in matches:
        if not match.is_bye:
            url = venue_absolute_uri(request=request, path=reverse("portal:match", args=[match.pk]))
            match.report_qr = mark_safe(qr_svg(url))  # noqa: S308 - segno's own SVG
    return matches


@login_required
@require_GET
@event_permission_required(may_score_event)
def print_pairings(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Pairings of round `number` by table and by team name, for the wall."""
    round_ = _round(event, number)
    return render(
        request,
        "desk/print_pairings.html",
        {
            "event": event,
            "round": round_,
            "matches": _with_report_qr(request, selectors.event_tables_for_print(round_=round_)),
            "lines": selectors.screen_pairings(round_=round_),
        },
    )


@login_required
@require_GET
@event_permission_required(may_score_event)
def print_standings(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings (final once the event is finished), printable."""
    names = team_names_for_event(event=event)
    rows = [(rank, row, names.get(row.team, "?")) for rank, row in enumerate(standings_for_event(event=event), 1)]
    return render(request, "desk/print_standings.html", {"event": event, "rows": rows, "printed_at": dt.datetime.now()})
