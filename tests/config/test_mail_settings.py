"""Where the portal's mail (password resets) goes: the console in development, EMAIL_URL's server in production."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "portal-mail-settings-test-" + "s3cr3t" * 8,
    "ALLOWED_HOSTS": "hydra.example.org",
}
SHOW = (
    "from django.conf import settings as s; "
    "print('|'.join(str(v) for v in (s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, "
    "s.DEFAULT_FROM_EMAIL, s.SERVER_EMAIL, getattr(s, 'HYDRA_SIGNUP_RATE', '-'))))"
)


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    drop = (
        "DEBUG",
        "SECRET_KEY",
        "DJANGO_SETTINGS_MODULE",
        "EMAIL_URL",
        "DEFAULT_FROM_EMAIL",
        "SERVER_EMAIL",
        "HYDRA_SIGNUP_RATE",
    )
    full_env = {k: v for k, v in os.environ.items() if k not in drop}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def _settings(**env: str) -> list[str]:
    result = _manage("shell", "-c", SHOW, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split("|")


def test_development_prints_mail_on_the_console():
    backend = _settings(DJANGO_SETTINGS_MODULE="config.settings.dev")[0]
    assert backend == "django.core.mail.backends.console.EmailBackend"


def test_production_without_email_url_uses_a_mail_server_on_this_host():
    backend, host, port, tls, sender, server, rate = _settings(**PRODUCTION)
    assert (backend, host, port, tls) == ("django.core.mail.backends.smtp.EmailBackend", "localhost", "25", "False")
    assert sender == server == "Hydra <hydra@localhost>"
    assert rate == "30/hour"


def test_production_reads_the_mail_server_senders_and_sign_up_rate_from_the_environment():
    values = _settings(
        **PRODUCTION,
        EMAIL_URL="smtp+tls://mailer:secret@smtp.example.org:587",
        DEFAULT_FROM_EMAIL="Open <open@example.org>",
        SERVER_EMAIL="errors@example.org",
        HYDRA_SIGNUP_RATE="10/min",
    )
    assert values == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        "587",
        "True",
        "Open <open@example.org>",
        "errors@example.org",
        "10/min",
    ]


def test_production_with_email_url_passes_check_deploy_without_warnings():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **PRODUCTION,
        EMAIL_URL="smtp+ssl://mailer:secret@smtp.example.org:465",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
