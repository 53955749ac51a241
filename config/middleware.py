"""Security headers Django 5.2 doesn't set by itself."""

from collections.abc import Callable

from django.db import connections
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.translation import gettext as _

from api.exceptions import error_body
from cards.selectors import card_images_allowed
from common.arrival import request_stamp_arrival

# No inline scripts or styles anywhere in Hydra's own pages. The Django admin sets a few inline style attributes,
# so its pages allow inline styles (never scripts).
# Card pictures come from Scryfall's image server only while the organizers allow them (Admin > Card display,
# cards.selectors.card_images_allowed): then, and only then, the policy of the pages that show cards (the draft and
# sealed pages) names it. A page's policy is the one its document came with, so only full pages ask (an htmx
# fragment swapped into the page follows the page's policy); they render the cards, which asks the setting too,
# so the answer is remembered already (no query of its own, at most one every 30 s for a page without cards).
_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'{admin_style}; img-src 'self' data:{card_images}; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
_CARD_IMAGES = " https://cards.scryfall.io"
STRICT_POLICY = _POLICY.format(admin_style="", card_images="")
ADMIN_POLICY = _POLICY.format(admin_style=" 'unsafe-inline'", card_images="")
STRICT_POLICY_CARD_IMAGES = _POLICY.format(admin_style="", card_images=_CARD_IMAGES)

CARD_PAGES = ("/draft/", "/sealed/")


def _card_images_allowed(request: HttpRequest, response: HttpResponse) -> bool:
    if not request.path.startswith(CARD_PAGES) or request.headers.get("HX-Request") or response.status_code != 200:
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    try:
        return card_images_allowed()  # remembered for 30 s: one query at most every 30 s per process
    except Exception:  # noqa: BLE001 - the database unreachable: the strict policy (the page has no pictures)
        return False


class ContentSecurityPolicyMiddleware:
    """Send a strict Content-Security-Policy with every response that has none (naming Scryfall's image server
    where the organizers allow card pictures)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            if request.path.startswith("/admin/"):
                response["Content-Security-Policy"] = ADMIN_POLICY
            elif _card_images_allowed(request, response):
                response["Content-Security-Policy"] = STRICT_POLICY_CARD_IMAGES
            else:
                response["Content-Security-Policy"] = STRICT_POLICY
        return response


# --- When a request arrived (issue 19, defect 5): common/arrival.py says why and reads the stamps ---------------------
class RequestArrivalMiddleware:
    """Stamps the request's arrival (for servers that don't stamp the ASGI scope, such as runserver)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_stamp_arrival(request)
        return self.get_response(request)


# --- Text no field accepts (issue 29) -------------------------------------------------------------------------------
# PostgreSQL refuses a NUL character in any text column, so a NUL typed (or sent) into a form field, a query
# parameter or an address that reaches a query or an insert used to be a 500. No field of Hydra takes one; the
# request is refused before any view with a 400 that says what to remove. (Invalid UTF-8, lone surrogates
# included, is decoded to U+FFFD by Django and needs nothing here.)
class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            nul = _has_nul(request)
        except MultiPartParserError as exc:
            # A body that says it is multipart/form-data and isn't one (issue 39): refused here, with what is wrong,
            # rather than by Django's bare 400 page.
            return _bad_request(
                request,
                _(
                    "The request's body is not the multipart/form-data its Content-Type says "
                    "(%(error)s). Send it as JSON with Content-Type: application/json, or as "
                    "a well-formed form."
                )
                % {"error": exc},
            )
        if nul:
            return _bad_request(
                request,
                _(
                    "The request contains a NUL character (\\0), which no field or address "
                    "of Hydra accepts. Remove it and send again."
                ),
            )
        return self.get_response(request)


def _bad_request(request: HttpRequest, message: str) -> HttpResponse:
    """A 400 with `message`: the API's JSON error under /api/, plain text elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body(status_code=400, code="parse_error", message=message), status=400)
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    sources = [request.GET]
    if request.method == "POST" and request.content_type in _FORM_TYPES:
        sources.append(request.POST)
    return any(
        "\x00" in key or any("\x00" in value for value in values)
        for source in sources
        for key, values in source.lists()
    )


# --- The database unable to answer (issue 52): common/unavailable.py -------------------------------------------------
class DatabaseRetryMiddleware:
    """A GET or HEAD that met a database connection that broke (a restart of PostgreSQL terminated it while the
    request held it) is tried once more, on a new connection; the second answer stands (a 503 with Retry-After if
    it failed again). Never a write (it may have been done), nor a request that waited for a full pool (it would
    only wait again). Installed outermost but for the API's JSON errors (config/settings/base.py)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(response, "database_unavailable", None) == "broken" and request.method in ("GET", "HEAD"):
            for conn in connections.all(initialized_only=True):
                conn.close_if_unusable_or_obsolete()  # the broken connection goes back (the pool drops it)
            response = self.get_response(request)
        return response
