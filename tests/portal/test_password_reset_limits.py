"""Password resets are limited per client address and per e-mail address (issue 29: nine mails in two seconds), and
the answer never tells whether an account has the address."""

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _reset(email: str, address: str = "198.51.100.9"):
    return Client().post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=address)


@pytest.fixture(autouse=True)
def _rates(settings):
    settings.HYDRA_PASSWORD_RESET_RATE = "5/hour"
    settings.HYDRA_PASSWORD_RESET_ACCOUNT_RATE = "2/hour"


def test_one_account_gets_at_most_its_rate_of_mails_and_the_same_answer_each_time():
    UserFactory(username="zoe", email="zoe@example.org")
    answers = [_reset("zoe@example.org", address=f"198.51.100.{n}") for n in range(1, 10)]
    assert len(mail.outbox) == 2
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, reverse("password_reset_done"))}


def test_an_address_without_an_account_is_answered_exactly_like_one_with_it():
    UserFactory(username="zoe", email="zoe@example.org")
    known = [_reset("ZOE@example.org", address=f"198.51.100.{n}") for n in range(1, 5)]
    unknown = [_reset("nobody@example.org", address=f"198.51.100.{n}") for n in range(11, 15)]
    assert [(a.status_code, a.get("Location")) for a in known] == [(a.status_code, a.get("Location")) for a in unknown]


def test_one_network_is_limited_across_addresses_with_when_to_try_again():
    for n in range(5):
        assert _reset(f"someone{n}@example.org").status_code == 302
    refused = _reset("zoe@example.org")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 3600
    assert "Too many password resets from your network just now." in refused.content.decode()
    assert mail.outbox == []
    # Another network still asks.
    UserFactory(username="zoe", email="zoe@example.org")
    assert _reset("zoe@example.org", address="192.0.2.7").status_code == 302 and len(mail.outbox) == 1


def test_without_limits_every_request_is_answered(settings):
    settings.HYDRA_PASSWORD_RESET_RATE = ""
    settings.HYDRA_PASSWORD_RESET_ACCOUNT_RATE = None
    UserFactory(username="zoe", email="zoe@example.org")
    assert all(_reset("zoe@example.org").status_code == 302 for _ in range(12))
    assert len(mail.outbox) == 12
