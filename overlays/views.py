"""Stream overlays: pages meant as OBS browser sources (transparent, no navigation), as public as the event they
show, refreshed by live push (overlays/live.py, Server-Sent Events) with a slow poll as the fallback.

GET /events/<id>/overlay/standings/ (?top=N), /overlay/clock/, /overlay/match/<match>/, /overlay/draft/<table>/;
?partial=1 answers the refreshed region only. GET /events/<id>/overlay/events/ is the push stream."""

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from common.params import plain_int
from drafting.live import redis_url
from drafting.views.live import live_stream
from overlays import selectors
from overlays.live import event_channel
from tournaments.doors import event_permission_required
from tournaments.models import Event
from tournaments.rights import may_see_event
from tournaments.selectors.events import event_for_viewer

POLL_SECONDS = 30  # the fallback when no push reaches the page (no Redis, a proxy that buffers streams)
TOP_DEFAULT, TOP_MAX = 16, 64


def _render(request: HttpRequest, event, kind: str, context: dict) -> HttpResponse:
    query = request.GET.copy()
    query["partial"] = "1"
    context = {
        "event": event,
        "kind": kind,
        "server_now": timezone.now().isoformat(),
        "poll_seconds": POLL_SECONDS,
        "events_url": reverse("overlays:events", args=[event.pk]),
        "refresh_url": f"{request.path}?{query.urlencode()}",
        "part": f"overlays/_{kind}.html",
        **context,
    }
    template = f"overlays/_{kind}.html" if request.GET.get("partial") == "1" else "overlays/overlay.html"
    response = render(request, template, context)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
@event_permission_required(may_see_event)
def overlay_standings(request: HttpRequest, event: Event) -> HttpResponse:
    top = plain_int(request.GET.get("top", ""), max_digits=3) or TOP_DEFAULT
    rows = selectors.overlay_standings(event=event, top=min(top, TOP_MAX))
    return _render(request, event, "standings", {"rows": rows, "top": min(top, TOP_MAX)})


@require_GET
@event_permission_required(may_see_event)
def overlay_clock(request: HttpRequest, event: Event) -> HttpResponse:
    return _render(request, event, "clock", selectors.overlay_clock(event=event))


@require_GET
@event_permission_required(may_see_event)
def overlay_match(request: HttpRequest, event: Event, match_id: int) -> HttpResponse:
    feature = selectors.overlay_match(event=event, match_id=match_id)
    if feature is None:
        raise Http404("No such match in this event.")
    return _render(request, event, "match", {"feature": feature, "target": match_id})


@require_GET
@event_permission_required(may_see_event)
def overlay_draft(request: HttpRequest, event: Event, table_id: int) -> HttpResponse:
    state = selectors.overlay_draft(event=event, table_id=table_id)
    if state is None:
        raise Http404("No such draft table in this event.")
    return _render(request, event, "draft", {"state": state, "target": table_id})


async def overlay_events(request: HttpRequest, pk: int) -> HttpResponse:
    """Server-Sent Events: `event: version` each time something an overlay of the event shows changes; 204 when
    this server has no Redis (the overlay keeps polling). As public as the event."""
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    event = await sync_to_async(event_for_viewer)(pk=pk, user=await request.auser())
    if not redis_url():
        return HttpResponse(status=204)
    response = StreamingHttpResponse(
        live_stream(event_channel(event.pk), event.version), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response
