"""Dates that end a sentence (issue 32): "until Nov. 30, 2026, 10:56 p.m.." had two full stops on the team page and
in the invitation e-mail."""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from signup.services import invitation_send, signup_create
from tests.factories import PlayerFactory
from tests.signup.helpers import open_event
from tournaments.wording import moment_in_sentence

pytestmark = pytest.mark.django_db
EVENING = dt.datetime(2026, 11, 30, 22, 56, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize(("language", "expected"), [("en", "Nov. 30, 2026, 22:56"), ("de", "30. November 2026 22:56")])
def test_a_moment_in_a_sentence_has_no_full_stop_of_its_own_at_the_end(language, expected):
    with translation.override(language):
        assert moment_in_sentence(EVENING) == expected
        assert moment_in_sentence(EVENING.replace(hour=9)).endswith("09:56")


def _evening_signup():
    signup = signup_create(event=open_event(), captain=PlayerFactory(name="Cap"), name="Night Owls")
    signup.invitations.update(expires_at=EVENING)
    return signup


def test_the_team_page_says_until_when_with_one_full_stop(client):
    signup = _evening_signup()
    client.force_login(signup.captain.user)
    text = client.get(reverse("signup:team", args=[signup.pk]), HTTP_ACCEPT_LANGUAGE="en").text
    assert "Works once, until Nov. 30, 2026, 22:56." in text and "m.." not in text


def test_the_invitation_email_says_until_when_with_one_full_stop(django_capture_on_commit_callbacks):
    signup = _evening_signup()
    with django_capture_on_commit_callbacks(execute=True), translation.override("en"):
        invitation_send(
            invitation=signup.invitations.get(letter="B"),
            email="b@example.org",
            link="http://testserver/signup/join/x/",
            user=signup.captain.user,
        )
    assert "until Nov. 30, 2026, 22:56." in mail.outbox[0].body and "m.." not in mail.outbox[0].body
    assert timezone.is_aware(EVENING)
