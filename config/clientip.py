"""The client's address, the same way everywhere: DRF's throttles, the login lockout (django-axes), sign-up limits.

With NUM_PROXIES = 0 (the default) it is the connection's own address, REMOTE_ADDR: X-Forwarded-For is ignored, since
a client can write anything there. Behind N proxies that each append the address they saw, it is the N-th address
from the right of X-Forwarded-For (what the outermost proxy saw), like DRF's NUM_PROXIES.
"""
from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not addresses:
        return remote
    return addresses[-min(proxies, len(addresses))]


def axes_client_ip(request: HttpRequest) -> str:
    """settings.AXES_CLIENT_IP_CALLABLE."""
    return client_ip(request)
