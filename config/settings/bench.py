"""Benchmark settings: production's, plus the development-only benchmarks app, for production figures.

`DJANGO_SETTINGS_MODULE=config.settings.bench python manage.py bench_public` (with production's environment:
SECRET_KEY, DATABASE_URL, Redis ...): the command runs here, because production's settings don't install the
benchmarks; the servers and workers it starts run config.settings.production itself (benchmarks/servers.py), so
what is measured is production's stack. Never a deployment's settings (docs/deploy.md, "Benchmark").
"""

from .production import *  # noqa: F403
from .production import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "benchmarks"]
