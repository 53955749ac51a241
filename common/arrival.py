"""When a request arrived (issue 19, defect 5).

A draft pick's deadline is judged when the pick reached the server, not when a busy worker got round to it. The
ASGI entry point (config.asgi) stamps each request as the event loop receives it, before it waits for a thread;
servers that don't stamp the ASGI scope (runserver) get the stamp from config.middleware.RequestArrivalMiddleware;
behind a proxy (NUM_PROXIES > 0) the proxy's X-Request-Start ("t=<seconds>" or microseconds, as nginx and Heroku
send it) is earlier still. The stamp is never later than now and never more than a minute old.

The stamping stays in config (settings name the middleware, the server runs the ASGI entry point); what views read
lives here, so no app imports config.
"""

import datetime as dt
import time

from django.conf import settings
from django.http import HttpRequest

ARRIVAL_SCOPE_KEY = "hydra.arrived_at"
_MAX_QUEUE_SECONDS = 60.0
_ARRIVAL_ATTRIBUTE = "_hydra_arrived"


def request_stamp_arrival(request: HttpRequest) -> None:
    """Stamp the request with now as its arrival (for servers that don't stamp the ASGI scope)."""
    setattr(request, _ARRIVAL_ATTRIBUTE, time.time())


def _proxy_request_start(request: HttpRequest) -> float | None:
    if int(getattr(settings, "NUM_PROXIES", 0) or 0) <= 0:
        return None  # a client could write any time there
    raw = request.META.get("HTTP_X_REQUEST_START", "").strip().removeprefix("t=")
    try:
        value = float(raw)
    except ValueError:
        return None
    for scale in (1.0, 1e3, 1e6):  # seconds, milliseconds, microseconds since the epoch
        if value / scale < 1e10:
            return value / scale
    return None


def request_arrived_at(request: HttpRequest) -> dt.datetime:
    """When the request reached Hydra (an aware datetime): the earliest valid stamp, see above; now without one."""
    now = time.time()
    stamps = [
        getattr(request, "scope", {}).get(ARRIVAL_SCOPE_KEY),
        _proxy_request_start(request),
        getattr(request, _ARRIVAL_ATTRIBUTE, None),
    ]
    valid = [s for s in stamps if s is not None and now - _MAX_QUEUE_SECONDS <= s <= now]
    return dt.datetime.fromtimestamp(min(valid) if valid else now, tz=dt.UTC)
