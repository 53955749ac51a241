"""The project's own health: checks, migrations and the production settings stay clean."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


def test_system_check_is_clean():
    call_command("check", fail_level="WARNING")


@pytest.mark.django_db
def test_migrations_match_the_models():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def test_production_settings_pass_check_deploy_without_warnings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="x" * 20 + "production-secret-for-the-deploy-check-0123456789",
        ALLOWED_HOSTS="hydra.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_a_missing_secret_key():
    result = _manage("check", DJANGO_SETTINGS_MODULE="config.settings.production", ALLOWED_HOSTS="hydra.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_load_demo_creates_the_demo_event_with_eight_teams_of_three(settings):
    from tournaments.models import Event

    settings.DEBUG = True

    call_command("load_demo", stdout=open(os.devnull, "w"))
    call_command("load_demo", stdout=open(os.devnull, "w"))  # a second run changes nothing
    event = Event.objects.get(name="Hydra Demo Team Open")
    assert event.team_size == 3
    assert event.registrations.count() == 8
    assert all(r.seats.count() == 3 for r in event.registrations.all())


@pytest.mark.django_db
def test_load_demo_prints_the_logins_at_the_url_hydra_is_served_at(settings):
    import io

    settings.DEBUG = True
    out = io.StringIO()
    call_command("load_demo", "--url", "http://127.0.0.1:8123/", stdout=out)
    text = out.getvalue()
    assert "organizer / hydra-demo  ->  http://127.0.0.1:8123/organize/" in text and "/admin/" not in text
    assert "at http://127.0.0.1:8123/draft/ :" in text and "8000" not in text


@pytest.mark.django_db
def test_load_demo_is_refused_without_debug(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError, match="only with DEBUG on"):
        call_command("load_demo")


def test_production_settings_send_mail_through_email_url():
    code = (
        "from django.conf import settings as s; "
        "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.EMAIL_HOST_USER, s.DEFAULT_FROM_EMAIL)"
    )
    result = _manage(
        "shell",
        "-c",
        code,
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY="x" * 20 + "production-secret-for-the-deploy-check-0123456789",
        ALLOWED_HOSTS="hydra.example.org",
        EMAIL_URL="smtp+tls://mailer:secret@smtp.example.org:587",
        DEFAULT_FROM_EMAIL="Spring Open <to@example.org>",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        "587",
        "True",
        "mailer",
        "Spring",
        "Open",
        "<to@example.org>",
    ]
