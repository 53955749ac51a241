"""The portal's home (docs/portal.md): a signed-in player's events (team, seat, table, opponents, record,
invitations), polling while one is live; the event list for everyone else."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from common.conditional import not_modified, page_etag
from drafting.selectors.tables import draft_tables_for_user
from portal import selectors
from tournaments.selectors.placeholders import invitations_pending_for
from portal.views._common import is_partial, live_render


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Signed in: my events. Otherwise: the public events."""
    if not request.user.is_authenticated:
        return events(request)
    invitations = list(invitations_pending_for(user=request.user))
    etag = page_etag(
        request,
        selectors.my_events_versions(user=request.user),
        _draft_versions(user=request.user),
        ",".join(str(i.pk) for i in invitations),
    )
    if is_partial(request) and (cached := not_modified(request, etag)):
        return cached
    entries = selectors.my_events(user=request.user)
    return live_render(
        request,
        "portal/my_events.html",
        {"entries": entries, "live": any(e.is_live for e in entries), "invitations": invitations},
        etag=etag,
    )


def _draft_versions(*, user) -> str:
    return ",".join(f"{pk}:{version}" for pk, version in draft_tables_for_user(user=user).values_list("pk", "version"))


@require_GET
def events(request: HttpRequest) -> HttpResponse:
    return render(request, "portal/events.html", {"events": selectors.events_visible_to(user=request.user)})
