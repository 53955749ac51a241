"""A person's own answers about seats organizers gave them (docs/permissions.md, "Accounts belong to their people"):
the seat invitations they accept or decline, and the claim link that merges a placeholder into their account.
Thin doors: tournaments.rights decides, tournaments.services.invitations and .players write."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.refusals import Conflict, NotFound
from tournaments.models import SeatInvitation
from tournaments.rights import may_answer_invitation, may_merge_placeholder
from tournaments.selectors.placeholders import claim_from_link, placeholder_awaits_answer
from tournaments.services.invitations import seat_invitation_accept, seat_invitation_decline
from tournaments.services.players import CLAIM_WAITS, placeholder_merge


@login_required
@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, pk: int) -> HttpResponse:
    """One seat invitation, for the invited person only (anyone else: 404): accept (their own player takes the
    seat) or decline."""
    found = SeatInvitation.objects.select_related("event", "placeholder").filter(pk=pk).first()
    if found is None or not may_answer_invitation(request.user, found):
        raise Http404(_("No such invitation."))
    if request.method == "POST" and found.answered_at is None:
        try:
            if request.POST.get("answer") == "accept":
                seat_invitation_accept(invitation=found, user=request.user)
                messages.success(request, _("You hold your seat in %(event)s now.") % {"event": found.event.name})
                return redirect("portal:event", pk=found.event_id)
            seat_invitation_decline(invitation=found, user=request.user)
            messages.info(request, _("Invitation declined."))
            return redirect("portal:home")
        except NotFound as exc:
            raise Http404(str(exc)) from exc
        except Conflict as exc:
            messages.error(request, " ".join(exc.messages))
    return render(request, "portal/invitation.html", {"invitation": found})


@require_http_methods(["GET", "POST"])
def claim(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """A claim link the organizer handed out. Signed out: on to choosing the placeholder's password (the password
    reset's own page). Signed in: merge the placeholder into one's own account (asked once, then done); a link that
    isn't valid (any more) is no page (404); a placeholder whose seat waits for an invited person's answer is not
    claimed either way (409, the page says why)."""
    found = claim_from_link(uidb64=uidb64, token=token)
    if found is not None and found.is_valid and placeholder_awaits_answer(found.player):
        # Its seat waits for an invited person's answer: not taken by a link, signed in or out (409).
        return render(request, "portal/claim.html", {"placeholder": found.player, "waits": CLAIM_WAITS}, status=409)
    if not request.user.is_authenticated:
        return redirect("password_reset_confirm", uidb64=uidb64, token=token)
    if found is None or not may_merge_placeholder(request.user, found):
        raise Http404(_("This claim link is not valid (any more): ask the organizer for a new one."))
    if request.method == "POST":
        try:
            placeholder_merge(claim=found, user=request.user)
        except NotFound as exc:
            raise Http404(str(exc)) from exc
        except Conflict as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("%(name)s's seats are yours now.") % {"name": found.player.name})
            return redirect("portal:home")
    # The link proves the seats, not the right to see their events: the page counts them and names none.
    return render(request, "portal/claim.html", {"placeholder": found.player, "seats": found.player.seats.count()})
