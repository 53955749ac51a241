"""Security headers Django 5.2 doesn't set by itself."""
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# No inline scripts or styles anywhere in Hydra's own pages. The Django admin sets a few inline style attributes,
# so its pages allow inline styles (never scripts).
_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'{admin_style}; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
STRICT_POLICY = _POLICY.format(admin_style="")
ADMIN_POLICY = _POLICY.format(admin_style=" 'unsafe-inline'")


class ContentSecurityPolicyMiddleware:
    """Send a strict Content-Security-Policy with every response that has none."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            admin = request.path.startswith("/admin/")
            response["Content-Security-Policy"] = ADMIN_POLICY if admin else STRICT_POLICY
        return response
