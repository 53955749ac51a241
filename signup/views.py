"""Sign-up pages (docs/registration.md). Thin: each calls a selector or a service and renders.

- An event's sign-up page: places, the waitlist, the viewer's own team, a form to form a team.
- A team's page, for its members and the organizer only (anyone else gets 404): seats, and for the captain the
  invitation links (hidden from the others: a link is a seat).
- An invitation link: who invites, to which seat; accept when signed in.
- The organizer's page: approve or refuse teams, move the waitlist up.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.params import plain_int
from signup import selectors, services
from signup.forms import InviteEmailForm, TeamForm
from signup.models import SignupStatus, TeamSignup
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event, may_see_event
from tournaments.wording import entrant_sentence


def _player(request):
    return getattr(request.user, "player", None) if request.user.is_authenticated else None


def _event_context(request, event) -> dict:
    return {"event": event, "tab": "signup", "runs_event": may_run_event(request.user, event)}


@require_http_methods(["GET", "POST"])
@event_permission_required(may_see_event)
def event_signup(request: HttpRequest, event: Event) -> HttpResponse:
    """An event's sign-up page; POST forms a team with the viewer as its captain."""
    player = _player(request)
    form = TeamForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if player is None:
            return redirect(f"{reverse('login')}?next={request.path}")
        if event.is_individual:
            return _signup_alone(request, event=event, player=player)
        if form.is_valid():
            try:
                signup = services.signup_create(event=event, captain=player, name=form.cleaned_data["name"])
            except ValidationError as exc:
                for message in exc.messages:
                    form.add_error("name" if hasattr(exc, "error_dict") and "name" in exc.error_dict else None, message)
                status = 400
            else:
                messages.success(
                    request,
                    _("%(team)s is formed and you hold seat A. Send each teammate their invitation link.")
                    % {"team": signup.name},
                )
                return redirect("signup:team", signup.pk)
        else:
            status = 400
    context = _event_context(request, event)
    context.update(
        {
            "form": form,
            "board": selectors.signup_board(event=event),
            "closed_reason": services.signup_closed_reason(event=event),
            "mine": selectors.signup_of_player(event=event, player=player),
            "places_taken": services.places_taken(event=event),
        }
    )
    return render(request, "signup/event.html", context, status=status)


def _signup_alone(request, *, event, player) -> HttpResponse:
    """A player signs up for an individual event: no team to name, nobody to invite."""
    try:
        signup = services.signup_player(event=event, player=player)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("signup:event", event.pk)
    messages.success(request, services.signup_player_done(signup=signup))
    return redirect("signup:event", event.pk)


def _team_for_viewer(request, pk: int) -> tuple[TeamSignup, bool, bool]:
    """(sign-up, viewer is captain, viewer runs the event); Http404 for anyone not on the team nor running it."""
    signup = get_object_or_404(TeamSignup.objects.select_related("event", "captain"), pk=pk)
    player = _player(request)
    is_captain = player is not None and signup.captain_id == player.pk
    runs = may_run_event(request.user, signup.event)
    member = player is not None and signup.seats.filter(player=player).exists()
    if not (member or runs):
        raise Http404("No such team.")
    return signup, is_captain, runs


@login_required
def team_page(request: HttpRequest, pk: int) -> HttpResponse:
    signup, is_captain, runs = _team_for_viewer(request, pk)
    return _render_team(request, signup, is_captain=is_captain, runs=runs)


def _render_team(request, signup, *, is_captain, runs, email_form=None, status=200) -> HttpResponse:
    seats = {s.letter: s for s in signup.seats.select_related("player")}
    invitations = (
        {i.letter: i for i in signup.invitations.filter(accepted_at__isnull=True)} if (is_captain or runs) else {}
    )
    rows = [
        {
            "letter": letter,
            "seat": seats.get(letter),
            "invitation": invitations.get(letter),
            "link": request.build_absolute_uri(reverse("signup:join", args=[invitations[letter].token]))
            if letter in invitations
            else "",
        }
        for letter in signup.event.seat_letters
    ]
    context = _event_context(request, signup.event)
    context.update(
        {
            "signup": signup,
            "rows": rows,
            "is_captain": is_captain,
            "runs": runs,
            "email_form": email_form or InviteEmailForm(),
            "forming": signup.status == SignupStatus.FORMING,
            "closed_reason": services.signup_closed_reason(event=signup.event),
            "me": _player(request),
        }
    )
    return render(request, "signup/team.html", context, status=status)


def _open_invitation_for_inviter(request, pk: int, letter: str):
    """The team, the viewer's standing in it and the seat's open invitation, for the captain or the organizer;
    404 for anyone else and for a seat with no open invitation."""
    signup, is_captain, runs = _team_for_viewer(request, pk)
    if not (is_captain or runs):
        raise Http404("No such team.")
    invitation = signup.invitations.filter(letter=letter, accepted_at__isnull=True).first()
    if invitation is None:
        raise Http404("No such seat.")
    return signup, is_captain, runs, invitation


@login_required
@require_POST
def invitation_email(request: HttpRequest, pk: int, letter: str) -> HttpResponse:
    signup, is_captain, runs, invitation = _open_invitation_for_inviter(request, pk, letter)
    form = InviteEmailForm(request.POST)
    if form.is_valid():
        link = request.build_absolute_uri(reverse("signup:join", args=[invitation.token]))
        try:
            services.invitation_send(
                invitation=invitation, email=form.cleaned_data["email"], link=link, user=request.user
            )
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            messages.success(
                request,
                _("The invitation for seat %(seat)s is on its way to %(email)s.")
                % {"seat": letter, "email": form.cleaned_data["email"]},
            )
            return redirect("signup:team", signup.pk)
    return _render_team(request, signup, is_captain=is_captain, runs=runs, email_form=form, status=400)


@login_required
@require_POST
def invitation_renew(request: HttpRequest, pk: int, letter: str) -> HttpResponse:
    signup, _is_captain, _runs, invitation = _open_invitation_for_inviter(request, pk, letter)
    try:
        services.invitation_renew(invitation=invitation, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Seat %(seat)s has a new link; the old one no longer works.") % {"seat": letter})
    return redirect("signup:team", signup.pk)


@login_required
@require_POST
def team_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    signup, is_captain, runs = _team_for_viewer(request, pk)
    if not (is_captain or runs):
        raise Http404("No such team.")
    try:
        moved = services.signup_withdraw(signup=signup, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("signup:team", signup.pk)
    messages.success(
        request, _("%(team)s has withdrawn from %(event)s.") % {"team": signup.name, "event": signup.event.name}
    )
    for other in moved:
        messages.info(request, _("%(team)s moved up from the waitlist.") % {"team": other.name})
    return redirect("signup:event", signup.event_id)


@login_required
@require_POST
def team_leave(request: HttpRequest, pk: int) -> HttpResponse:
    signup, _is_captain, _runs = _team_for_viewer(request, pk)
    player = _player(request)
    if player is None or not signup.seats.filter(player=player).exists():
        raise Http404("You aren't on this team.")  # an organizer who runs the event has no seat to leave
    try:
        services.signup_leave(signup=signup, player=player)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("signup:team", signup.pk)
    messages.success(request, _("You have left %(team)s.") % {"team": signup.name})
    return redirect("signup:event", signup.event_id)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: what it offers, and (signed in) the button that takes the seat."""
    invitation = selectors.invitation_by_token(token=token)
    player = _player(request)
    if invitation is None:
        return render(
            request,
            "signup/join.html",
            {"problem": services.invitation_problem(invitation=None, player=None)},
            status=404,
        )
    if request.method == "POST":
        if player is None:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            signup = services.invitation_accept(token=token, player=player)
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
            return redirect("signup:join", token)
        messages.success(
            request, _("You hold seat %(seat)s of %(team)s.") % {"seat": invitation.letter, "team": signup.name}
        )
        return redirect("signup:team", signup.pk)
    problem = services.invitation_problem(invitation=invitation, player=player)
    if player is None and request.user.is_authenticated:
        problem = _("Your account has no player profile: ask the organizer to add one.")
    context = {
        "invitation": invitation,
        "signup": invitation.signup,
        "event": invitation.signup.event,
        "problem": problem,
        "player": player,
        "next": request.path,
    }
    return render(request, "signup/join.html", context, status=409 if problem and player else 200)


@login_required
@require_http_methods(["GET", "POST"])
@event_permission_required(may_run_event)
def manage(request: HttpRequest, event: Event) -> HttpResponse:
    """The organizer's sign-up page: approve or refuse complete teams, move the waitlist up."""
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "move_up":
                moved = services.waitlist_move_up(event=event, user=request.user)
                messages.success(request, entrant_sentence(event=event, key="moved_up_message", n=len(moved)))
            else:
                signup = get_object_or_404(TeamSignup, pk=plain_int(request.POST.get("signup")) or 0, event=event)
                if action == "approve":
                    signup = services.signup_approve(signup=signup, user=request.user)
                    messages.success(
                        request,
                        _("%(team)s approved: %(status)s.")
                        % {"team": signup.name, "status": signup.get_status_display()},
                    )
                elif action == "refuse":
                    services.signup_refuse(signup=signup, user=request.user)
                    messages.success(request, _("%(team)s refused.") % {"team": signup.name})
                elif action == "withdraw":
                    for other in services.signup_withdraw(signup=signup, user=request.user):
                        messages.info(request, _("%(team)s moved up from the waitlist.") % {"team": other.name})
                    messages.success(
                        request,
                        _("%(team)s has withdrawn from %(event)s.") % {"team": signup.name, "event": event.name},
                    )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return redirect("signup:manage", event.pk)
    context = _event_context(request, event)
    context.update({"board": selectors.signup_board(event=event), "places_taken": services.places_taken(event=event)})
    return render(request, "signup/manage.html", context)
