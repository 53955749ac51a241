"""GET /health/: 200 with {"status": "ok", "checks": {...}} when everything works, 503 with the failing checks."""
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from health.selectors import health_report


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    report = health_report()
    return JsonResponse(report, status=200 if report["status"] == "ok" else 503)
