"""Cheap refreshes for pages that poll (docs/portal.md): an ETag from what the page depends on, a 304 before any
expensive work.

A page that refreshes itself polls its own URL with `?partial=1` every few seconds. The browser revalidates its
cached copy with If-None-Match; while Event.version (bumped by every pairing and result change) is unchanged the
server answers 304 after one or two small queries, the browser hands htmx the cached fragment, and hydra.js sees
the same ETag and skips the swap, so nothing on the page moves.
"""
import hashlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers

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
