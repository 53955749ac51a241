"""Conditional requests for scoreboards: an ETag from Event.version, checked before any expensive work.

Every change to pairings or results bumps Event.version (tournaments.services.results), so the version plus the
endpoint and its query string name one response body exactly. A coverage screen that polls with If-None-Match
gets 304, with no body and after one query (the event's row), until something changes.
"""

import hashlib
import threading
import time
from collections import OrderedDict
from urllib.parse import urlencode

from django.core.cache import cache
from django.utils.translation import get_language
from rest_framework import status
from rest_framework.response import Response

from common.http import etag_matches
from tournaments.models import Event

# Bump when the shape of a scoreboard response changes, so clients don't keep a body of the old shape.
_SHAPE = "1"


def scoreboard_etag(*, request, event: Event) -> str:
    """The ETag of this request's scoreboard response: the event's version, the path and the sorted query."""
    query = urlencode(sorted(request.query_params.lists()), doseq=True)
    digest = hashlib.sha256(f"{_SHAPE}|{request.path}|{query}".encode()).hexdigest()[:16]
    return f'"v{event.version}-{digest}"'


def not_modified(*, request, event: Event, is_public: bool) -> tuple[str, Response | None]:
    """(etag, a 304 response when the client's If-None-Match already holds it, else None)."""
    etag = scoreboard_etag(request=request, event=event)
    header = request.headers.get("If-None-Match", "")
    if header and etag_matches(etag, header):
        return etag, with_validators(Response(status=status.HTTP_304_NOT_MODIFIED), etag=etag, is_public=is_public)
    return etag, None


def with_validators(response: Response, *, etag: str, is_public: bool) -> Response:
    """Set the ETag and tell caches to revalidate every time (and to keep non-public scoreboards private)."""
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache" if is_public else "private, no-cache"
    return response


SHARED_BODY_SECONDS = 300


def shared_body(*, etag: str, build) -> Response:
    """A public scoreboard's body, computed once per ETag (version, path, query) for every web process: the shared
    cache (Redis in production) holds it, so hundreds of polling screens cost one computation per change."""
    key = f"api:scoreboard:{etag.strip(chr(34))}:{get_language()}"
    try:
        data = cache.get(key)
    except Exception:  # a cache that is down costs speed, never the answer
        data = None
    if data is not None:
        response = Response(data)
        response["X-Hydra-Cache"] = "hit"
        return response
    response = build()
    if response.status_code == 200:
        try:
            cache.set(key, response.data, timeout=SHARED_BODY_SECONDS)
        except Exception:
            pass
    response["X-Hydra-Cache"] = "miss"
    return response


# --- Tables fixed by a version ------------------------------------------------------------------------------------
# A large event's standings (2,048 rows) take tens of milliseconds to compute, and every page, team filter and
# language of them asks for the same table. Keyed by what fixes it (the event's id and version, the round), the
# table is computed once per version and process and kept in the process's memory (the last few tables). Not in
# the shared cache: handing a table of thousands of rows to Redis and back costs about as much as computing it.
# The answers made from it are shared (shared_body). The standings' table of the event's newest version is also
# computed ahead, right after each change, by a worker into the shared cache (api.tasks.standings_ahead), so the
# first answer after a change reads it instead of computing it.
VERSIONED_SECONDS = 300
_LOCAL_TABLES = 8
_local: OrderedDict[str, tuple[float, object]] = OrderedDict()
_local_lock = threading.Lock()
_generation = [0]  # of the shared keys: only versioned_values_forget (tests) changes it


def versioned_values_forget() -> None:
    """Drop what this process keeps (tests, whose rolled-back databases hand out the same ids and versions again)."""
    with _local_lock:
        _local.clear()
        _generation[0] += 1  # and what this process put in the shared cache is no longer read


def _shared_key(key: str) -> str:
    return f"api:versioned:{_generation[0]}:{key}"


def _shared_get(key: str):
    try:
        return cache.get(_shared_key(key))
    except Exception:  # a cache that is down costs speed, never the answer
        return None


def _shared_set(key: str, value) -> None:
    try:
        cache.set(_shared_key(key), value, timeout=VERSIONED_SECONDS)
    except Exception:
        pass


def versioned_value(*, key: str, build, shared: bool = False):
    """The value `key` names, from this process's memory, else `build()` (then kept for VERSIONED_SECONDS). `key`
    must name everything the value depends on (an event's version among them), so a kept value is never stale.
    Callers must treat the value as read-only: threads share it.

    `shared`: also look in the shared cache before building (and put what is built there), where a worker may have
    computed it ahead of the first request (versioned_value_ahead)."""
    now = time.monotonic()
    with _local_lock:
        kept = _local.get(key)
        if kept is not None and kept[0] > now:
            _local.move_to_end(key)
            return kept[1]
    value = _shared_get(key) if shared else None
    if value is None:
        value = build()
        if shared:
            _shared_set(key, value)
    _keep(key, value, now=now)
    return value


def versioned_value_ahead(*, key: str, build) -> bool:
    """Compute the value `key` names into the shared cache before anyone asks (a worker, right after a change),
    unless it is there already. True when it was computed here."""
    if _shared_get(key) is not None:
        return False
    _shared_set(key, build())
    return True


def versioned_value_shared(*, key: str) -> bool:
    """Whether the shared cache holds the value `key` names (benchmarks wait for the worker with it)."""
    return _shared_get(key) is not None


def _keep(key: str, value, *, now: float) -> None:
    with _local_lock:
        # Kept no longer than the shared answers, so a database restored to an older version is never answered
        # for long.
        _local[key] = (now + VERSIONED_SECONDS, value)
        while len(_local) > _LOCAL_TABLES:
            _local.popitem(last=False)
