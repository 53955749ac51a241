"""Run by test_sqlite_concurrency.py in its own process, on a file-based SQLite database (DATABASE_URL): several
threads, each a phone with its own connection and test client, tap the same total at once through the live page's
change view (where the bug was a 500 "database is locked"), while a spectator polls the state fragment. Prints one
JSON line."""

import json
import os
import sys
import threading

import django

sys.path.insert(0, os.getcwd())
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from sharedgame.models import GameState, LifeChange  # noqa: E402
from tests.factories import SharedMatchFactory  # noqa: E402

PHONES, TAPS = int(sys.argv[1]), int(sys.argv[2])

setup_test_environment()
call_command("migrate", verbosity=0)
match = SharedMatchFactory()
users = [s.player.user for s in match.team_a.seats.all()] + [s.player.user for s in match.team_b.seats.all()]
clients = []
for k in range(PHONES):
    client = Client(raise_request_exception=False)
    client.force_login(users[k % len(users)])
    clients.append(client)
connection.close()
change_url = reverse("sharedgame:change", args=[match.pk])
state_url = reverse("sharedgame:state", args=[match.pk])
start = threading.Barrier(PHONES + 1)
tapping = threading.Event()
tapping.set()
errors: list[str] = []
polls = [0]


def tap(client) -> None:
    try:
        start.wait(timeout=10)
        for _ in range(TAPS):
            response = client.post(change_url, {"team": "A", "life": "-1", "game": "1"}, HTTP_HX_REQUEST="true")
            if response.status_code != 200 or b'role="alert"' in response.content:
                errors.append(f"tap: {response.status_code} {response.content[:300]!r}")
    except Exception as exc:  # noqa: BLE001 - reported in the output
        errors.append(f"tap: {type(exc).__name__}: {exc}")
    finally:
        connection.close()


def watch() -> None:
    spectator = Client(raise_request_exception=False)
    try:
        start.wait(timeout=10)
        while tapping.is_set():
            response = spectator.get(state_url)
            polls[0] += 1
            if response.status_code not in (200, 204):
                errors.append(f"poll: {response.status_code} {response.content[:300]!r}")
    except Exception as exc:  # noqa: BLE001 - reported in the output
        errors.append(f"poll: {type(exc).__name__}: {exc}")
    finally:
        connection.close()


threads = [threading.Thread(target=tap, args=(clients[k],)) for k in range(PHONES)]
spectator = threading.Thread(target=watch)
spectator.start()
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(timeout=120)
tapping.clear()
spectator.join(timeout=30)
state = GameState.objects.get(match=match, number=1)
print(
    json.dumps(
        {
            "vendor": connection.vendor,
            "database": str(connection.settings_dict["NAME"]),
            "errors": errors,
            "life_a": state.life_a,
            "version": state.version,
            "changes": LifeChange.objects.filter(game=state).count(),
            "polls": polls[0],
        }
    )
)
