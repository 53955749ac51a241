"""The embedded default (SQLite, what `make run` uses): phones tapping the same total at once on the live page lose no
change and get no 500 "database is locked", while a spectator polls the state. SQLite has no row locks; Hydra opens every transaction with BEGIN IMMEDIATE
(config/settings/base.py), so a second writer waits for the first instead of failing when its read lock can't
become a write lock. Runs in its own process on a database file, as `make run` does."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PHONES, TAPS = 4, 6  # 24 taps of -1 life: the team stays above 0


@pytest.mark.slow
def test_phones_tapping_the_same_total_at_once_on_sqlite_lose_nothing(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYDRA_SERVICES")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL=f"sqlite:///{tmp_path / 'hydra.sqlite3'}",
        CELERY_BROKER_URL="memory://",
    )
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "sharedgame" / "sqlite_race.py"), str(PHONES), str(TAPS)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert (outcome["vendor"], outcome["database"]) == ("sqlite", str(tmp_path / "hydra.sqlite3"))
    assert outcome["errors"] == []
    assert outcome["changes"] == outcome["version"] == PHONES * TAPS
    assert outcome["life_a"] == 30 - PHONES * TAPS
    assert outcome["polls"] > 0  # a spectator read the state while the phones wrote
