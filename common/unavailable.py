"""When the database can't answer now, the request is answered 503 with Retry-After, never a 500 (issue 52).

What that is: the pool had no free connection in time (psycopg_pool's PoolTimeout, or TooManyRequests past
DATABASE_POOL_MAX_WAITING), a connection that a restart of PostgreSQL terminated ("terminating connection due to
administrator command"), the server down or refusing connections. Django raises each as its OperationalError (or an
InterfaceError for a connection already closed), the driver's error as its cause. Nothing about the request was
wrong and it may well work a few seconds later, which is what 503 and Retry-After tell a client (docs/deploy.md,
"Database connections"). The pages' answer is config.errors.server_error, the API's api.exceptions; both mark it
(`database_unavailable` on the response: "busy" for a full pool, "broken" for a connection that failed), and
config.middleware.DatabaseRetryMiddleware tries a GET or HEAD whose connection broke once more."""

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext as _


def database_unavailable(exc: BaseException | None) -> bool:
    """Whether `exc` (or what caused it) says the database can't answer now."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, (OperationalError, InterfaceError)):
            return True
        module = type(exc).__module__
        if module.startswith(("psycopg", "psycopg_pool")) and type(exc).__name__ in {
            "OperationalError",
            "InterfaceError",
            "PoolTimeout",
            "TooManyRequests",
            "PoolClosed",
        }:
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def pool_busy(exc: BaseException | None) -> bool:
    """Whether `exc` is the pool with no connection free in time (trying again at once would only wait again),
    rather than a connection that broke (trying again gets a new one)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if type(exc).__name__ in {"PoolTimeout", "TooManyRequests"}:
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def retry_after_seconds() -> int:
    """The Retry-After of the answer (HYDRA_DATABASE_RETRY_AFTER)."""
    return settings.HYDRA_DATABASE_RETRY_AFTER


def unavailable_message() -> str:
    return _("Hydra is very busy for a moment and could not answer. Nothing was lost; try again in a few seconds.")
