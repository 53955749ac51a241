"""The client's address, the same way everywhere: DRF's throttles, the login lockout (django-axes), sign-up and
password-reset limits, and the HTTP server in front of Django.

With NUM_PROXIES = 0 (the default) it is the connection's own address, REMOTE_ADDR: X-Forwarded-For is ignored, since
a client can write anything there. Behind N proxies that each append the address they saw, it is the N-th address
from the right of X-Forwarded-For (what the outermost proxy saw), like DRF's NUM_PROXIES.

NUM_PROXIES is the one setting of this rule (issue 29). The server follows it too (config/gunicorn.py): uvicorn
rewrites REMOTE_ADDR from X-Forwarded-For for connections from its `forwarded_allow_ips` (127.0.0.1 by default), so
with NUM_PROXIES = 0 it is told to trust no one, and a client on the same machine can't pick its address either.
"""

import os
from pathlib import Path

import environ as django_environ
from django.conf import settings
from django.http import HttpRequest

_DOTENV = Path(__file__).resolve().parent.parent / ".env"


def num_proxies(environ=None) -> int:
    """NUM_PROXIES from the environment or the project's .env (read as the settings read it); 0 when unset."""
    if environ is None:
        environ = os.environ
        if "NUM_PROXIES" not in environ and _DOTENV.exists():
            django_environ.Env.read_env(_DOTENV, overwrite=False)
    text = str(environ.get("NUM_PROXIES", "") or "0").strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(
            f"NUM_PROXIES must be a whole number of proxies in front of Hydra (0, 1, 2 ...), not {text!r}."
        )
    return int(text)


def server_forwarded_allow_ips(environ=None) -> str:
    """The addresses the HTTP server may take X-Forwarded-For and X-Forwarded-Proto from (gunicorn's and uvicorn's
    forwarded_allow_ips): none when NUM_PROXIES is 0, else FORWARDED_ALLOW_IPS (the proxies', 127.0.0.1 by default)."""
    environ = os.environ if environ is None else environ
    if num_proxies(environ) == 0:
        return ""
    return environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def client_ip(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.NUM_PROXIES
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
