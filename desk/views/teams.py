"""Adding or editing a team (or player) at the desk, with its pairing constraints."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.params import plain_int
from tournaments.doors import event_permission_required
from tournaments.models import Event, Registration
from tournaments.rights import may_run_event
from tournaments.selectors.pairings import avoided_pairings_for_event
from tournaments.selectors.placeholders import invited_seats
from tournaments.services.constraints import (
    avoided_pairing_add,
    avoided_pairing_remove,
    registration_set_byes,
    registration_set_fixed_table,
)
from tournaments.services.registrations import SeatEntry, registration_register, registration_update
from desk.views._common import back_to_desk


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
            return back_to_desk(event)
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
