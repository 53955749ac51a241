"""Every error under /api/ is the API's JSON (ApiJsonErrorsMiddleware, issue 39), and JSON bodies too big or too
deep are refused on every /api/ path before any view (ApiJsonBodyLimitMiddleware, issue 19, defect 4).

The parser (api.parsers.LimitedJSONParser) guards the views that read their body; this middleware also covers the
ones that don't (confirm takes no body, yet a 1,000-deep one must still be a 400, not whatever the view does), and
the API endpoints still to come. The answer is the API's JSON error shape.
"""

from collections.abc import Callable
from http import HTTPStatus

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from api.exceptions import error_body
from api.parsers import BodyRefused, _max_bytes, body_too_big_message, json_body_parse

_BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class ApiJsonBodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method in _BODY_METHODS
            and request.path.startswith("/api/")
            and (request.content_type or "").endswith("json")
        ):
            refused = self._problem(request)
            if refused:
                return JsonResponse(error_body(status_code=400, code="parse_error", message=refused), status=400)
        return self.get_response(request)

    @staticmethod
    def _problem(request: HttpRequest) -> str | None:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = _max_bytes()
        try:
            if limit and length > limit:
                raise BodyRefused(body_too_big_message(limit))
            raw = request.body
            if raw:
                json_body_parse(raw, encoding=request.encoding or "utf-8")
        except BodyRefused as exc:
            return str(exc)
        except RequestDataTooBig:
            return None  # Django's own limit; the parser answers it
        return None


_KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "Vary")


def _error_message(status_code: int) -> tuple[str, str]:
    """The code and sentence of an error answer that no API view made (Django's own, before or around a view)."""
    known = {
        400: (
            "parse_error",
            _(
                "The request could not be read: its body isn't what its Content-Type says, or a header "
                "is malformed. Send JSON with Content-Type: application/json."
            ),
        ),
        403: ("permission_denied", _("You may not do this.")),
        404: ("not_found", _("There is no such address in the API. The endpoints are listed at /api/v1/docs/.")),
        405: (
            "method_not_allowed",
            _("This address doesn't take this method; the Allow header lists the ones it takes."),
        ),
        413: ("too_large", _("The request is too large.")),
        500: ("server_error", _("Something went wrong on our side; it has been logged. Try again in a moment.")),
    }
    if status_code in known:
        return known[status_code]
    phrase = HTTPStatus(status_code).phrase if status_code in HTTPStatus._value2member_map_ else "Error"
    return phrase.lower().replace(" ", "_"), phrase


class ApiJsonErrorsMiddleware:
    """Every error answer under /api/ is the API's JSON error shape (api.exceptions.error_body), whatever made it:
    Django's own 400 for a body it can't parse (a multipart body that isn't one), a 404 for an address no endpoint
    has, a 405, a 500 from outside a view. The API's own answers are JSON already and pass unchanged; pages outside
    /api/ keep their HTML. Installed first (config/settings/base.py), so it sees every other layer's answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith("/api/")
            or "json" in response.get("Content-Type", "")
        ):
            return response
        code, message = _error_message(response.status_code)
        answer = JsonResponse(
            error_body(status_code=response.status_code, code=code, message=message), status=response.status_code
        )
        for header in _KEPT_HEADERS:
            if header in response:
                answer[header] = response[header]
        return answer
