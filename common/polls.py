"""A poll that costs nearly nothing (issue 54): what a signed-in phone watches on event day (its match, My events,
the pairings and standings, its pod) answers a poll 304 from the shared cache alone when nothing it shows changed:
no rendering and no database query.

Tokens. What a page shows is named by tokens, short strings such as "event:12" (anything of event 12 changed),
"event-wide:12" (anything of it but a single match's result), "match:345", "draft:6", "user:7" (the person's own
registrations and invitations). Each name has a random value in the cache; `poll_tokens_renew` gives the named ones
a new value once the writing transaction commits (tournaments.services.scoreboard.event_bump_version and a few
receivers call it). A name missing from the cache gets a value the first time a page asks for it.

A page. The view (decorated with `polled`) calls `poll_scope(request, names...)` BEFORE it reads what it shows; the
answer gets an ETag made (HMAC with the site's secret) from the tokens' values and the viewer's facts: the path and
query, the HX-Request header, the language, the signed-in person's id, their CSRF secret (the forms in the page carry
a token made from it), and `extra`. The names are kept in the cache under the person and the path.

A poll. A GET with If-None-Match from a signed-in session (the session's user id: with the cached_db sessions it is a
cache read too) reads the page's names and their current values, makes the ETag again and, when it is the one the
browser holds, answers 304 with no body before the view runs, before `login_required` and the event's door: a 304
says only "what you already hold is still right" to the person it was given to (the HMAC binds it to them and to
the tokens, and a change of rights, a registration or the event, renews them). Anything else (no scope kept, a
token gone, pending messages, the cache down) goes on to the view, which renders and stores again.

Why a token is safe to trust: the page reads it before its data and a change renews it after its commit, so a page
may be tagged older than what it shows (one render more), never newer. If Redis drops a renewal (unreachable at
that moment) a token may be stale until it expires: TOKEN_SECONDS bounds that.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Iterable
from functools import wraps

from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.crypto import salted_hmac

from common.http import etag_matches

logger = logging.getLogger("hydra.polls")

TOKEN_SECONDS = 600
SCOPE_SECONDS = 3600
# Bump when the markup of a watched page changes, so browsers don't keep a copy of the old shape.
_SHAPE = "1"
_MESSAGES_SESSION_KEY = "_messages"  # django.contrib.messages' SessionStorage
_MESSAGES_COOKIE = "messages"  # its CookieStorage (FallbackStorage tries it first)


def _token_key(name: str) -> str:
    return f"poll:token:{name}"


def poll_tokens_renew(*names: str) -> None:
    """Give `names` new values once the current transaction commits (at once outside one): every page that shows
    them answers its next poll in full."""
    if not names:
        return

    def renew() -> None:
        try:
            cache.set_many({_token_key(n): secrets.token_hex(6) for n in names}, timeout=TOKEN_SECONDS)
        except Exception:  # noqa: BLE001 - the cache is an optimisation; TOKEN_SECONDS bounds a lost renewal
            logger.warning("Couldn't renew the poll tokens %s", names, exc_info=True)

    transaction.on_commit(renew)


def _tokens_read(names: Iterable[str]) -> dict[str, str] | None:
    keys = {_token_key(n): n for n in names}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # noqa: BLE001 - the cache down: no 304, the page renders
        return None
    if len(found) != len(keys):
        return None
    return {keys[k]: v for k, v in found.items()}


def _tokens_current(names: tuple[str, ...]) -> dict[str, str] | None:
    """The names' values, new ones for those the cache doesn't hold (added, so a concurrent renewal wins)."""
    keys = {_token_key(n): n for n in names}
    try:
        found = cache.get_many(list(keys))
        missing = [k for k in keys if k not in found]
        for key in missing:
            cache.add(key, secrets.token_hex(6), timeout=TOKEN_SECONDS)
        if missing:
            found.update(cache.get_many(missing))
    except Exception:  # noqa: BLE001
        return None
    if len(found) != len(keys):
        return None
    return {keys[k]: v for k, v in found.items()}


def _session_user_id(request: HttpRequest) -> str | None:
    session = getattr(request, "session", None)
    if session is None:
        return None
    try:
        user_id = session.get(SESSION_KEY)
    except Exception:  # noqa: BLE001 - a session store that fails: the view's own path decides
        return None
    return None if user_id is None else str(user_id)


def _messages_pending(request: HttpRequest) -> bool:
    session = getattr(request, "session", None)
    return bool(request.COOKIES.get(_MESSAGES_COOKIE)) or bool(
        session is not None and session.get(_MESSAGES_SESSION_KEY)
    )


def _messages_shown(request: HttpRequest) -> bool:
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def _scope_key(request: HttpRequest, user_id: str) -> str:
    where = "\n".join([user_id, request.get_full_path(), request.headers.get("HX-Request", "")])
    return "poll:scope:" + hashlib.sha256(where.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def _etag(request: HttpRequest, user_id: str, names: tuple[str, ...], tokens: dict[str, str], extra: str) -> str:
    facts = [
        _SHAPE,
        request.get_full_path(),
        request.headers.get("HX-Request", ""),
        getattr(request, "LANGUAGE_CODE", ""),
        user_id,
        request.META.get("CSRF_COOKIE", ""),
        extra,
    ] + [f"{n}={tokens[n]}" for n in names]
    digest = salted_hmac("hydra.polls", "\n".join(facts), algorithm="sha256").hexdigest()
    return f'"p{digest[:24]}"'


def _validators(response: HttpResponse, etag: str) -> HttpResponse:
    """Revalidated every time, kept by the browser only (it names the viewer), per login and language."""
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


def poll_not_modified(request: HttpRequest) -> HttpResponse | None:
    """304 when the signed-in browser's If-None-Match is this page's ETag as its tokens stand now; else None (the
    view answers). Reads the session and the cache only."""
    header = request.headers.get("If-None-Match", "")
    if request.method != "GET" or not header:
        return None
    user_id = _session_user_id(request)
    if user_id is None or _messages_pending(request):
        return None
    try:
        scope = cache.get(_scope_key(request, user_id))
    except Exception:  # noqa: BLE001
        return None
    if scope is None:
        return None
    names, extra = scope
    tokens = _tokens_read(names)
    if tokens is None:
        return None
    etag = _etag(request, user_id, names, tokens, extra)
    if not etag_matches(etag, header):
        return None
    response = _validators(HttpResponseNotModified(), etag)
    response["X-Hydra-Poll"] = "304"
    return response


def poll_scope(request: HttpRequest, *names: str, extra: object = "") -> None:
    """Say what this page shows (token names, module docstring) and anything else particular to the viewer
    (`extra`). Call it before reading the page's data. Only for a signed-in viewer; else nothing happens."""
    user = getattr(request, "user", None)
    user_id = _session_user_id(request)
    if user is None or not user.is_authenticated or user_id != str(user.pk):
        return
    if getattr(request, "_hydra_poll", "") is None:  # an earlier call met the cache down: no tag
        return
    # Called again, it adds to what the page shows (read what decides the next names first, then those names).
    _user, kept_names, kept_tokens, kept_extra = getattr(request, "_hydra_poll", (user_id, (), {}, ""))
    fresh = tuple(sorted(set(names) - set(kept_names)))
    tokens = _tokens_current(fresh)
    if tokens is None:
        request._hydra_poll = None  # type: ignore[attr-defined]
        return
    ordered = tuple(sorted(set(kept_names) | set(fresh)))
    extra_text = "|".join(part for part in (kept_extra, str(extra)) if part)
    request._hydra_poll = (user_id, ordered, {**kept_tokens, **tokens}, extra_text)  # type: ignore[attr-defined]


def _tagged(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    scope = getattr(request, "_hydra_poll", None)
    if scope is None or request.method != "GET" or response.status_code != 200 or response.streaming:
        return response
    if _messages_shown(request):
        # The page shows a message once: a copy of it must never come back with a 304.
        if response.has_header("ETag"):
            del response["ETag"]
        response["Cache-Control"] = "private, no-store"
        return response
    user_id, names, tokens, extra = scope
    try:
        cache.set(_scope_key(request, user_id), (names, extra), timeout=SCOPE_SECONDS)
    except Exception:  # noqa: BLE001 - not kept costs the next poll a render
        return response
    response["X-Hydra-Poll"] = "render"
    return _validators(response, _etag(request, user_id, names, tokens, extra))


def polled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page a signed-in phone polls: 304 from the cache before the view (and the decorators under this one)
    when nothing the page named with poll_scope changed; else the view, its answer tagged. Put it outermost."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        answered = poll_not_modified(request)
        if answered is not None:
            return answered
        return _tagged(request, view(request, *args, **kwargs))

    return wrapper
