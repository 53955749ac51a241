"""The heartbeat stamps the health endpoint reads: beat's when it sends the heartbeat task, a worker's when it runs it.

They live in the shared cache (Redis in production), so every web process sees every worker's stamp.
"""

import time

from django.core.cache import cache

BEAT_KEY = "health:beat"
WORKER_KEY = "health:worker"
# Long enough to outlive any sensible staleness limit; the endpoint judges the age itself.
STAMP_TIMEOUT = 24 * 3600


def heartbeat_stamp(*, key: str, who: str = "", at: float | None = None) -> None:
    cache.set(key, {"at": time.time() if at is None else at, "who": who}, timeout=STAMP_TIMEOUT)
