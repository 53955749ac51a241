"""The answer to an error no view answered (Django's handler500, config/urls.py): the database unable to answer now
is a 503 with Retry-After (common/unavailable.py), JSON under /api/ and a short page elsewhere; anything else the
500 Django would give."""

import json
import sys

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.utils.html import escape
from django.views.defaults import server_error as django_server_error

from api.exceptions import error_body
from common.unavailable import database_unavailable, pool_busy, retry_after_seconds, unavailable_message


def unavailable_body(path: str) -> tuple[str, bytes]:
    """The 503's content type and body for a request to `path`: the API's JSON error under /api/, a short page
    elsewhere (also config/admission.py's, for a request that waited too long for its turn)."""
    message = unavailable_message()
    if path.startswith("/api/"):
        return "application/json", json.dumps(error_body(status_code=503, code="unavailable", message=message)).encode()
    page = (
        f'<!doctype html><html><head><meta charset="utf-8"><title>Hydra</title></head>'
        f"<body><h1>503</h1><p>{escape(message)}</p></body></html>"
    )
    return "text/html; charset=utf-8", page.encode()


def unavailable_response(request: HttpRequest, exc: BaseException | None) -> HttpResponse:
    """503 with Retry-After: the API's JSON error under /api/, a short page elsewhere; marked "busy" or "broken"
    (common/unavailable.py) for DatabaseRetryMiddleware."""
    content_type, body = unavailable_body(request.path)
    response = HttpResponse(body, status=503, content_type=content_type)
    response["Retry-After"] = str(retry_after_seconds())
    response["Cache-Control"] = "no-store"
    response.database_unavailable = "busy" if pool_busy(exc) else "broken"
    return response


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """handler500: called while Django handles the request's exception, which sys.exc_info() still holds."""
    exc = sys.exc_info()[1]
    if database_unavailable(exc):
        return unavailable_response(request, exc)
    try:
        return django_server_error(request, template_name=template_name)
    except Exception:  # noqa: BLE001 - the 500 page itself failed: the bare answer
        return HttpResponseServerError("Server Error (500)", content_type="text/plain")
