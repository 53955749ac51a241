"""Refuse JSON bodies too big or too deep on every /api/ path, before any view (issue 19, defect 4).

The parser (api.parsers.LimitedJSONParser) guards the views that read their body; this middleware also covers the
ones that don't (confirm takes no body, yet a 1,000-deep one must still be a 400, not whatever the view does), and
the API endpoints still to come. The answer is the API's JSON error shape.
"""
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse

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
