"""Run by test_sqlite_concurrency.py in its own process, on a file-based SQLite database (DATABASE_URL): several
threads, each a phone with its own connection, change the same total at once. Prints one JSON line."""
import json
import os
import sys
import threading

import django

sys.path.insert(0, os.getcwd())
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from sharedgame.models import GameState, LifeChange  # noqa: E402
from sharedgame.services import life_change_apply  # noqa: E402
from tests.factories import SharedMatchFactory  # noqa: E402

PHONES, TAPS = int(sys.argv[1]), int(sys.argv[2])

call_command("migrate", verbosity=0)
match = SharedMatchFactory()
users = [s.player.user for s in match.team_a.seats.all()] + [s.player.user for s in match.team_b.seats.all()]
start = threading.Barrier(PHONES)
errors: list[str] = []


def tap(user) -> None:
    try:
        start.wait(timeout=10)
        for _ in range(TAPS):
            life_change_apply(match=match, user=user, game=1, team="A", life=-1)
    except Exception as exc:  # noqa: BLE001 - reported in the output
        errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        connection.close()


threads = [threading.Thread(target=tap, args=(users[k % len(users)],)) for k in range(PHONES)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(timeout=120)
state = GameState.objects.get(match=match, number=1)
print(json.dumps({
    "vendor": connection.vendor, "database": str(connection.settings_dict["NAME"]), "errors": errors,
    "life_a": state.life_a, "version": state.version, "changes": LifeChange.objects.filter(game=state).count(),
}))
