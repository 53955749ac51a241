"""The checks behind /health/ (for operators: the database, Redis (the shared cache), the Celery broker, the workers'
heartbeat and beat's) and /health/live/ (for the load balancer: this web process and its database). Each check
answers {"ok": bool, ...} with what a person on call needs to act: the error or the age."""

import time

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from health.services import BEAT_KEY, WORKER_KEY

CHECK_TIMEOUT = 2.0


def _timed(check):
    started = time.perf_counter()
    try:
        result = check()
    except Exception as exc:  # a check reports its failure; it never raises
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    result["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True, "vendor": connection.vendor}


def _redis() -> dict:
    url = settings.HYDRA_REDIS_URL
    if not url:
        return {"ok": True, "skipped": "HYDRA_REDIS_URL is not set: the cache is a file cache on this machine."}
    # lazy: the Redis client only where HYDRA_REDIS_URL is set; a machine without Redis never loads it
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=CHECK_TIMEOUT, socket_timeout=CHECK_TIMEOUT)
    try:
        client.ping()
    finally:
        client.close()
    return {"ok": True}


def _broker() -> dict:
    with current_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=CHECK_TIMEOUT)
        transport = conn.transport_cls
    return {"ok": True, "transport": str(transport)}


def _stamp(key: str, what: str, redis_ok: bool = True) -> dict:
    stamp = cache.get(key)
    stale = float(settings.HYDRA_HEARTBEAT_STALE_SECONDS)
    if not stamp:
        if not redis_ok:
            return {
                "ok": False,
                "error": f"The {what}'s heartbeat can't be read: Redis, which keeps it, is unreachable.",
            }
        return {"ok": False, "error": f"No {what} heartbeat yet: is the {what} running?"}
    age = max(0.0, time.time() - float(stamp["at"]))
    result = {"ok": age <= stale, "age_seconds": round(age, 1), "who": stamp.get("who", "")}
    if not result["ok"]:
        result["error"] = f"The {what}'s last heartbeat is {age:.0f} s old (more than {stale:.0f} s)."
    return result


def _status(checks: dict) -> dict:
    return {"status": "ok" if all(c["ok"] for c in checks.values()) else "failing", "checks": checks}


def health_report() -> dict:
    """Every check; "status" is "ok" when all pass, else "failing". The workers are judged by the heartbeat the
    workers send and run, beat by the one beat sends (health.tasks): a frozen beat fails "beat" alone."""
    redis = _timed(_redis)
    checks = {
        "database": _timed(_database),
        "redis": redis,
        "broker": _timed(_broker),
        "worker": _timed(lambda: _stamp(WORKER_KEY, "worker", redis["ok"])),
        "beat": _timed(lambda: _stamp(BEAT_KEY, "beat", redis["ok"])),
    }
    return _status(checks)


def health_live() -> dict:
    """This web process answers and reaches the database: what a load balancer needs to send it requests. Redis,
    the broker, the workers and beat are left out: pages work without Redis, and a dead worker or beat is not
    this node's fault (taking every node out for it would stop the whole site)."""
    return _status({"database": _timed(_database)})
