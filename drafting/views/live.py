"""GET /draft/table/<pk>/events/ and /draft/pod/<pk>/events/: Server-Sent Events of a draft's versions (drafting.live).

An `event: version` with the table's new version each time it changes, a comment every 15 s to keep proxies from
closing the stream, and the end after 5 minutes (EventSource reconnects by itself). 204 when the server has no
Redis (the browser stops trying and the page keeps polling). Only the table's players and its organizers listen.
"""

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404

from drafting.core import POD, TABLE, DraftKind
from drafting.live import redis_url
from drafting.selectors.pods import thg_pod_team_of_user
from drafting.selectors.tables import draft_seat_of_user
from tournaments.rights import may_run_event

logger = logging.getLogger("drafting.live")
KEEPALIVE_SECONDS = 15.0
STREAM_SECONDS = 300.0


def _may_listen(request: HttpRequest, kind: DraftKind, pk: int) -> int:
    """The draft's version when the caller drafts there (a seat at the table, a seat in the pod) or runs its event;
    404 otherwise, as if the draft didn't exist (docs/permissions.md)."""
    if not request.user.is_authenticated:
        raise Http404
    draft = get_object_or_404(kind.model.objects.select_related("event"), pk=pk)
    seated = (
        draft_seat_of_user(table=draft, user=request.user)
        if kind is TABLE
        else thg_pod_team_of_user(pod=draft, user=request.user)
    )
    if seated is None and not may_run_event(request.user, draft.event):
        raise Http404
    return draft.version


RETRY_WHILE_DOWN_MS = 5000


async def live_stream(channel: str, version: int):
    """The events of one channel. Redis unreachable, or lost mid-stream, ends the stream with a longer `retry`:
    the page keeps polling meanwhile and EventSource comes back by itself once Redis is (never a 5xx)."""
    # lazy: the asyncio Redis client only for a live stream, which needs HYDRA_REDIS_URL set
    import redis.asyncio as aioredis
    from redis.exceptions import RedisError

    client = aioredis.Redis.from_url(redis_url(), socket_connect_timeout=1)
    pubsub = client.pubsub()
    try:
        try:
            await pubsub.subscribe(channel)
        except (RedisError, OSError) as exc:
            logger.warning("Live push unavailable (Redis unreachable: %s); the page polls", exc)
            yield f"retry: {RETRY_WHILE_DOWN_MS}\n\n"
            return
        yield f"retry: 1000\nevent: version\ndata: {version}\n\n"
        ends = time.monotonic() + STREAM_SECONDS
        idle_since = time.monotonic()
        while time.monotonic() < ends:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except (RedisError, OSError) as exc:
                logger.warning("Live push lost Redis (%s); the page polls until it reconnects", exc)
                yield f"retry: {RETRY_WHILE_DOWN_MS}\n\n"
                return
            if message and message.get("type") == "message":
                yield f"event: version\ndata: {message['data'].decode()}\n\n"
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since > KEEPALIVE_SECONDS:
                yield ": keep-alive\n\n"
                idle_since = time.monotonic()
            else:
                await asyncio.sleep(0)
    finally:
        try:
            await pubsub.aclose()
            await client.aclose()
        except (RedisError, OSError):  # closing what a dead Redis left behind
            pass


async def _events(request: HttpRequest, kind: DraftKind, pk: int) -> HttpResponse:
    if request.method != "GET":
        return HttpResponse(status=405, headers={"Allow": "GET"})
    version = await sync_to_async(_may_listen)(request, kind, pk)
    if not redis_url():
        return HttpResponse(status=204)
    response = StreamingHttpResponse(live_stream(kind.channel(pk), version), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def table_events(request: HttpRequest, pk: int) -> HttpResponse:
    """A Rochester table's stream: its players and its organizers listen."""
    return await _events(request, TABLE, pk)


async def pod_events(request: HttpRequest, pk: int) -> HttpResponse:
    """The same stream for a pod (Two-Headed Giant, booster draft): its drafters and its organizers listen."""
    return await _events(request, POD, pk)
