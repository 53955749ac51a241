"""A match, for the members of its two teams only (anyone else gets 404): its page, and reporting, confirming or
disputing its result."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.conditional import poll_seconds
from common.polls import poll_scope, polled
from drafting.models import DraftStatus
from drafting.selectors.tables import draft_table_for_match
from portal import selectors
from portal.forms import DisputeForm, report_form_for
from tournaments.enums import ResultState
from tournaments.polltokens import drafts_token, event_wide_token, match_event_id, match_token
from tournaments.services.results import (
    NotYourMatch,
    team_match_confirm,
    team_match_correct_report,
    team_match_dispute,
    team_match_report,
)
from tournaments.wording import entrant_sentence


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


@polled
@login_required
@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The match for its players; a poll is answered 304 while nothing it shows changed (common/polls.py): its own
    result, the rest of the event but other matches' results (the round, clock, announcements), its draft."""
    event_id = match_event_id(match_id=pk)
    if event_id is not None:
        poll_scope(request, event_wide_token(event_id), match_token(pk), drafts_token(event_id))
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
