"""Development settings: DEBUG on, a development secret key, the embedded defaults."""

import os

os.environ.setdefault("DEBUG", "true")

from .base import *  # noqa: E402,F403
from .base import SECRET_KEY as _SECRET_KEY  # noqa: E402

if not _SECRET_KEY:
    SECRET_KEY = "hydra-development-only-secret-key-do-not-use-in-production"  # noqa: S105

EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# Serve static files straight from the apps and static/ in development, with no collectstatic step.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The bench_* commands (benchmarks/): development-only, so base and production don't install them; test and venue
# build on this module and have them too. config.settings.bench is production's settings with them.
INSTALLED_APPS = [*INSTALLED_APPS, "benchmarks"]  # noqa: F405

# Outbound requests (common/outbound.py) may reach this machine's own receivers and Hydras, nothing else private.
HYDRA_OUTBOUND_ALLOW = env.list("HYDRA_OUTBOUND_ALLOW", default=["localhost", "127.0.0.0/8", "::1"])  # noqa: F405
