"""Every API error as one JSON shape with a sentence a person can act on.

    {"status": 400, "code": "invalid", "message": "seats: Give a result for every seat (A, B, C), each once.",
     "errors": {"seats": ["Give a result for every seat (A, B, C), each once."]}}

Errors a caller can cause are 4xx; anything else is logged and answered with a JSON 500 that says so.
"""

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from common.refusals import Refusal
from common.unavailable import database_unavailable, pool_busy, retry_after_seconds, unavailable_message

logger = logging.getLogger("api")


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The request conflicts with the current state of the event."
    default_code = "conflict"


class UnprocessableRequest(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = "The request can't be processed."
    default_code = "unprocessable"


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as {"seats.1.wins_a": ["..."]}."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = prefix if key == "non_field_errors" else (f"{prefix}.{key}" if prefix else str(key))
            for field, messages in _flatten(value, name).items():
                out.setdefault(field, []).extend(messages)
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            out.setdefault(prefix, []).extend(str(item) for item in detail)
        else:
            for index, item in enumerate(detail):
                for field, messages in _flatten(item, f"{prefix}.{index}" if prefix else str(index)).items():
                    out.setdefault(field, []).extend(messages)
    else:
        out.setdefault(prefix, []).append(str(detail))
    return out


def error_body(*, status_code: int, code: str, message: str, errors: dict | None = None) -> dict:
    body = {"status": status_code, "code": code, "message": message}
    if errors:
        body["errors"] = errors
    return body


def _from_drf(exc: exceptions.APIException) -> tuple[str, str, dict]:
    detail = exc.detail
    if isinstance(detail, (dict, list)):
        errors = _flatten(detail)
        codes = exc.get_codes()
        code = "invalid"
        if isinstance(codes, dict) and len(codes) == 1 and not isinstance(next(iter(codes.values())), (list, dict)):
            code = str(next(iter(codes.values())))
        parts = [
            f"{field}: {' '.join(messages)}" if field else " ".join(messages) for field, messages in errors.items()
        ]
        return code, " ".join(parts) or _("The request is invalid."), {k or "request": v for k, v in errors.items()}
    return str(getattr(detail, "code", None) or exc.default_code), str(detail), {}


def _refused(refusal: Refusal) -> exceptions.APIException:
    """A service's refusal (common.refusals) as the DRF exception answered with its status and code."""
    answer = exceptions.APIException(refusal.api_message(), code=refusal.default_code)
    answer.status_code = refusal.status_code
    return answer


def api_exception_handler(exc, context):
    """DRF's EXCEPTION_HANDLER: map errors from services and DRF to the shape above."""
    extra = exc.api_details() if isinstance(exc, Refusal) else {}
    if isinstance(exc, Refusal) and exc.status_code != status.HTTP_400_BAD_REQUEST:
        # Every refusal by its status and code; a 400 one goes on as the ValidationError it is, field by field.
        exc = _refused(exc)
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    response = exception_handler(exc, context)
    if response is None and database_unavailable(exc):
        # The database can't answer now (the pool full, a connection a restart cut): 503, try again (issue 52).
        logger.warning("Database unavailable in API view %s: %s", getattr(context.get("request"), "path", "?"), exc)
        response = Response(
            error_body(status_code=503, code="unavailable", message=unavailable_message()),
            status=503,
            headers={"Retry-After": str(retry_after_seconds()), "Cache-Control": "no-store"},
        )
        response.database_unavailable = "busy" if pool_busy(exc) else "broken"
        return response
    if response is None:
        request = context.get("request")
        logger.exception("Unhandled error in API view %s", getattr(request, "path", "?"))
        return Response(
            error_body(
                status_code=500,
                code="server_error",
                message=_("Something went wrong on our side; it has been logged. Try again in a moment."),
            ),
            status=500,
        )
    code, message, errors = _from_drf(exc)
    response.data = {**error_body(status_code=response.status_code, code=code, message=message, errors=errors), **extra}
    return response


@csrf_exempt
def not_found_view(request, *args, **kwargs):
    """JSON 404 for any path under /api/ that names no endpoint (this view is the API's last URL pattern).

    It writes nothing, so it needs no CSRF token: a POST to a mistyped path gets this 404, not an HTML 403.
    """
    message = _("There is no API endpoint at %(path)s. The endpoints are listed at /api/v1/docs/.") % {
        "path": request.path
    }
    if not request.path.endswith("/"):
        try:
            match = resolve(request.path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not not_found_view:
            message = _("There is no API endpoint at %(path)s; did you mean %(path)s/ (with the slash)?") % {
                "path": request.path
            }
    return JsonResponse(error_body(status_code=404, code="not_found", message=message), status=404)


def csrf_failure_view(request, reason: str = ""):
    """settings.CSRF_FAILURE_VIEW: the API's JSON 403 under /api/, Django's own page everywhere else."""
    if request.path.startswith("/api/"):
        message = _(
            "CSRF check failed: send the X-CSRFToken header with the csrftoken cookie's value, "
            "or use a scorekeeper token."
        )
        return JsonResponse(error_body(status_code=403, code="csrf_failed", message=message), status=403)
    return csrf_failure(request, reason=reason)
