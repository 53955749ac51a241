"""The bench_* commands are development-only (issue 33): production's settings don't install the benchmarks app,
development's (and test and venue, built on them) do, and config.settings.bench is production's plus the app."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SECRET = "benchmarks-settings-test-" + "s3cr3t" * 9


def installed_apps(module: str) -> list[str]:
    """INSTALLED_APPS of the settings `module`, read in a process of its own (settings modules set environment
    defaults as they load, and production's want a secret key)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE")}
    env.update(SECRET_KEY=SECRET, ALLOWED_HOSTS="hydra.example.org")
    code = f"import importlib, json; print(json.dumps(importlib.import_module({module!r}).INSTALLED_APPS))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("module", ["config.settings.base", "config.settings.production"])
def test_production_does_not_install_the_benchmarks(module):
    apps = installed_apps(module)
    assert "tournaments" in apps and "benchmarks" not in apps


@pytest.mark.parametrize(
    "module", ["config.settings.dev", "config.settings.test", "config.settings.venue", "config.settings.bench"]
)
def test_development_test_venue_and_bench_settings_install_them(module):
    assert "benchmarks" in installed_apps(module)


def test_bench_settings_are_production_plus_the_benchmarks_only():
    assert installed_apps("config.settings.bench") == [*installed_apps("config.settings.production"), "benchmarks"]


def test_the_settings_under_test_have_the_benchmarks(settings):
    assert "benchmarks" in settings.INSTALLED_APPS
