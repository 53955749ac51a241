"""Throttling of anonymous clients. Rates come from REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read per request.

DRF's own classes read the rates once, at import; reading them per request lets settings (and tests) change them.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle


class AnonymousThrottle(AnonRateThrottle):
    """Anonymous callers, by IP address. A coverage screen polling once a second stays well under the rate."""

    scope = "anon"

    def get_rate(self):
        return (api_settings.DEFAULT_THROTTLE_RATES or {}).get(self.scope)

    def allow_request(self, request, view):
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)
