"""The claim sheet: each unused placeholder's claim link and QR code, printed or e-mailed."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from desk import selectors
from desk.services.claims import event_claim_links_send
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_run_event
from desk.views._common import qr_svg


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
