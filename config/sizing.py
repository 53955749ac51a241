"""The web server's sizes for the machine it runs on (issue 54; docs/deploy.md, "Sizing"), each overridable from
the environment. Read by config/gunicorn.py (processes) and config/settings/base.py (each process's pool of
database connections and its request slots, config/admission.py), so the three agree.

- WEB_CONCURRENCY web processes: 2 per core plus 1 (the cores this process may run on).
- DATABASE_POOL_MAX connections per web process: 8, fewer where many processes would together pass
  CONNECTION_BUDGET (PostgreSQL's default max_connections is 100: the rest stays for the Celery worker and beat
  processes, migrations and a person at psql), never under 2.
- HYDRA_WEB_SLOTS requests a web process runs at once: 4, or fewer where its pool has fewer connections, so no
  request waits for one. A process runs Python one thread at a time (the GIL): beyond a few requests at once, each
  only takes longer; a request beyond them waits its turn on the event loop, where waiting costs nothing and writes
  go first (config/admission.py).
"""

from __future__ import annotations

import os

CONNECTION_BUDGET = 80
SLOTS = 4


def cores() -> int:
    """The cores this process may run on (a container's CPU set, not the host's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def web_processes() -> int:
    return _int("WEB_CONCURRENCY", 2 * cores() + 1)


def database_pool_max() -> int:
    return _int("DATABASE_POOL_MAX", max(2, min(8, CONNECTION_BUDGET // web_processes())))


def web_slots() -> int:
    return _int("HYDRA_WEB_SLOTS", min(SLOTS, database_pool_max()))
