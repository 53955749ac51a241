"""Requests take their turn, writes first (issue 54): each web process runs at most HYDRA_WEB_SLOTS requests at
once (config/sizing.py: as many as its pool has database connections), and the others wait on the event loop, where
waiting costs nothing, instead of in threads of their own that each wait up to DATABASE_POOL_TIMEOUT for a
connection and fail with psycopg_pool's PoolTimeout. A write (any method but GET, HEAD and OPTIONS: a report, a
confirmation, a check-in, a pick) goes before every waiting read. A read that waited HYDRA_QUEUE_READ_SECONDS, a
write HYDRA_QUEUE_WRITE_SECONDS, is answered 503 with Retry-After (the same answer as a database that can't answer,
common/unavailable.py), never run: the server really is full, and the phone tries again when told.

A request holds its slot until its answer starts, so a live stream (Server-Sent Events) gives it back when the
stream opens. Static files and the health checks don't take a turn (they use no database connection, and a
load balancer must hear from a busy node). docs/deploy.md, "Sizing"."""

from __future__ import annotations

import asyncio
from collections import deque

from django.conf import settings

from config.errors import unavailable_body

EXEMPT_PREFIXES = ("/static/", "/health/")
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Admission:
    """`slots` turns, handed to waiting writes before waiting reads, each in the order they came. One per process,
    used from its event loop only (no lock needed)."""

    def __init__(self, slots: int):
        self.free = slots
        self.writes: deque[asyncio.Future] = deque()
        self.reads: deque[asyncio.Future] = deque()

    @property
    def waiting(self) -> int:
        return len(self.writes) + len(self.reads)

    async def acquire(self, *, write: bool, wait: float) -> bool:
        """Take a turn: True once it is this request's, False after `wait` seconds without one."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return True
        queue = self.writes if write else self.reads
        turn = asyncio.get_running_loop().create_future()
        queue.append(turn)
        try:
            await asyncio.wait_for(asyncio.shield(turn), timeout=wait)
        except TimeoutError:
            pass
        except BaseException:  # the client went away while it waited: its turn, if it came, passes on
            if turn.done() and not turn.cancelled():
                self.release()
            else:
                self._forget(queue, turn)
            raise
        if turn.done() and not turn.cancelled():
            return True
        self._forget(queue, turn)
        return False

    @staticmethod
    def _forget(queue: deque, turn: asyncio.Future) -> None:
        try:
            queue.remove(turn)
        except ValueError:
            pass
        turn.cancel()

    def release(self) -> None:
        """Give the turn to the first waiting write, else the first waiting read, else free it."""
        for queue in (self.writes, self.reads):
            while queue:
                turn = queue.popleft()
                if not turn.done():
                    turn.set_result(None)
                    return
        self.free += 1


async def _busy(scope, send) -> None:
    content_type, body = unavailable_body(scope.get("path", ""))
    headers = [
        (b"content-type", content_type.encode()),
        (b"retry-after", str(settings.HYDRA_DATABASE_RETRY_AFTER).encode()),
        (b"cache-control", b"no-store"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def admitted(app, *, slots: int | None = None):
    """`app` (an ASGI application) behind the turns of one Admission; slots from HYDRA_WEB_SLOTS by default."""
    admission = Admission(slots or settings.HYDRA_WEB_SLOTS)

    async def application(scope, receive, send):
        if scope["type"] != "http" or scope.get("path", "").startswith(EXEMPT_PREFIXES):
            await app(scope, receive, send)
            return
        write = scope.get("method", "GET") not in READ_METHODS
        wait = settings.HYDRA_QUEUE_WRITE_SECONDS if write else settings.HYDRA_QUEUE_READ_SECONDS
        if not await admission.acquire(write=write, wait=wait):
            await _busy(scope, send)
            return
        held = True

        def give_back() -> None:
            nonlocal held
            if held:
                held = False
                admission.release()

        async def sending(message):
            await send(message)
            if message["type"] == "http.response.start" and _streams(message):
                give_back()  # a live stream: its turn ends as it opens

        try:
            await app(scope, receive, sending)
        finally:
            give_back()

    application.admission = admission  # type: ignore[attr-defined]
    return application


def _streams(message) -> bool:
    return any(
        name.lower() == b"content-type" and value.startswith(b"text/event-stream")
        for name, value in message.get("headers", [])
    )
