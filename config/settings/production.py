"""Production settings: every secret from the environment, HTTPS everywhere.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis).
"""
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import SECRET_KEY, env

DEBUG = False
if not SECRET_KEY or len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be set to a random string of at least 50 characters in production.")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# E-mail (password resets): EMAIL_URL such as smtp+tls://user:password@smtp.example.org:587 (django-environ's
# email_url), and the sender's address. Without EMAIL_URL, a mail server on this host.
vars().update(env.email_url("EMAIL_URL", default="smtp://localhost:25"))
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Hydra <hydra@localhost>")
SERVER_EMAIL = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)

# Players' own sign-up: attempts per client address (portal.accounts), e.g. "30/hour"; empty for no limit.
HYDRA_SIGNUP_RATE = env("HYDRA_SIGNUP_RATE", default="30/hour")
