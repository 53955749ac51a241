"""The shared cache (Redis) as an optimisation, never a dependency of a page (issue 29).

Everything Hydra keeps in the cache can be done without it: a rendered public page is rendered again, a scoreboard
computed again, a throttle or sign-up counter lets the request through, a heartbeat stamp is missing (and /health/
says why). So when Redis can't be reached, `ResilientRedisCache` answers like an empty cache instead of raising:
a read misses, a write is dropped, a counter counts from one. It logs one warning when Redis goes away and one when
it is back, and for RETRY_SECONDS after a failure it doesn't try Redis at all, so a Redis host that stopped
answering costs one connection timeout every few seconds per process, not one per request. After that it tries
again by itself: nothing needs a restart when Redis returns.
"""

import logging
import threading
import time
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("hydra.cache")

RETRY_SECONDS = 2.0
# What a Redis that is down, restarting or out of reach raises (a refused or reset connection is an OSError).
_UNREACHABLE = (RedisError, OSError)

# Per process and per Redis location, shared by the threads' backend instances: (down since, don't try before).
_state: dict[str, tuple[float, float]] = {}
_state_lock = threading.Lock()


def _where(location: str) -> str:
    """host:port/db of a Redis URL, without a password, for the log."""
    parts = urlsplit(location.split(",")[0])
    return f"{parts.hostname}:{parts.port or 6379}{parts.path}"


class ResilientRedisCache(RedisCache):
    """Django's Redis cache that degrades to "an empty cache" while Redis is unreachable (module docstring).

    OPTIONS may set RETRY_SECONDS (how long to skip Redis after a failure); the other OPTIONS go to redis-py."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS") or {})
        self.retry_seconds = float(options.pop("RETRY_SECONDS", RETRY_SECONDS))
        super().__init__(server, {**params, "OPTIONS": options})
        self._where = _where(server if isinstance(server, str) else ",".join(server))

    # --- the breaker --------------------------------------------------------------------------------------------
    def is_down(self) -> bool:
        """True while the last attempt failed less than RETRY_SECONDS ago (the cache then answers as empty)."""
        state = _state.get(self._where)
        return state is not None and time.monotonic() < state[1]

    def _failed(self, operation: str, exc: BaseException) -> None:
        now = time.monotonic()
        with _state_lock:
            first = self._where not in _state
            since = now if first else _state[self._where][0]
            _state[self._where] = (since, now + self.retry_seconds)
        if first:
            logger.warning(
                "The shared cache (Redis at %s) is unreachable (%s during %s: %s); serving without it (pages are "
                "rendered afresh, throttles, sign-up and password-reset limits don't count) and trying again "
                "every %g s.",
                self._where,
                type(exc).__name__,
                operation,
                exc,
                self.retry_seconds,
            )

    def _succeeded(self) -> None:
        if self._where not in _state:
            return
        with _state_lock:
            state = _state.pop(self._where, None)
        if state is not None:
            logger.warning(
                "The shared cache (Redis at %s) is back after %.1f s.", self._where, time.monotonic() - state[0]
            )

    def _guarded(self, operation: str, fallback, call):
        if self.is_down():
            return fallback
        try:
            result = call()
        except _UNREACHABLE as exc:
            self._failed(operation, exc)
            return fallback
        self._succeeded()
        return result

    # --- the operations: each answers as an empty cache would while Redis is unreachable ------------------------
    def get(self, key, default=None, version=None):
        return self._guarded("get", default, lambda: super(ResilientRedisCache, self).get(key, default, version))

    def get_many(self, keys, version=None):
        return self._guarded("get_many", {}, lambda: super(ResilientRedisCache, self).get_many(keys, version))

    def has_key(self, key, version=None):
        return self._guarded("has_key", False, lambda: super(ResilientRedisCache, self).has_key(key, version))

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("add", False, lambda: super(ResilientRedisCache, self).add(key, value, timeout, version))

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("set", None, lambda: super(ResilientRedisCache, self).set(key, value, timeout, version))

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded(
            "set_many", list(data), lambda: super(ResilientRedisCache, self).set_many(data, timeout, version)
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._guarded("touch", False, lambda: super(ResilientRedisCache, self).touch(key, timeout, version))

    def delete(self, key, version=None):
        return self._guarded("delete", False, lambda: super(ResilientRedisCache, self).delete(key, version))

    def delete_many(self, keys, version=None):
        return self._guarded("delete_many", None, lambda: super(ResilientRedisCache, self).delete_many(keys, version))

    def incr(self, key, delta=1, version=None):
        # A counter that can't be read counts from one: limits let the request through rather than refuse it.
        return self._guarded("incr", delta, lambda: super(ResilientRedisCache, self).incr(key, delta, version))

    def clear(self):
        return self._guarded("clear", False, lambda: super(ResilientRedisCache, self).clear())
