"""Polled public answers at the floor (issue 30): an anonymous GET of a public page or scoreboard that a view has
answered before is answered here, before the session, authentication, locale and view machinery run.

A view that renders an answer the same for every anonymous visitor of a public event (the portal's pairings,
standings and bracket pages, the API's public scoreboards) marks it with common.floor.floor_mark(). On its way out,
FloorMiddleware stores the marked answer in the shared cache (Redis) under what picks it: the path and query, the
language the visitor's request negotiates (Accept-Language, the language cookie: the Vary), the Accept and
HX-Request headers. The next anonymous visitor asking the same is answered from there, after one small query that
checks the event is still public and unchanged (Event.version and status, exactly what the views' ETags follow;
each process reads the answer and the check again at most every HYDRA_FLOOR_CHECK_SECONDS, 1 s):

- with If-None-Match naming the stored ETag: 304, no body;
- else the stored answer (a page with forms gets the visitor's own CSRF token, from their csrftoken cookie; a
  visitor without one goes on to the view, which sets it).

Anonymous means: no session cookie, no pending messages cookie, no Authorization header. Anything else (a signed-in
visitor, a token, a POST, an answer never stored, a changed event, a private one) goes on through the whole stack
as before, and a cache or database that fails here only sends the request on: the floor is an optimisation, never
a dependency (config/cache.py). Answers are kept for PAGE_SECONDS at most.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CSRF_SECRET_LENGTH, InvalidTokenFormat, _check_token_format, _mask_cipher_secret
from django.utils import translation

from common.floor import CSRF_PLACEHOLDER
from common.floor import MARK as _MARK
from common.http import etag_matches
from tournaments.models import Event
from tournaments.rights import may_see_event

PAGE_SECONDS = 300
# HYDRA_FLOOR_CHECK_SECONDS (settings): how long a process trusts what it last read (a stored answer, an event's version, status and visibility) before
# reading it again: HYDRA_FLOOR_CHECK_SECONDS, 1 s by default. Within it a poll costs no I/O at all; a change
# reaches the floor's answers at most this late (the pages poll every 10 s). 0 reads every time.
_RECENT_SIZE = 64
_recent: OrderedDict[str, tuple[float, object]] = OrderedDict()
_recent_lock = threading.Lock()
# Headers the stored answer keeps (what the stack added on the way out: security, framing, caching, language).
_DROPPED = {"set-cookie", "content-length", "date", "server"}


def _anonymous(request: HttpRequest) -> bool:
    cookies = request.COOKIES
    return (
        request.method == "GET"
        and settings.SESSION_COOKIE_NAME not in cookies
        and "messages" not in cookies
        and "HTTP_AUTHORIZATION" not in request.META
    )


def _language(request: HttpRequest) -> str:
    # What LocaleMiddleware will choose (Hydra's URLs carry no language prefix): the cookie, Accept-Language, the
    # default. The stored answer is checked against its Content-Language, so a difference could only miss.
    return translation.get_language_from_request(request, check_path=False)


def _key(request: HttpRequest, language: str) -> str:
    picked = "\n".join(
        [request.get_full_path(), language, request.headers.get("Accept", ""), request.headers.get("HX-Request", "")]
    )
    return "floor:" + hashlib.sha256(picked.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def _csrf_token(request: HttpRequest) -> str | None:
    """The visitor's own masked CSRF token, from their csrftoken cookie; None when they have none that is sound."""
    if settings.CSRF_USE_SESSIONS:
        return None
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    try:
        _check_token_format(secret)
    except InvalidTokenFormat:
        return None
    return _mask_cipher_secret(secret) if len(secret) == CSRF_SECRET_LENGTH else None


def floor_forget() -> None:
    """Drop what this process remembers (tests)."""
    with _recent_lock:
        _recent.clear()


def _remembered(key: str, load):
    """load(), or what it gave less than HYDRA_FLOOR_CHECK_SECONDS ago in this process (None is never kept)."""
    seconds = float(settings.HYDRA_FLOOR_CHECK_SECONDS)
    now = time.monotonic()
    if seconds > 0:
        with _recent_lock:
            kept = _recent.get(key)
            if kept is not None and kept[0] > now:
                return kept[1]
    value = load()
    if value is not None and seconds > 0:
        with _recent_lock:
            _recent[key] = (now + seconds, value)
            _recent.move_to_end(key)
            while len(_recent) > _RECENT_SIZE:
                _recent.popitem(last=False)
    return value


def _event_state(event_id: int) -> tuple[int, str, bool] | None:
    """(version, status, whether an anonymous visitor may see it: tournaments.rights) of the event; None if gone."""
    event = Event.objects.only("id", "version", "status", "is_public").filter(pk=event_id).first()
    return None if event is None else (event.version, event.status, may_see_event(AnonymousUser(), event))


def _unchanged(event_id: int, version: int, status: str) -> bool:
    """The event is still public (tournaments.rights, as an anonymous visitor), at this version and status."""
    state = _remembered(f"event:{event_id}", lambda: _event_state(event_id))
    return state is not None and state[2] and state[:2] == (version, status)


def _stored(key: str):
    """(the stored answer's entry, its body), or None: read together, so they belong to one answer."""
    found = cache.get_many([key, key + ":body"])
    meta, body = found.get(key), found.get(key + ":body")
    if meta is None or body is None or body[0] != meta[3]:
        return None
    return meta, body[1]


class FloorMiddleware:
    """Answers anonymous GETs of stored public answers before the session, auth and locale middleware (module
    docstring). Place it after WhiteNoise and before SessionMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        anonymous = _anonymous(request)
        key = None
        if anonymous:
            try:
                key = _key(request, _language(request))
                answered = self._answer(request, key)
            except Exception:  # noqa: BLE001 - the floor never costs an answer: the stack answers instead
                answered = None
            if answered is not None:
                return answered
        response = self.get_response(request)
        mark = getattr(response, _MARK, None)
        if mark is not None and key is not None:
            try:
                self._store(request, response, key, mark)
            except Exception:  # noqa: BLE001, S110 - not stored costs speed only
                pass
        return response

    def _answer(self, request: HttpRequest, key: str) -> HttpResponse | None:
        stored = _remembered(key, lambda: _stored(key))
        if stored is None:
            return None
        (event_id, version, status, etag, headers, has_placeholder), body = stored
        if not _unchanged(event_id, version, status):
            return None
        match = request.headers.get("If-None-Match", "")
        if match and etag_matches(etag, match):
            response = HttpResponseNotModified()
            for name, value in headers:
                if name.lower() not in ("content-type", "content-language", "x-hydra-cache"):
                    response[name] = value
            response["X-Hydra-Floor"] = "304"
            return response
        if has_placeholder:
            token = _csrf_token(request)
            if token is None:
                return None
            body = body.replace(CSRF_PLACEHOLDER.encode(), token.encode())
        response = HttpResponse(body)
        for name, value in headers:
            response[name] = value
        response["X-Hydra-Cache"] = "hit"  # from the shared cache, as the views' own hits say
        response["X-Hydra-Floor"] = "hit"
        return response

    def _store(self, request: HttpRequest, response: HttpResponse, key: str, mark) -> None:
        event_id, version, status, content = mark
        if (
            response.status_code != 200
            or response.cookies.get(settings.SESSION_COOKIE_NAME) is not None
            or getattr(request, "user", None) is None
            or request.user.is_authenticated
            or response.get("Content-Language") != _language(request)
            or response.streaming
        ):
            return

        body = content.encode(response.charset) if content is not None else response.content
        headers = [(name, value) for name, value in response.items() if name.lower() not in _DROPPED]
        meta = (
            event_id,
            version,
            status,
            response["ETag"],
            headers,
            content is not None and CSRF_PLACEHOLDER in content,
        )
        cache.set_many({key: meta, key + ":body": (response["ETag"], body)}, timeout=PAGE_SECONDS)
