"""Production settings: every secret from the environment, HTTPS everywhere.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis); HYDRA_REDIS_URL (the
shared cache) defaults to database 1 on the broker's Redis server. Every setting: docs/deploy.md.
"""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import DATABASES, SECRET_KEY, _redis_cache, database_pool, env

DEBUG = False
if not SECRET_KEY or len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be set to a random string of at least 50 characters in production.")

# Pooled PostgreSQL connections in every web and worker process (DATABASE_POOL=false turns it off).
database_pool(DATABASES, default=True)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
# Load balancers probe /health/ over plain HTTP inside the network.
SECURE_REDIRECT_EXEMPT = [r"^health/$", r"^health/live/$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# E-mail (password resets): EMAIL_URL such as smtp+tls://user:password@smtp.example.org:587 (django-environ's
# email_url), and the sender's address. Without EMAIL_URL, a mail server on this host.
vars().update(env.email_url("EMAIL_URL", default="smtp://localhost:25"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Hydra <hydra@localhost>")
SERVER_EMAIL = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)

# The shared cache (issue 19): production runs several processes, so a per-process cache would count throttles and
# lockouts per process. Without HYDRA_REDIS_URL, database 1 of the broker's Redis server; with neither (a single
# machine without Redis), the file cache under var/ that one machine's processes share.
if not HYDRA_REDIS_URL:  # noqa: F405
    _broker = env("CELERY_BROKER_URL", default="")
    if _broker.startswith(("redis://", "rediss://")):
        _server = _broker.split("?", 1)[0]
        _server = _server.rsplit("/", 1)[0] if _server.count("/") > 2 else _server.rstrip("/")
        HYDRA_REDIS_URL = _server + "/1"
        CACHES = {"default": {**_redis_cache, "LOCATION": HYDRA_REDIS_URL}}
# Hashed file names, so static files can be cached for a year by browsers and CDNs (WhiteNoise serves them).
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}  # noqa: F405
