"""Join codes can't be guessed (issue 52): wrong codes are counted per client address and per account in the cache,
at every door that takes a code (the typed code at /join/, the QR's /join/<code>/, for a look and for a seat); past
the limit every code is refused with 429 and when to try again, a right one too, until the window passes. And a
code is ten characters of an unambiguous alphabet: 31^10 codes, none to enumerate."""

import time

import pytest
from django.test import Client
from django.urls import reverse

from signup.models import JoinCode
from signup.services import JOIN_CODE_ALPHABET, join_code_for
from tests.factories import PlayerFactory
from tests.signup.helpers import open_event
from tournaments.models import Registration

pytestmark = pytest.mark.django_db

LIMIT = 5
HOME = "198.51.100.7"


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.HYDRA_JOIN_CODE_RATE = f"{LIMIT}/hour"
    settings.HYDRA_JOIN_CODE_ACCOUNT_RATE = f"{LIMIT}/hour"


@pytest.fixture
def clock(monkeypatch):
    """time.time() at the start of an hour (the window), moved on by `clock.now += seconds`."""

    class Clock:
        now = 1_800_000_000.0 - 1_800_000_000.0 % 3600 + 10

    monkeypatch.setattr(time, "time", lambda: Clock.now)
    return Clock


def _wrong(code: str) -> str:
    return "".join("Z" if ch != "Z" else "Y" for ch in code)


def _typed(client, code, address=HOME):
    return client.get(reverse("portal:join_code"), {"code": code}, REMOTE_ADDR=address)


def _opened(client, code, address=HOME, method="get"):
    return getattr(client, method)(reverse("portal:join", args=[code]), REMOTE_ADDR=address)


@pytest.mark.parametrize("door", [_typed, _opened])
def test_the_guess_past_the_limit_from_one_address_is_refused_with_429_and_when(clock, door):
    event = open_event(team_size=1)
    code = join_code_for(event=event)
    client = Client()
    answers = [door(client, _wrong(code)).status_code for _ in range(LIMIT)]
    assert answers == [400 if door is _typed else 404] * LIMIT
    refused = door(client, _wrong(code))
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many wrong join codes just now." in refused.text
    # The right code too, from that address, through either door: nothing is shown.
    for any_door in (_typed, _opened):
        right = any_door(Client(), code)
        assert right.status_code == 429 and event.name not in right.text
    # Another address still joins.
    assert _typed(Client(), code, address="192.0.2.9").status_code == 302


def test_a_right_code_after_the_limit_opens_again_when_the_window_passes(clock):
    code = join_code_for(event=open_event(team_size=1))
    for _ in range(LIMIT):
        _opened(Client(), _wrong(code))
    refused = _opened(Client(), code)
    assert refused.status_code == 429
    clock.now += int(refused["Retry-After"])
    assert _opened(Client(), code).status_code == 200


def test_one_account_is_limited_across_addresses_and_cannot_take_a_seat(clock):
    event = open_event(team_size=1)
    code = join_code_for(event=event)
    client = Client()
    client.force_login(PlayerFactory().user)
    for n in range(LIMIT):
        assert _opened(client, _wrong(code), address=f"203.0.113.{n + 1}").status_code == 404
    refused = _opened(client, code, address="203.0.113.99", method="post")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert not Registration.objects.filter(event=event).exists()
    assert _typed(client, code, address="203.0.113.100").status_code == 429
    # Someone else at the last address joins.
    other = Client()
    other.force_login(PlayerFactory().user)
    assert _opened(other, code, address="203.0.113.99", method="post").status_code == 302
    assert Registration.objects.filter(event=event).count() == 1


def test_right_codes_are_not_counted_so_a_venue_behind_one_address_joins(clock):
    code = join_code_for(event=open_event(team_size=1))
    assert all(_opened(Client(), code).status_code == 200 for _ in range(LIMIT * 3))
    assert _typed(Client(), code).status_code == 302


def test_without_limits_wrong_codes_are_only_wrong(settings, clock):
    settings.HYDRA_JOIN_CODE_RATE = ""
    settings.HYDRA_JOIN_CODE_ACCOUNT_RATE = None
    code = join_code_for(event=open_event(team_size=1))
    assert {_typed(Client(), _wrong(code)).status_code for _ in range(LIMIT * 3)} == {400}


def test_a_new_code_is_ten_characters_nobody_misreads():
    code = join_code_for(event=open_event(team_size=1))
    assert len(code) == 10 and set(code) <= set(JOIN_CODE_ALPHABET) and not set(code) & set("01OIL")
    assert len(JOIN_CODE_ALPHABET) ** len(code) > 10**14


def test_the_migration_lengthens_the_short_codes_of_before(client):
    from importlib import import_module  # lazy: a migration module's name starts with a digit
    from django.apps import apps

    event = open_event(team_size=1)
    JoinCode.objects.create(event=event, code="ABC234")
    import_module("signup.migrations.0005_join_codes_longer").lengthen(apps, None)
    code = JoinCode.objects.get(event=event).code
    assert len(code) == 10 and set(code) <= set(JOIN_CODE_ALPHABET)
    assert _opened(client, "ABC234").status_code == 404 and _opened(client, code).status_code == 200
