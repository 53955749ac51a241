"""push_event / pull_event between two Hydras on this machine: this test's own (its PostgreSQL test database) and a
second one served by `manage.py runserver` on a database of its own. An event goes there, changes here go there,
changes there come back, and a change on both sides is refused as a conflict, saying what differs."""

import json
import urllib.request

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from benchmarks.servers import worker_database_url
from eventfile.models import EventSync
from tests.api.conftest import build_event
from tests.venue.hydra_server import free_port, manage, start_hydra, stop_hydra
from tournaments.enums import ResultState
from tournaments.models import Event, TeamMatch
from tournaments.services.events import event_update
from tournaments.services.results import SeatGames, team_match_record_final

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def other_hydra(transactional_db):
    """A second Hydra: a copy of the (empty, migrated) test database, an organizer with a token there, a server."""
    here = connection.settings_dict
    name = f"{here['NAME']}_other"
    connection.close()  # a template database must have no open connection
    admin = dict(
        host=here["HOST"] or "127.0.0.1",
        port=here["PORT"] or 5432,
        user=here["USER"] or "postgres",
        dbname="postgres",
        autocommit=True,
    )
    with psycopg.connect(**admin) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        # Earlier tests' servers and threads may still hold idle connections to the test database, and a template
        # must have none: end them (they belong to tests that are over).
        db.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [here["NAME"]],
        )
        db.execute(f'CREATE DATABASE "{name}" TEMPLATE "{here["NAME"]}"')
    database_url = worker_database_url().rsplit("/", 1)[0] + f"/{name}"
    manage(
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; "
        "get_user_model().objects.create_superuser('hosted', 'hosted@example.org', 'x-unused-x')",
        database_url=database_url,
    )
    token = manage(
        "create_api_token", "--user", "hosted", "--organizer", "--name", "venue laptop", database_url=database_url
    ).strip()
    port = free_port()
    proc = start_hydra(
        database_url=database_url, bind="127.0.0.1", port=port, probe=f"http://127.0.0.1:{port}/api/v1/events/"
    )
    yield f"http://127.0.0.1:{port}", token, proc
    stop_hydra(proc)
    with psycopg.connect(**admin) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _api(base: str, token: str, path: str, body: dict | None = None, method: str = "GET") -> dict:
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _push(event_id: int, base: str, token: str, capsys) -> str:
    call_command("push_event", str(event_id), "--to", base, "--token", token)
    return capsys.readouterr().out


def _pull(event_id: int, base: str, token: str, capsys) -> str:
    call_command("pull_event", str(event_id), "--from", base, "--token", token)
    return capsys.readouterr().out


def test_an_event_goes_there_and_back_and_a_conflict_is_refused(other_hydra, capsys):
    base, token, proc = other_hydra
    event, _registrations, rounds = build_event(teams=4, rounds=2, state=ResultState.PENDING, top_cut=0)
    first = rounds[0].matches.order_by("table").first()
    team_match_record_final(
        match=first, user=event.organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]
    )

    assert "created there as event" in _push(event.pk, base, token, capsys), proc.log_path.read_text()[-3000:]
    sync = EventSync.objects.get(event=event)
    there = _api(base, token, f"events/{sync.remote_event_id}/export")
    assert sorted(t["name"] for t in there["teams"]) == sorted(event.registrations.values_list("team__name", flat=True))
    assert there["rounds"][0]["matches"][0]["result_state"] == "final"

    # A change here goes there, into the same event.
    second = rounds[0].matches.order_by("table")[1]
    team_match_record_final(
        match=second, user=event.organizer, seats=[SeatGames("A", 0, 2), SeatGames("B", 0, 2), SeatGames("C", 0, 2)]
    )
    assert f"event {sync.remote_event_id} there replaced" in _push(event.pk, base, token, capsys)
    there = _api(base, token, f"events/{sync.remote_event_id}/export")
    assert there["rounds"][0]["matches"][1]["outcome"] == "B"
    assert "nothing to do" in _push(event.pk, base, token, capsys)

    # A change there comes back here, into the same event.
    _api(base, token, f"events/{sync.remote_event_id}/", {"location": "Hall B"}, method="PATCH")
    with pytest.raises(CommandError, match="changed on .* since the last sync and not on the other side"):
        _push(event.pk, base, token, capsys)
    assert f"event {event.pk} here replaced" in _pull(event.pk, base, token, capsys)
    assert Event.objects.get(pk=event.pk).location == "Hall B"
    assert TeamMatch.objects.get(round__event=event, round__number=1, table=second.table).outcome == "B"
    assert "nothing to do" in _pull(event.pk, base, token, capsys)

    # Changed on both sides: refused both ways, with what differs, and nothing moves.
    _api(base, token, f"events/{sync.remote_event_id}/", {"location": "Hall C"}, method="PATCH")
    event_update(event=Event.objects.get(pk=event.pk), location="Hall A")
    for move in (_push, _pull):
        with pytest.raises(CommandError) as refused:
            move(event.pk, base, token, capsys)
        assert "Conflict" in str(refused.value)
        assert "event location: here 'Hall A', there 'Hall C'" in str(refused.value)
    assert Event.objects.get(pk=event.pk).location == "Hall A"
    assert _api(base, token, f"events/{sync.remote_event_id}/export")["event"]["location"] == "Hall C"
    assert list(
        event.log_entries.filter(action__in=["event_pushed", "event_pulled"]).values_list("action", flat=True)
    ) == ["event_pushed", "event_pushed", "event_pulled"]

    # An event only there comes here as a new event.
    call_command(
        "pull_event",
        "--new",
        "--remote-id",
        str(sync.remote_event_id),
        "--from",
        base,
        "--token",
        token,
        "--organizer",
        event.organizer.username,
    )
    said = capsys.readouterr().out
    copy = Event.objects.exclude(pk=event.pk).get()
    assert f"created here as event {copy.pk}" in said
    assert (copy.location, copy.organizer) == ("Hall C", event.organizer)
    assert copy.registrations.count() == 4
    assert EventSync.objects.get(event=copy).remote_event_id == sync.remote_event_id
