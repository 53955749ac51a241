"""GET /draft/table/<pk>/events/: Server-Sent Events of a draft table's versions (drafting.live).

An `event: version` with the table's new version each time it changes, a comment every 15 s to keep proxies from
closing the stream, and the end after 5 minutes (EventSource reconnects by itself). 204 when the server has no
Redis (the browser stops trying and the page keeps polling). Only the table's players and its organizers listen.
"""
import asyncio
import time

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404

from drafting.live import channel_for, pod_channel_for, redis_url
from drafting.models import DraftTable, Pod
from drafting.selectors import draft_seat_of_user, draft_user_runs_event

KEEPALIVE_SECONDS = 15.0
STREAM_SECONDS = 300.0


def _may_listen(request: HttpRequest, pk: int) -> int:
    if not request.user.is_authenticated:
        raise PermissionDenied
    table = get_object_or_404(DraftTable.objects.select_related("event"), pk=pk)
    if draft_seat_of_user(table=table, user=request.user) is None and not draft_user_runs_event(
        user=request.user, event=table.event
    ):
        raise PermissionDenied
    return table.version


async def _stream(channel: str, version: int):
    import redis.asyncio as aioredis

    client = aioredis.Redis.from_url(redis_url())
    pubsub = client.pubsub()
    try:
        await pubsub.subscribe(channel)
        yield f"retry: 1000\nevent: version\ndata: {version}\n\n"
        ends = time.monotonic() + STREAM_SECONDS
        idle_since = time.monotonic()
        while time.monotonic() < ends:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message and message.get("type") == "message":
                yield f"event: version\ndata: {message['data'].decode()}\n\n"
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since > KEEPALIVE_SECONDS:
                yield ": keep-alive\n\n"
                idle_since = time.monotonic()
            else:
                await asyncio.sleep(0)
    finally:
        await pubsub.aclose()
        await client.aclose()


async def table_events(request: HttpRequest, pk: int) -> HttpResponse:
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    version = await sync_to_async(_may_listen)(request, pk)
    if not redis_url():
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_stream(channel_for(pk), version), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _may_listen_pod(request: HttpRequest, pk: int) -> int:
    from drafting.selectors_pods import thg_pod_team_of_user

    if not request.user.is_authenticated:
        raise PermissionDenied
    pod = get_object_or_404(Pod.objects.select_related("event"), pk=pk)
    if thg_pod_team_of_user(pod=pod, user=request.user) is None and not draft_user_runs_event(
        user=request.user, event=pod.event
    ):
        raise PermissionDenied
    return pod.version


async def pod_events(request: HttpRequest, pk: int) -> HttpResponse:
    """The same stream for a Two-Headed Giant pod: its teams and its organizers listen."""
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    version = await sync_to_async(_may_listen_pod)(request, pk)
    if not redis_url():
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_stream(pod_channel_for(pk), version), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response
