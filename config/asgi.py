"""ASGI entry point (gunicorn with uvicorn workers: config/gunicorn.py).

Each HTTP request is stamped with its arrival time as the event loop receives it, before it waits for a thread of
the pool: a draft pick is judged by when it arrived (common.arrival.request_arrived_at). Then it waits for its turn
(config/admission.py: a process runs HYDRA_WEB_SLOTS requests at once, writes first; a 503 with Retry-After when
the server is really full).
"""

import os
import time

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
django_application = get_asgi_application()

from common.arrival import ARRIVAL_SCOPE_KEY  # Django is set up first
from common.memory import settle_heap
from config.admission import admitted

settle_heap()
django_admitted = admitted(django_application)


async def application(scope, receive, send):
    if scope["type"] == "http":
        scope = {**scope, ARRIVAL_SCOPE_KEY: time.time()}
    await django_admitted(scope, receive, send)
