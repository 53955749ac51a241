"""Cheap refreshes for pages that poll (docs/portal.md): an ETag from what the page depends on, a 304 before any
expensive work.

A page that refreshes itself polls its own URL with `?partial=1` every few seconds. The browser revalidates its
cached copy with If-None-Match; while Event.version (bumped by every pairing and result change) is unchanged the
server answers 304 after one or two small queries, the browser hands htmx the cached fragment, and hydra.js sees
the same ETag and skips the swap, so nothing on the page moves.
"""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils.cache import (
    get_conditional_response,
    patch_cache_control,
    patch_vary_headers,
)

from common.floor import CSRF_PLACEHOLDER

# Bump when the markup of a polled page changes, so browsers don't keep a fragment of the old shape.
_SHAPE = "1"
DEFAULT_POLL_SECONDS = 10


def poll_seconds() -> int:
    """Seconds between two polls of a live page (PORTAL_POLL_SECONDS in settings; 10 by default)."""
    return int(getattr(settings, "PORTAL_POLL_SECONDS", DEFAULT_POLL_SECONDS))


def page_etag(request: HttpRequest, *parts: object) -> str:
    """The ETag of this page for this viewer: what it depends on (`parts`), the path and query, the language and
    the login (pages highlight the viewer's own team)."""
    # The polled fragment and its full page share a tag, so the region a page shows matches its first poll's answer.
    query = "&".join(sorted(f"{k}={v}" for k, v in request.GET.items() if k != "partial"))
    key = "|".join(
        [_SHAPE, request.path, query, getattr(request, "LANGUAGE_CODE", ""), str(request.user.pk or 0)]
        + [str(p) for p in parts]
    )
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:20] + '"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """A 304 when the browser already holds this ETag, else None."""
    response = get_conditional_response(request, etag=etag)
    if response is not None:
        with_validators(response, etag)
    return response


def with_validators(response: HttpResponse, etag: str) -> HttpResponse:
    """Set the ETag and make browsers revalidate each time; keep the copy private (it may name the viewer)."""
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


# --- The shared page cache (issue 19) -------------------------------------------------------------------------------
# Hundreds of phones and the projector poll the same public pages. For anonymous viewers (no login, no session, no
# pending messages) a page depends only on its ETag (event, version, status, path, query, language) and on whether
# the whole page or its live region is asked for, so it is rendered once and served from the shared cache (Redis in
# production) to every web process. The CSRF token in the page's forms is the one per-request part: it is stored as
# a placeholder and filled in with this request's token when served.
PAGE_CACHE_SECONDS = 300


def _shared_page_key(request: HttpRequest, etag: str) -> str | None:
    if request.user.is_authenticated:
        return None
    if settings.SESSION_COOKIE_NAME in request.COOKIES or "messages" in request.COOKIES:
        return None
    kind = "partial" if request.GET.get("partial") == "1" else "page"
    return f"portal:page:{etag.strip(chr(34))}:{kind}:{request.headers.get('HX-Request', '')}"


def cached_page(request: HttpRequest, etag: str) -> HttpResponse | None:
    """The page as rendered for an earlier anonymous viewer of the same ETag, with this request's CSRF token."""
    key = _shared_page_key(request, etag)
    if key is None:
        return None
    stored = cache.get(key)
    if stored is None:
        return None
    content, content_type = stored
    if CSRF_PLACEHOLDER in content:
        content = content.replace(CSRF_PLACEHOLDER, get_token(request))
    response = HttpResponse(content, content_type=content_type)
    response.shared_content = stored[0]  # with the placeholder, for the floor (config/floor.py)
    response["X-Hydra-Cache"] = "hit"
    return shared_validators(request, response, etag)


def render_shared(request: HttpRequest, template: str, context: dict, etag: str) -> HttpResponse:
    """Render the page; for an anonymous viewer also store it for the next ones (see cached_page)."""
    key = _shared_page_key(request, etag)
    if key is None:
        return with_validators(render(request, template, context), etag)
    # The forms get a placeholder instead of this request's CSRF token; it is filled in just below, and per request
    # when served from the cache.
    response = render(request, template, {**context, "csrf_token": CSRF_PLACEHOLDER})
    content = response.content.decode(response.charset)
    try:
        cache.set(key, (content, response["Content-Type"]), timeout=PAGE_CACHE_SECONDS)
    except Exception:  # a cache that is down costs speed, never the page
        pass
    response.shared_content = content  # with the placeholder, for the floor (config/floor.py)
    if CSRF_PLACEHOLDER in content:
        response.content = content.replace(CSRF_PLACEHOLDER, get_token(request)).encode(response.charset)
    response["X-Hydra-Cache"] = "miss"
    return shared_validators(request, response, etag)


def shared_validators(request: HttpRequest, response: HttpResponse, etag: str) -> HttpResponse:
    """An anonymous page may be stored by a proxy or CDN too, revalidated with its ETag each time."""
    response["ETag"] = etag
    if _shared_page_key(request, etag) is not None:
        response["Cache-Control"] = "public, no-cache"
        patch_vary_headers(response, ["Cookie", "Accept-Language"])
    else:
        with_validators(response, etag)
    return response
