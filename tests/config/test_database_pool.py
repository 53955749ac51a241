"""DATABASE_POOL (config/settings/base.py, database_pool): pooled PostgreSQL connections, on in production."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from config.settings.base import database_pool

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = {"ENGINE": "django.db.backends.postgresql", "NAME": "hydra", "OPTIONS": {}}


def _databases(**default):
    return {"default": {**POSTGRES, **default, "OPTIONS": dict(default.get("OPTIONS", {}))}}


def test_pool_on_by_default_in_production_and_sized_from_the_environment(monkeypatch):
    monkeypatch.delenv("DATABASE_POOL", raising=False)
    monkeypatch.setenv("DATABASE_POOL_MAX", "12")
    databases = _databases()
    database_pool(databases, default=True)
    assert databases["default"]["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 12, "timeout": 10.0, "max_waiting": 0}
    assert databases["default"]["CONN_HEALTH_CHECKS"] is True  # the pool checks a connection before handing it out


def test_pool_off_by_default_elsewhere_and_when_turned_off(monkeypatch):
    monkeypatch.delenv("DATABASE_POOL", raising=False)
    databases = _databases(OPTIONS={"pool": {"max_size": 3}})
    database_pool(databases, default=False)
    assert "pool" not in databases["default"]["OPTIONS"]
    monkeypatch.setenv("DATABASE_POOL", "false")
    databases = _databases()
    database_pool(databases, default=True)
    assert "pool" not in databases["default"]["OPTIONS"]


def test_sqlite_never_gets_a_pool(monkeypatch):
    monkeypatch.setenv("DATABASE_POOL", "true")
    databases = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "x.sqlite3"}}
    database_pool(databases, default=True)
    assert "pool" not in databases["default"].get("OPTIONS", {})


def _test_database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.services
@pytest.mark.django_db
def test_production_settings_serve_queries_from_the_pool():
    """A real PostgreSQL: the production settings open a psycopg pool and a query goes through it."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("needs PostgreSQL: run with CI=true")
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_POOL")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="pool-test-" + "s3cr3t" * 9,
        ALLOWED_HOSTS="hydra.example.org",
        DATABASE_URL=_test_database_url(),
    )
    show = (
        "from django.db import connection; "
        "[connection.cursor().execute('select 1') for _ in range(3)]; "
        "print(type(connection.pool).__name__, connection.pool.max_size)"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", show],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "ConnectionPool 8"


@pytest.mark.parametrize(
    "argv0, env, expected",
    [
        ("/srv/hydra/.venv/bin/celery", {"DATABASE_POOL": "true"}, "false"),  # a worker or beat: never pooled
        ("/srv/hydra/.venv/bin/celery", {"CELERY_DATABASE_POOL": "true"}, "true"),  # unless asked for on purpose
        ("/srv/hydra/.venv/bin/gunicorn", {"DATABASE_POOL": "true"}, "true"),  # the web processes keep their setting
    ],
)
def test_celery_processes_do_not_pool_their_connections(argv0, env, expected):
    code = f"import sys; sys.argv[0] = {argv0!r}; import os, config.celery; print(os.environ['DATABASE_POOL'])"
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_POOL", "CELERY_DATABASE_POOL")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == expected
