"""Check-in at the desk: a team ticked in or out, dropped or reinstated, everyone checked in at once, the deadline
and round length, the no-shows dropped."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.params import plain_int
from fees.enums import PaymentStatus
from fees.services import registration_payment_mark
from tournaments.doors import event_for_door
from tournaments.models import Registration
from tournaments.rights import may_score_event
from tournaments.services.checkin import (
    event_check_in_all,
    event_check_in_all_undo,
    event_drop_no_shows,
    event_set_check_in_deadline,
    registration_check_in,
    registration_check_out,
)
from tournaments.services.clock import MAX_ROUND_MINUTES, MIN_ROUND_MINUTES, event_set_round_minutes
from tournaments.services.registrations import registration_drop, registration_reinstate
from tournaments.wording import entrant_sentence
from desk.views._common import back_to_desk, refused


@login_required
@require_POST
def desk_team(request: HttpRequest, pk: int) -> HttpResponse:
    """Tick a team in or out, mark its entry fee paid (or not; "check_in_paid" does both at once), or drop or
    reinstate it (registration_drop / registration_reinstate)."""
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
        elif action in ("paid", "unpaid", "check_in_paid"):
            # The entry fee beside check-in (issue 56): one tap checks the player in and takes the fee.
            with transaction.atomic():
                if action == "check_in_paid":
                    registration_check_in(registration=registration, by=request.user, at_desk=True)
                status = PaymentStatus.UNPAID if action == "unpaid" else PaymentStatus.PAID
                registration_payment_mark(registration=registration, status=status, by=request.user)
        elif action == "reinstate":
            registration_reinstate(registration=registration, user=request.user)
            messages.success(request, _("%(team)s is back in the event.") % {"team": registration.team.name})
        else:
            raise ValidationError(_("Unknown action."))
    except ValidationError as exc:
        return refused(request, event, exc)
    return back_to_desk(event)


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
        return refused(request, event, exc)
    return back_to_desk(event)


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
            return back_to_desk(event)
    # Both fields are read before either is saved: a refused length keeps the deadline unchanged too.
    typed_minutes = request.POST.get("round_minutes", "").strip()
    minutes = plain_int(typed_minutes, max_digits=3) if typed_minutes else None
    if typed_minutes and (minutes is None or not MIN_ROUND_MINUTES <= minutes <= MAX_ROUND_MINUTES):
        messages.error(
            request,
            _("Minutes per round: give whole minutes from %(min)d to %(max)d; nothing was saved.")
            % {"min": MIN_ROUND_MINUTES, "max": MAX_ROUND_MINUTES},
        )
        return back_to_desk(event)
    try:
        with transaction.atomic():
            event_set_check_in_deadline(event=event, deadline=deadline)
            if minutes is not None:
                event_set_round_minutes(event=event, minutes=minutes, by=request.user)
    except ValidationError as exc:
        return refused(request, event, exc)
    messages.success(request, _("Saved."))
    return back_to_desk(event)


@login_required
@require_POST
def desk_no_shows(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for_door(pk=pk, user=request.user, right=may_score_event)
    try:
        dropped = event_drop_no_shows(event=event, by=request.user)
    except ValidationError as exc:
        return refused(request, event, exc)
    messages.success(request, entrant_sentence(event=event, key="no_shows_dropped_message", n=len(dropped)))
    return back_to_desk(event)
