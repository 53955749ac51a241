"""A player's sign-up and password reset, limited, and the login lockout's hooks: the rate limits in the shared
cache (sign-ups and joins at the door per client address, password resets per address and per e-mail address) and
django-axes' callables (settings.AXES_*). The pages are portal.views.accounts.

Sign-up attempts are limited per client address (HYDRA_SIGNUP_RATE, "30/hour" unless set; "" or None for no
limit), counted in the cache: a script can't create accounts by the thousand, and a venue whose players share one
address still gets a round of sign-ups through. Password resets are limited per client address and per e-mail
address (portal.views.accounts).
"""

import hashlib
import time

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import ngettext

from common.clientip import client_ip


_PERIODS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}


def rate_setting(name: str) -> tuple[int, int] | None:
    """(attempts, seconds) from the setting `name`, such as "30/hour" or "5/min"; None when it is "" or None (no
    limit)."""
    text = getattr(settings, name)
    if not text:
        return None
    count, _slash, period = str(text).partition("/")
    count, period = count.strip(), period.strip().lower()
    if not (count.isascii() and count.isdigit() and period in _PERIODS):
        raise ImproperlyConfigured(f'{name} must read like "30/hour" (s, min, hour or day), not {text!r}.')
    return int(count), _PERIODS[period]


def signup_rate() -> tuple[int, int] | None:
    """(attempts, seconds) from HYDRA_SIGNUP_RATE such as "30/hour" or "5/min"; None when sign-ups aren't limited."""
    return rate_setting("HYDRA_SIGNUP_RATE")


def _window_key(scope: str, identity: str, seconds: int, now: float) -> str:
    return f"portal:{scope}:{identity}:{int(now // seconds)}"


def attempt_wait(*, scope: str, identity: str, rate: tuple[int, int] | None) -> int:
    """Count one attempt of `scope` by `identity` (a client address, a hashed e-mail ...) in the shared cache, in a
    fixed window of the rate's seconds: 0 if it may go on, else the seconds until the window ends. With Redis down
    nothing is counted (config/cache.py), so attempts go on."""
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    key = _window_key(scope, identity, seconds, now)
    cache.add(key, 0, timeout=seconds)
    try:
        attempts = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=seconds)
        attempts = 1
    return 0 if attempts <= count else int(seconds - now % seconds) + 1


def failures_wait(*, scope: str, identity: str, rate: tuple[int, int] | None) -> int:
    """Without counting anything: 0 while `identity` has had fewer failures of `scope` than the rate allows in
    this fixed window (failure_count counts them), else the seconds until the window ends. So a limit on wrong
    guesses refuses a right one too, until the window passes."""
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    if (cache.get(_window_key(scope, identity, seconds, now)) or 0) < count:
        return 0
    return int(seconds - now % seconds) + 1


def failure_count(*, scope: str, identity: str, rate: tuple[int, int] | None) -> None:
    """Count one failure of `scope` by `identity` in the rate's fixed window (failures_wait reads it)."""
    if rate is not None:
        attempt_wait(scope=scope, identity=identity, rate=rate)


def signup_wait(request: HttpRequest) -> int:
    """Count this sign-up attempt (here or at the door, portal.join) against the client's address: 0 if it may go
    on, else the seconds to wait."""
    return attempt_wait(scope="signup", identity=client_ip(request) or "unknown", rate=signup_rate())


def wait_minutes(wait: int) -> int:
    return max(1, -(-wait // 60))


def too_many_refusal(wait: int) -> str:
    """The sentence refusing one sign-up too many, with when to try again."""
    minutes = wait_minutes(wait)
    return ngettext(
        "Too many sign-ups from your network just now. Try again in %(n)d minute, or ask the organizer.",
        "Too many sign-ups from your network just now. Try again in %(n)d minutes, or ask the organizer.",
        minutes,
    ) % {"n": minutes}


def address_digest(email: str) -> str:
    """How an e-mail address is counted in the shared cache: hashed, case and spaces ignored."""
    return hashlib.sha256(email.strip().lower().encode("utf-8", "replace")).hexdigest()[:32]


LOCKOUT_USERNAME_LENGTH = 255  # django-axes' username columns


def axes_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """settings.AXES_USERNAME_CALLABLE: the user name a login attempt is counted under, as django-axes can store it.

    Any text may be typed there; the lockout records at most 255 characters (no account's name is longer) and no
    NUL (PostgreSQL refuses it), so a hostile user name is counted and refused like any wrong one, never a 500."""
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    if username is None:
        return None
    return str(username).replace("\x00", "\ufffd")[:LOCKOUT_USERNAME_LENGTH]


# --- The login lockout (django-axes; issue 19, issue 37) ------------------------------------------------------------
# Two counts, each with its own limit: wrong passwords for one account from one address (HYDRA_LOGIN_FAILURE_LIMIT,
# 5) lock that pair; wrong passwords from one address whatever the account (HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT, 50)
# lock the address, so one password sprayed across many accounts is stopped too, while a venue's players behind one
# NAT, who mistype now and then, stay far below it. django-axes counts both (AXES_LOCKOUT_PARAMETERS) and compares
# the larger with one limit (AXES_FAILURE_LIMIT): login_failure_limit picks the limit that makes that comparison
# mean "either count reached its own limit".
PAIR_AND_ADDRESS = [["username", "ip_address"], "ip_address"]


def login_lockout_parameters(request_or_attempt, credentials: dict | None = None) -> list:
    """settings.AXES_LOCKOUT_PARAMETERS: the account and address pair, and the address alone. A successful login
    (the request's user is signed in by then) clears the account's own count only: signing in to one's own account
    must not wipe the address's count of wrong passwords for other accounts."""
    user = getattr(request_or_attempt, "user", None)
    if isinstance(request_or_attempt, HttpRequest) and user is not None and user.is_authenticated:
        return [["username", "ip_address"]]
    return PAIR_AND_ADDRESS


def _pair_failures(request: HttpRequest, credentials: dict | None) -> int:
    attempts = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=getattr(request, "axes_ip_address", None),
        attempt_time__gte=get_cool_off_threshold(request),
    )
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def login_failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """settings.AXES_FAILURE_LIMIT. django-axes locks when max(pair failures, address failures) reaches this: the
    pair's limit once the pair reached it, else the address's (larger) limit, which only the address's count can
    reach."""
    pair_limit = settings.HYDRA_LOGIN_FAILURE_LIMIT
    if _pair_failures(request, credentials) >= pair_limit:
        return pair_limit
    return max(pair_limit, settings.HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT)


def login_locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """settings.AXES_LOCKOUT_CALLABLE: too many wrong passwords for one account from one address, or from one address
    for many accounts (django-axes).

    429 with a page that says what happened, how long it lasts and the way out (resetting the password).
    """
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    by_account = _pair_failures(request, credentials) >= settings.HYDRA_LOGIN_FAILURE_LIMIT
    context = {
        "failure_limit": settings.HYDRA_LOGIN_FAILURE_LIMIT,
        "minutes": minutes,
        "by_account": by_account,
        "address_limit": settings.HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT,
    }
    return render(request, "registration/locked_out.html", context, status=429)
