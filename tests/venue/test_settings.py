"""config.settings.venue, read in a fresh process as `make venue` reads it."""

import json
import os
import subprocess
import sys

from django.conf import settings

from common.network import host_for_url, lan_addresses

SHOW = (
    "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps({"
    "'key': s.SECRET_KEY, 'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS, 'origins': s.CSRF_TRUSTED_ORIGINS, "
    "'email': s.EMAIL_BACKEND, 'url': s.HYDRA_VENUE_URL}))"
)


def _venue_settings(**env) -> dict:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "HYDRA_VENUE_URL")
    }
    result = subprocess.run(
        [sys.executable, "-c", SHOW],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings.venue", "PORT": "8123", **env},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_venue_settings_allow_every_lan_address_and_keep_mail_for_printing():
    shown = _venue_settings(ALLOWED_HOSTS="hydra.local")
    for address in lan_addresses():
        assert host_for_url(address) in shown["hosts"]
        assert f"http://{host_for_url(address)}:8123" in shown["origins"]
    assert "hydra.local" in shown["hosts"] and "127.0.0.1" in shown["hosts"]
    assert shown["debug"] is False
    assert shown["email"] == "venue.mail.PrintableEmailBackend"
    assert shown["url"].endswith(":8123/")


def test_venue_mode_never_runs_on_the_public_development_key():
    first, second = _venue_settings(), _venue_settings()
    assert first["key"] == second["key"]  # kept in var/, so sessions survive a restart
    assert not first["key"].startswith("hydra-development") and len(first["key"]) >= 50
    assert _venue_settings(SECRET_KEY="x" * 60)["key"] == "x" * 60
