"""GET /health/: the operators' report, 200 with {"status": "ok", "checks": {...}} when everything works, 503 with
the failing checks. GET /health/live/: the load balancer's probe of this web node (its process and database)."""

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from health.selectors import health_live, health_report


def _answer(report: dict) -> JsonResponse:
    return JsonResponse(report, status=200 if report["status"] == "ok" else 503)


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    return _answer(health_report())


@never_cache
@require_safe
def live(request: HttpRequest) -> JsonResponse:
    return _answer(health_live())
