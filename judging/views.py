"""The judges' pages (deck checks, penalties, changes to locked decklists, printouts), the event log for the organizer
and judges, a player's own penalties, and the published decklists of the top teams.

Thin: judging.services writes, judging.selectors reads and decides who sees what. Judges' pages answer 404 to anyone
who doesn't judge the event, so neither the event nor its records leak.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.params import plain_int
from common.refusals import NotAllowed
from judging import selectors, services
from judging.forms import DeckCheckForm, JudgeDecklistForm, PenaltyForm
from tournaments.doors import event_permission_required
from tournaments.models import Event, Registration, Seat
from tournaments.models.log import LogKind
from tournaments.rights import may_judge_event, may_run_event, may_see_event
from tournaments.selectors import eventlog
from tournaments.selectors.phases import event_kept_decks
from tournaments.services.decklists import (
    decklist_judge_change,
    decklists_locked_reason,
    registration_pool_check_refresh,
    registrations_deck_problems_complete,
)


def _overview(request, event, *, deck_check_form=None, penalty_form=None, status=200):
    return render(
        request,
        "judging/event.html",
        {
            "event": event,
            "teams": selectors.judging_teams(event=event),
            "deck_checks": selectors.deck_checks_visible_to(user=request.user, event=event),
            "penalties": selectors.penalties_visible_to(user=request.user, event=event),
            "deck_check_form": deck_check_form or DeckCheckForm(event=event),
            "penalty_form": penalty_form or PenaltyForm(event=event),
            "locked": decklists_locked_reason(event=event),
            "runs_event": may_run_event(request.user, event),
            "judges": services.event_judges(event=event),
        },
        status=status,
    )


@login_required
@require_POST
@event_permission_required(may_judge_event)
def judges(request: HttpRequest, event: Event) -> HttpResponse:
    """The organizer adds a judge by user name, or removes one."""
    try:
        if request.POST.get("remove"):
            judge_id = plain_int(request.POST["remove"])
            if judge_id is None:
                raise Http404(_("No such judge."))
            user = get_object_or_404(services.event_judges(event=event), pk=judge_id)
            services.event_judge_remove(event=event, user=user, by=request.user)
            messages.success(request, _("%(name)s is no longer a judge of this event.") % {"name": user.get_username()})
        else:
            user = services.event_judge_add(event=event, username=request.POST.get("username", ""), by=request.user)
            messages.success(request, _("%(name)s is a judge of this event.") % {"name": user.get_username()})
    except NotAllowed as exc:  # hidden from who may not judge here (before ValidationError: a refusal is one)
        raise Http404 from exc
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    return redirect("judging:event", pk=event.pk)


@login_required
@event_permission_required(may_judge_event)
def judging_event(request: HttpRequest, event: Event) -> HttpResponse:
    """The judges' page of an event: every team's decklist status, deck checks and penalties, with their forms."""
    return _overview(request, event)


@login_required
@require_POST
@event_permission_required(may_judge_event)
def deck_check(request: HttpRequest, event: Event) -> HttpResponse:

    def record(data: dict) -> None:
        services.deck_check_record(
            registration=data["registration"],
            round_=data["round"],
            result=data["result"],
            note=data["note"],
            judge=request.user,
        )

    return _record(
        request,
        event,
        form=DeckCheckForm(request.POST, event=event),
        form_name="deck_check_form",
        record=record,
        done=_("Deck check recorded."),
    )


@login_required
@require_POST
@event_permission_required(may_judge_event)
def penalty(request: HttpRequest, event: Event) -> HttpResponse:

    def record(data: dict) -> None:
        seat = data["seat"]
        services.penalty_record(
            registration=seat.registration,
            player=seat.player,
            round_=data["round"],
            infraction=data["infraction"],
            penalty=data["penalty"],
            note=data["note"],
            apply_to_result=data["apply_to_result"],
            judge=request.user,
        )

    return _record(
        request,
        event,
        form=PenaltyForm(request.POST, event=event),
        form_name="penalty_form",
        record=record,
        done=_("Penalty recorded."),
    )


def _record(request, event: Event, *, form, form_name: str, record, done: str) -> HttpResponse:
    """A judge's form posted: when it is valid, `record(cleaned_data)` and back to the judges' page saying `done`;
    otherwise (or when the service refuses) the page again with the form and its errors, 400."""
    if form.is_valid():
        try:
            record(form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, done)
            return redirect("judging:event", pk=event.pk)
    return _overview(request, event, **{form_name: form}, status=400)


def _team(event: Event, team: int) -> Registration:
    return get_object_or_404(Registration.objects.select_related("team"), event=event, pk=team)


@login_required
@event_permission_required(may_judge_event)
def judging_team(request: HttpRequest, event: Event, team: int, *, forms=None, status=200) -> HttpResponse:
    """One team's decklists as registered, the lists they replaced, a form per seat to change a list, and the decks
    it registered for the earlier phases of a big event (docs/phases.md)."""
    registration = _team(event, team)
    if registration_pool_check_refresh(registration=registration):
        registration.refresh_from_db(fields=["deck_problems"])
    registrations_deck_problems_complete(registrations=[registration])
    seats = selectors.team_decklists(registration=registration)
    forms = forms or {}
    rows = [
        (
            seat,
            decklist,
            changes,
            forms.get(seat.pk)
            or JudgeDecklistForm(initial={"text": decklist.text if decklist else ""}, prefix=f"seat{seat.pk}"),
        )
        for seat, decklist, changes in seats
    ]
    return render(
        request,
        "judging/team.html",
        {
            "event": event,
            "registration": registration,
            "rows": rows,
            "deck_checks": selectors.deck_checks_visible_to(user=request.user, event=event).filter(
                registration=registration
            ),
            "locked": decklists_locked_reason(event=event),
            "earlier_phases": event_kept_decks(event=event, registration=registration),  # docs/phases.md
        },
        status=status,
    )


@login_required
@require_POST
@event_permission_required(may_judge_event)
def decklist_change(request: HttpRequest, event: Event, seat: int) -> HttpResponse:
    """A judge changes a seat's decklist (after the deadline too), with the reason; the old list is kept."""
    seat_obj = get_object_or_404(Seat.objects.select_related("registration"), event=event, pk=seat)
    form = JudgeDecklistForm(request.POST, prefix=f"seat{seat_obj.pk}")
    if form.is_valid():
        try:
            decklist_judge_change(
                seat=seat_obj,
                user=request.user,
                text=form.cleaned_data["text"],
                reason=form.cleaned_data["reason"],
            )
        except NotAllowed as exc:  # hidden from who may not judge here (before ValidationError: a refusal is one)
            raise Http404 from exc
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Decklist changed; the old list is kept and the change is in the event's log."))
            return redirect("judging:team", pk=event.pk, team=seat_obj.registration_id)
    return judging_team(request, pk=event.pk, team=seat_obj.registration_id, forms={seat_obj.pk: form}, status=400)


@login_required
@event_permission_required(may_judge_event)
def print_team(request: HttpRequest, event: Event, team: int) -> HttpResponse:
    """One team's decklists on A4, in the registration sheet's layout, for a deck check."""
    registration = _team(event, team)
    return render(
        request,
        "judging/print_decklists.html",
        {
            "event": event,
            "teams": [(registration, selectors.team_decklists(registration=registration))],
        },
    )


@login_required
@event_permission_required(may_judge_event)
def print_all(request: HttpRequest, event: Event) -> HttpResponse:
    """Every team's decklists, one team a page."""
    teams = selectors.judging_teams(event=event)
    return render(
        request,
        "judging/print_decklists.html",
        {
            "event": event,
            "teams": [(r, selectors.team_decklists(registration=r)) for r in teams],
        },
    )


@login_required
@event_permission_required(may_judge_event)
def log_page(request: HttpRequest, event: Event) -> HttpResponse:
    """The event's one log (issue 29): every traced change (results, pairings, drops, seats, drafts, pools,
    penalties, settings, the desk's actions), filtered by kind, round, team, person and text."""
    filters = eventlog.event_log_filter_from(request.GET)
    return render(
        request,
        "judging/log.html",
        {
            "event": event,
            "entries": eventlog.event_log_entries(event=event, filters=filters),
            "filters": filters,
            "query": urlencode(filters.as_query()),
            "kinds": LogKind.choices,
            "teams": eventlog.event_log_teams(event=event),
            "rounds": eventlog.event_log_rounds(event=event),
        },
    )


@login_required
@event_permission_required(may_judge_event)
def log_csv(request: HttpRequest, event: Event) -> HttpResponse:
    """The event log page's selection (the same filters) as CSV."""
    filters = eventlog.event_log_filter_from(request.GET)
    response = HttpResponse(
        eventlog.event_log_csv(event=event, filters=filters), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-log.csv"'
    return response


@login_required
@event_permission_required(may_see_event)
def my_penalties(request: HttpRequest, event: Event) -> HttpResponse:
    """The penalties of the signed-in player in this event (their own only; judges see all on their page)."""
    penalties = selectors.penalties_visible_to(user=request.user, event=event).filter(player__user=request.user)
    return render(request, "judging/my_penalties.html", {"event": event, "penalties": penalties})


@event_permission_required(may_see_event)
def public_decklists(request: HttpRequest, event: Event) -> HttpResponse:
    """The top teams' decklists, once the event is over and the organizer has published them; 404 before."""
    teams = selectors.published_decklists(event=event)
    if not teams:
        raise Http404(_("The decklists of this event are not published."))
    return render(request, "judging/public_decklists.html", {"event": event, "teams": teams})
