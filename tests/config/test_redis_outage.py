"""Redis gone => no 5xx (issue 29): public pages, the API with its throttle, sign-up, login, signed-in pages and a
draft pick that enqueues its timer keep answering while a real Redis is stopped, say so in the log, and use the
cache again by themselves once it is back.

Runs a throwaway redis-server on a free port as the cache and the broker (never the shared one)."""

import logging
import shutil
import time

import pytest
from django.test import Client
from django.urls import reverse

from drafting.models import DraftTable
from tests.drafting.conftest import make_table
from tests.drafting.test_pick_arrival import _pick_args
from tests.portal.scene import login_client, make_scene
from tests.redis_server import celery_app_on, free_port, redis_server, stop  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program"),
]

RETRY = 0.3


@pytest.fixture
def private_redis(tmp_path, settings):
    """A redis-server of this test as the shared cache; yields (port, start, stop)."""
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    procs = [redis_server(port, tmp_path)]
    settings.HYDRA_REDIS_URL = url
    settings.CACHES = {
        "default": {
            **settings.CACHES,
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "outage",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 2, "RETRY_SECONDS": RETRY},
        }
    }
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "1000/min"}}
    settings.HYDRA_SIGNUP_RATE = "100/hour"

    def down():
        stop(procs[-1])

    def up():
        procs.append(redis_server(port, tmp_path))

    yield port, up, down
    for proc in procs:
        if proc.poll() is None:
            stop(proc)


def _requests(scene) -> list[tuple[str, object]]:
    """(what, response) of every kind of request the venue makes: anonymous pages and API, sign-up, login, a
    signed-in page."""
    anonymous = Client(raise_request_exception=False)
    alice = login_client(Client(raise_request_exception=False), scene.alice)
    event = scene.event.pk
    return [
        ("pairings", anonymous.get(reverse("portal:pairings", args=[event]))),
        ("standings", anonymous.get(reverse("portal:standings", args=[event]) + "?partial=1")),
        ("api standings", anonymous.get(f"/api/v1/events/{event}/standings/")),
        ("api event", anonymous.get(f"/api/v1/events/{event}/")),
        ("sign-up", anonymous.post("/accounts/signup/", {"username": "x"})),
        ("login", anonymous.post("/accounts/login/", {"username": "alice", "password": "wrong"})),
        ("home", alice.get("/")),
        ("health", anonymous.get("/health/")),
    ]


def _failures(answers) -> list[str]:
    return [
        f"{what}: {response.status_code}"
        for what, response in answers
        if response.status_code >= 500 and what != "health"
    ]


def test_every_page_answers_while_redis_is_down_and_uses_it_again_when_it_is_back(private_redis, caplog):
    _port, up, down = private_redis
    scene = make_scene()
    pairings = reverse("portal:pairings", args=[scene.event.pk])
    Client().get(pairings)
    assert Client().get(pairings)["X-Hydra-Cache"] == "hit"

    down()
    with caplog.at_level(logging.WARNING, logger="hydra.cache"):
        answers = _requests(scene) + _requests(scene)
    assert _failures(answers) == []
    by_kind = dict(answers)
    assert "Azure Ants" in by_kind["pairings"].content.decode()
    assert by_kind["pairings"]["X-Hydra-Cache"] == "miss"
    assert len(by_kind["api standings"].json()["results"]) == 4
    assert by_kind["home"].status_code == 200 and by_kind["sign-up"].status_code == 200
    unreachable = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(unreachable) == 1  # one warning for the outage, not one per request

    caplog.clear()
    up()
    give_up = time.monotonic() + 10
    with caplog.at_level(logging.WARNING, logger="hydra.cache"):
        while Client().get(pairings)["X-Hydra-Cache"] != "hit":  # stored again once Redis answers, then served
            assert time.monotonic() < give_up, "the cache didn't come back by itself"
    assert any("is back" in r.getMessage() for r in caplog.records)
    assert _failures(_requests(scene)) == []


def test_the_api_throttle_counts_again_after_the_outage(private_redis, settings):
    _port, up, down = private_redis
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": "3/min"}}
    scene = make_scene()
    url = f"/api/v1/events/{scene.event.pk}/"
    down()
    # While Redis is down nothing counts: the throttle lets everyone through rather than failing them.
    assert [Client().get(url).status_code for _ in range(5)] == [200] * 5
    up()
    give_up = time.monotonic() + 10
    codes: list[int] = []
    while 429 not in codes:
        assert time.monotonic() < give_up, f"the throttle didn't count again: {codes}"
        codes.append(Client().get(url).status_code)
    assert codes[-1] == 429 and set(codes) <= {200, 429}


def test_a_pick_is_kept_when_the_broker_is_down_for_its_timer(
    private_redis,
    celery_app_on,  # noqa: F811
    django_capture_on_commit_callbacks,
    caplog,
):
    port, _up, down = private_redis
    table = make_table(team_size=2, pack_size=3, review=0, pick=30)
    args, card = _pick_args(table)
    celery_app_on(f"redis://127.0.0.1:{port}/1")
    down()
    from tournaments.models import Seat

    team_id = table.team1_id if args["seat"].startswith("1") else table.team2_id
    user = Seat.objects.get(registration_id=team_id, letter=args["seat"][1:]).player.user
    client = login_client(Client(raise_request_exception=False), user)
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("drafting:pick", args=[table.pk]),
            {"card": card.pk, "pack": args["pack_index"], "pick": args["pick_number"], "confirm": "1"},
        )
    assert response.status_code in (200, 302)
    card.refresh_from_db()
    assert card.pick_number is not None  # the pick counted; beat's sweep covers the timer that couldn't be sent
    assert DraftTable.objects.get(pk=table.pk).version > table.version
    assert any("Could not schedule the timer" in r.getMessage() for r in caplog.records)


def test_production_and_ci_use_the_cache_that_survives_redis():
    from config.settings.base import _redis_cache

    assert _redis_cache["BACKEND"] == "config.cache.ResilientRedisCache"
