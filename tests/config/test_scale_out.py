"""Scale-out (issue 19): two web processes (gunicorn, uvicorn workers) and two Celery workers on one PostgreSQL and
Redis. Live Rochester tables are drafted through both web processes at once while a scorekeeper's token enters a
Swiss round's results through both (each twice), some seats let their timers run out, and in the middle one worker and one web process are killed (SIGKILL). At the end every table is finished and every
pick was made exactly once, every result is final with one row per seat: nothing lost or doubled.

HYDRA_SCALEOUT_TABLES (default 4) and HYDRA_SCALEOUT_TEAMS (default 32) set the size; the issue's venue figures
are 16 tables and 256 teams (HYDRA_SCALEOUT_TABLES=16 HYDRA_SCALEOUT_TEAMS=256).
"""

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests
from django.db import connection

from benchmarks.servers import session_for, start_worker, stop_worker
from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.selectors.tables import draft_seat_to_pick
from tests.drafting.conftest import make_table
from tests.api.conftest import build_event
from tests.factories import ApiTokenFactory
from tournaments.enums import ResultState
from tournaments.models import Event, Seat, SeatMatch, TeamMatch

pytestmark = [pytest.mark.services, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
REDIS_DB = 13
TABLES = int(os.environ.get("HYDRA_SCALEOUT_TABLES", "4"))
TEAMS = int(os.environ.get("HYDRA_SCALEOUT_TEAMS", "32"))
SEATS = {
    "seats": [
        {"letter": "A", "wins_a": 2, "wins_b": 0},
        {"letter": "B", "wins_a": 0, "wins_b": 2},
        {"letter": "C", "wins_a": 2, "wins_b": 1},
    ]
}
CSRF = "scaleoutcsrfsecret0123456789abcd"  # 32 characters: Django accepts the unmasked secret


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _start_web(port: int, env: dict) -> subprocess.Popen:
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "config.asgi:application",
            "--config",
            "config/gunicorn.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--access-logfile",
            "/dev/null",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    give_up = time.monotonic() + 120
    while time.monotonic() < give_up:
        try:
            if requests.get(f"http://127.0.0.1:{port}/health/", timeout=5).status_code in (200, 503):
                return proc
        except requests.RequestException:
            time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGKILL)
    pytest.fail("gunicorn didn't start")


def _seat_user(table, seat):
    team_id = table.team1_id if seat.startswith("1") else table.team2_id
    return Seat.objects.get(registration_id=team_id, letter=seat[1:]).player.user


@pytest.fixture
def redis_13(redis_url):
    import redis

    url = redis_url.rsplit("/", 1)[0] + f"/{REDIS_DB}"
    redis.Redis.from_url(url).flushdb()
    yield url
    redis.Redis.from_url(url).flushdb()


def test_two_webs_and_two_workers_lose_and_double_nothing_when_one_of_each_dies(transactional_db, redis_13):
    from config.celery import app

    os.environ["CELERY_BROKER_URL"] = redis_13
    app.conf.broker_url = redis_13
    app._pool = None
    app.amqp._producer_pool = None
    tables = [make_table(team_size=2, pack_size=3, review=0, pick=3) for _ in range(TABLES)]
    # A Swiss round of TEAMS teams waiting for results, entered by a scorekeeper's token through both web processes.
    swiss, _registrations, _rounds = build_event(teams=TEAMS, rounds=1, state=ResultState.PENDING)
    matches = list(TeamMatch.objects.filter(round__event=swiss, team_b__isnull=False).values_list("pk", flat=True))
    SeatMatch.objects.filter(team_match_id__in=matches).delete()
    version_before = Event.objects.get(pk=swiss.pk).version
    token = ApiTokenFactory(event=swiss)
    sessions = {}
    for table in tables:
        for seat in ("1A", "1B", "2A", "2B"):
            sessions[(table.pk, seat)] = session_for(_seat_user(table, seat))
    database_url = _database_url()
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=redis_13,
        HYDRA_REDIS_URL=redis_13,
        DJANGO_SETTINGS_MODULE="config.settings.dev",
        DEBUG="false",
        API_ANON_RATE="1000000/min",
        PYTHONUNBUFFERED="1",
        DATABASE_POOL="true",
    )  # the web processes pool their connections, as in production
    ports = [_free_port(), _free_port()]
    webs = [_start_web(port, env) for port in ports]
    workers = [
        start_worker(
            database_url=database_url,
            broker_url=redis_13,
            concurrency=4,
            settings_module="config.settings.dev",
            ready_timeout=120,
        )
        for _ in range(2)
    ]
    # Seats that never pick: their timers (the workers, and the sweep) pick for them.
    sleepy = {(t.pk, "2B") for t in tables[::2]}
    alive = list(ports)
    errors: list[str] = []
    posted = {"n": 0}
    served_by = {port: 0 for port in ports}
    rng = random.Random(7)

    def pick_once(table_id: int) -> bool:
        table = DraftTable.objects.get(pk=table_id)
        if table.status != DraftStatus.RUNNING:
            return False
        seat = draft_seat_to_pick(table=table)
        if (table_id, seat) in sleepy:
            return True
        card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True).first()
        if card is None:
            return True
        port = rng.choice(alive)
        try:
            response = requests.post(
                f"http://127.0.0.1:{port}/draft/table/{table_id}/pick/",
                data={
                    "card": card.pk,
                    "pack": table.pack_index,
                    "pick": table.pick_number,
                    "confirm": "1",
                    "csrfmiddlewaretoken": CSRF,
                },
                cookies={"sessionid": sessions[(table_id, seat)], "csrftoken": CSRF},
                headers={"Referer": f"http://127.0.0.1:{port}/", "HX-Request": "true"},
                timeout=30,
            )
            if response.status_code >= 500:
                errors.append(f"{response.status_code} from {port}")
            elif response.status_code == 200:
                served_by[port] += 1
        except requests.RequestException:
            pass  # the web process was killed under this request: the next round tries again
        posted["n"] += 1
        return True

    def drive(table_id: int) -> None:
        from django.db import connections

        try:
            give_up = time.monotonic() + 600
            while time.monotonic() < give_up and pick_once(table_id):
                time.sleep(0.05)
        finally:
            connections.close_all()

    result_codes: list[int] = []

    def enter_results() -> None:
        # Every result twice (a scorekeeper's double submit), each time on a web process chosen at random.
        for match_id in matches + matches:
            for _attempt in range(20):
                port = rng.choice(alive)
                try:
                    response = requests.post(
                        f"http://127.0.0.1:{port}/api/v1/events/{swiss.pk}/matches/{match_id}/result",
                        json=SEATS,
                        headers={"Authorization": f"Token {token.raw}"},
                        timeout=30,
                    )
                except requests.RequestException:
                    continue  # killed under the request: try again (the service is idempotent per state)
                result_codes.append(response.status_code)
                break

    threads = [threading.Thread(target=drive, args=(t.pk,)) for t in tables]
    threads.append(threading.Thread(target=enter_results))
    try:
        for thread in threads:
            thread.start()
        give_up = time.monotonic() + 120
        while posted["n"] < 3 * TABLES and time.monotonic() < give_up:
            time.sleep(0.1)
        # In the middle: one worker and one web process die.
        stop_worker(workers[0], kill=True)
        os.killpg(webs[0].pid, signal.SIGKILL)
        alive.remove(ports[0])
        for thread in threads:
            thread.join(timeout=900)
    finally:
        for proc in webs:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for worker in workers:
            stop_worker(worker, kill=True)
    assert not errors, errors[:5]
    assert all(code < 500 for code in result_codes), result_codes
    assert result_codes.count(200) >= len(matches), result_codes
    assert Event.objects.get(pk=swiss.pk).version >= version_before + len(matches)
    for match in TeamMatch.objects.filter(pk__in=matches):
        assert match.result_state == ResultState.FINAL, match.pk
        assert SeatMatch.objects.filter(team_match=match).count() == 3, match.pk
    via = list(DraftCard.objects.filter(table__in=tables).values_list("via", flat=True))
    # Players picked through both web processes, and the timers picked for the sleepy seats.
    assert via.count(PickVia.PLAYER) >= TABLES * 6, via
    assert sum(v in (PickVia.TIMER, PickVia.SWEEP, PickVia.READ) for v in via) >= len(tables[::2]), via
    assert served_by[ports[0]] > 0 and served_by[ports[1]] > 0, served_by
    for table in tables:
        table.refresh_from_db()
        assert table.status == DraftStatus.FINISHED, (table.pk, table.status, table.pack_index, table.pick_number)
        cards = list(DraftCard.objects.filter(table=table).values_list("pack_index", "pick_number", "picked_by"))
        assert all(pick is not None for _, pick, _ in cards), "a card was never picked"
        per_pack: dict[int, list[int]] = {}
        for pack, pick, _ in cards:
            per_pack.setdefault(pack, []).append(pick)
        for pack, picks in per_pack.items():
            assert sorted(picks) == list(range(1, len(picks) + 1)), f"table {table.pk} pack {pack}: {sorted(picks)}"
