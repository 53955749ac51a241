"""The portal's home (docs/portal.md): a signed-in player's events (team, seat, table, opponents, record,
invitations), polling while one is live; the event list for everyone else."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from common.conditional import not_modified, page_etag
from common.polls import poll_scope, polled
from drafting.selectors.tables import draft_tables_for_user
from portal import selectors
from tournaments.polltokens import drafts_token, event_token, user_token
from tournaments.selectors.placeholders import invitations_pending_for
from portal.views._common import is_partial, live_render


@polled
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Signed in: my events. Otherwise: the public events. A signed-in poll is answered 304 while none of the
    person's events, seats, invitations or draft tables changed (common/polls.py)."""
    if not request.user.is_authenticated:
        return events(request)
    poll_scope(request, user_token(request.user.pk))  # first: a new seat renews it, so the list below is current
    event_ids = selectors.my_event_ids(user=request.user)
    poll_scope(request, *(event_token(e) for e in event_ids), *(drafts_token(e) for e in event_ids))
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
