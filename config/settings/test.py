"""Test settings: like development, with fast password hashing.

With CI=true the suite must run on PostgreSQL and Redis: DATABASE_URL and CELERY_BROKER_URL default to the
services on this machine (127.0.0.1:5432, 127.0.0.1:6379) and tests/conftest.py fails when they can't be reached.
"""

import os

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
if CI:
    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/hydra")
    os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/5")
    os.environ.setdefault("HYDRA_REDIS_URL", "redis://127.0.0.1:6379/5")

from .dev import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Each test starts with an empty cache of its own (tests of the shared Redis cache set CACHES themselves), and the
# login lockout is off except in its own tests (Django's test client logs in without a request, which axes needs).
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
AXES_ENABLED = False
# A pick's clock runs exactly its pick time in tests (they measure the time itself); tests of the allowance for
# the push latency set it (drafting.core.seen_allowance).
HYDRA_DRAFT_SEEN_SECONDS = 0.0

# The floor (config/floor.py) reads the stored answer and the event's state on every request in tests, so a change
# made by a test is seen at once.
HYDRA_FLOOR_CHECK_SECONDS = 0

# No worker computes the standings ahead after each change in tests (each test of it turns it on).
HYDRA_STANDINGS_AHEAD = False
