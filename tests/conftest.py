"""Suite-wide setup.

With CI=true the suite must run against PostgreSQL and Redis and fails at once, rather than skipping, when either
can't be reached. Without CI it runs on SQLite and skips only the tests marked `services`, saying why.
"""

import os

import pytest
from django.conf import settings

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
SERVICES = CI or os.environ.get("HYDRA_SERVICES", "").lower() in ("1", "true", "yes")
REDIS_URL = os.environ.get("HYDRA_REDIS_URL", "redis://127.0.0.1:6379/5")


def _services_problems() -> list[str]:
    problems = []
    engine = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" not in engine:
        problems.append(f"CI=true needs PostgreSQL, but DATABASE_URL selects {engine}.")
    else:
        import psycopg

        db = settings.DATABASES["default"]
        try:
            psycopg.connect(
                host=db.get("HOST") or "127.0.0.1",
                port=db.get("PORT") or 5432,
                user=db.get("USER") or "postgres",
                password=db.get("PASSWORD") or None,
                dbname="postgres",
                connect_timeout=5,
            ).close()
        except psycopg.Error as exc:
            problems.append(f"PostgreSQL can't be reached at {db.get('HOST')}:{db.get('PORT')}: {exc}")
    if not settings.CELERY_BROKER_URL.startswith("redis://"):
        problems.append(f"CI=true needs Redis as the Celery broker, not {settings.CELERY_BROKER_URL}.")
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5).ping()
    except redis.RedisError as exc:
        problems.append(f"Redis can't be reached at {REDIS_URL}: {exc}")
    return problems


def pytest_sessionstart(session):
    if CI:
        problems = _services_problems()
        if problems:
            pytest.exit("CI=true, but the real services are missing:\n- " + "\n- ".join(problems), returncode=3)


def pytest_collection_modifyitems(config, items):
    if SERVICES:
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL and Redis: run with CI=true (make test starts them if installed)")
    for item in items:
        if item.get_closest_marker("services") is not None:
            item.add_marker(skip)


@pytest.fixture
def redis_url() -> str:
    return REDIS_URL


@pytest.fixture(scope="session")
def _bundled_cards(django_db_setup, django_db_blocker):
    """The card catalogue Hydra ships, imported once per session outside the per-test transactions."""
    from cards.services import cards_ensure_loaded

    with django_db_blocker.unblock():
        cards_ensure_loaded()


@pytest.fixture(autouse=True)
def _no_versioned_values():
    """Each test starts with no table kept in the process (api.conditional.versioned_value) and nothing the floor
    remembers (config.floor): rolled-back databases hand out the same event ids and versions again."""
    from api.conditional import versioned_values_forget
    from config.floor import floor_forget

    versioned_values_forget()
    floor_forget()
    yield
    versioned_values_forget()
    floor_forget()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request with Accept-Language leaves its language active in
    the thread (LocaleMiddleware doesn't reset it), which would leak into the next test's messages."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def prerelease(_bundled_cards, db):
    """A Competitive REL individual sealed event with real product (issue 40: pools unknown to Hydra, typed decks)
    and three players' seats, with the card data loaded: (event, seats)."""
    from cards.services import cards_ensure_loaded
    from tests.factories import PrereleaseEventFactory, RegistrationFactory

    cards_ensure_loaded()
    event = PrereleaseEventFactory()
    return event, [RegistrationFactory(event=event).seats.get() for _ in range(3)]


@pytest.fixture(autouse=True)
def _mail_worker():
    """Hydra's e-mail leaves through a Celery task (tournaments.services.mail); no worker runs in the tests, so the
    task runs here when it is sent (Celery's eager run: its tries again follow at once, their waits skipped), and
    the mail lands in the tests' outbox as a worker would put it there. Every other task is sent as it is."""
    from unittest import mock

    from celery import current_app

    import tournaments.tasks  # noqa: F401  (registers the mail task, as a worker's autodiscovery does)
    from tournaments.services.mail import MAIL_TASK

    send = current_app.send_task

    def send_task(name, args=None, kwargs=None, **options):
        if name == MAIL_TASK:
            return current_app.tasks[name].apply(args=args or (), kwargs=kwargs or {})
        return send(name, args=args, kwargs=kwargs, **options)

    with mock.patch.object(current_app, "send_task", side_effect=send_task):
        yield
