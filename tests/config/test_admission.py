"""Requests take their turn, writes first; a request that waited too long is a 503 with Retry-After (issue 54,
config/admission.py). The turns are the event loop's own: these run the ASGI wrapper on an event loop with a small
ASGI application in place of Django."""

import asyncio
import json

from config.admission import Admission, admitted


def _run(coroutine):
    return asyncio.run(coroutine)


def test_a_free_turn_is_taken_at_once_and_given_back():
    async def go():
        admission = Admission(1)
        assert await admission.acquire(write=False, wait=0.01)
        assert not await admission.acquire(write=False, wait=0.01)  # the only turn is taken
        admission.release()
        assert await admission.acquire(write=False, wait=0.01)

    _run(go())


def test_a_waiting_write_goes_before_the_reads_that_came_first():
    async def go():
        admission = Admission(1)
        await admission.acquire(write=False, wait=1)
        order = []

        async def one(name, write):
            assert await admission.acquire(write=write, wait=5)
            order.append(name)
            admission.release()

        reads = [asyncio.create_task(one(f"read {i}", False)) for i in range(3)]
        await asyncio.sleep(0.01)
        write = asyncio.create_task(one("write", True))
        await asyncio.sleep(0.01)
        admission.release()
        await asyncio.gather(*reads, write)
        return order

    assert _run(go()) == ["write", "read 0", "read 1", "read 2"]


def test_a_request_that_gives_up_waiting_leaves_no_turn_behind():
    async def go():
        admission = Admission(1)
        await admission.acquire(write=False, wait=1)
        assert not await admission.acquire(write=True, wait=0.02)
        waiter = asyncio.create_task(admission.acquire(write=False, wait=5))
        await asyncio.sleep(0.01)
        waiter.cancel()  # the client went away while it waited
        await asyncio.gather(waiter, return_exceptions=True)
        assert admission.waiting == 0
        admission.release()
        assert admission.free == 1

    _run(go())


class _Slow:
    """An ASGI application answering 200 after `seconds`, or opening a live stream."""

    def __init__(self, seconds=0.0, content_type=b"text/html"):
        self.seconds, self.content_type, self.running, self.most = seconds, content_type, 0, 0

    async def __call__(self, scope, receive, send):
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await send(
                {"type": "http.response.start", "status": 200, "headers": [(b"content-type", self.content_type)]}
            )
            await asyncio.sleep(self.seconds)
            await send({"type": "http.response.body", "body": b"ok"})
        finally:
            self.running -= 1


async def _call(app, path="/", method="GET"):
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    await app({"type": "http", "path": path, "method": method, "headers": []}, receive, send)
    start = sent[0]
    headers = {name.decode(): value.decode() for name, value in start.get("headers", [])}
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], headers, body


def test_no_more_requests_run_at_once_than_the_slots(settings):
    settings.HYDRA_QUEUE_READ_SECONDS = 5

    async def go():
        inner = _Slow(0.02)
        app = admitted(inner, slots=2)
        answers = await asyncio.gather(*(_call(app) for _ in range(10)))
        return inner.most, [status for status, _headers, _body in answers]

    most, statuses = _run(go())
    assert most == 2 and statuses == [200] * 10


def test_a_read_that_waited_too_long_is_a_503_with_retry_after_and_the_apis_json(settings):
    settings.HYDRA_QUEUE_READ_SECONDS = 0.05
    settings.HYDRA_QUEUE_WRITE_SECONDS = 5
    settings.HYDRA_DATABASE_RETRY_AFTER = 7

    async def go():
        app = admitted(_Slow(0.3), slots=1)
        first = asyncio.create_task(_call(app))
        await asyncio.sleep(0.01)
        page, api, write = await asyncio.gather(
            _call(app, "/events/1/pairings/"), _call(app, "/api/v1/events/"), _call(app, "/matches/1/report/", "POST")
        )
        return await first, page, api, write

    first, page, api, write = _run(go())
    assert first[0] == 200
    assert page[0] == 503 and page[1]["retry-after"] == "7" and b"<h1>503</h1>" in page[2]
    assert api[0] == 503 and json.loads(api[2])["code"] == "unavailable" and api[1]["retry-after"] == "7"
    assert write[0] == 200  # the write waited longer, and had its turn


def test_static_files_health_checks_and_open_streams_take_no_turn(settings):
    settings.HYDRA_QUEUE_READ_SECONDS = 0.05

    async def go():
        stream = _Slow(0.3, content_type=b"text/event-stream")
        app = admitted(stream, slots=1)
        # a live stream holds its turn only until it opens: a page asked meanwhile is served
        opened = asyncio.create_task(_call(app, "/events/1/live/"))
        await asyncio.sleep(0.05)
        slow = admitted(_Slow(0.3), slots=1)
        busy = asyncio.create_task(_call(slow, "/"))
        await asyncio.sleep(0.01)
        exempt = await asyncio.gather(_call(slow, "/static/app.css"), _call(slow, "/health/live/"))
        during_stream = await _call(app, "/events/1/pairings/")
        return await opened, await busy, exempt, during_stream

    opened, busy, exempt, during_stream = _run(go())
    assert opened[0] == busy[0] == 200
    assert [status for status, _h, _b in exempt] == [200, 200]
    assert during_stream[0] == 200
