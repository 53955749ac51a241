"""A mail server that fails never turns a saved change into a 500 (issue 52): every e-mail leaves through the mail
task (tournaments.services.mail), which tries again and, when it finally fails, logs it and tells the organizer in the
event's log. The tests' mail task runs in this process (tests/conftest.py, `_mail_worker`), its tries at once."""

import logging

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from signup.models import Invitation
from signup.services import signup_create
from tests import mailfail
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tests.signup.helpers import open_event
from tournaments.models import EventLogEntry, Player, SeatInvitation
from tournaments.services.mail import MAIL_FAILED, MAIL_RETRIES, mail_send
from tournaments.services.registrations import SeatEntry, TeamEntry, teams_import
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp_down(settings):
    settings.EMAIL_BACKEND = "tests.mailfail.FailingEmailBackend"
    mailfail.TRIES.clear()
    yield mailfail.TRIES
    mailfail.TRIES.clear()


def _organizer():
    user = UserFactory(username="orga")
    organizer_role_grant(user=user)
    return user


def _failed(event) -> list[str]:
    return [entry.message for entry in EventLogEntry.objects.filter(event=event, action=MAIL_FAILED)]


def test_a_seat_invitation_whose_mail_fails_is_saved_and_the_organizer_reads_why(
    smtp_down, caplog, django_capture_on_commit_callbacks
):
    organizer = _organizer()
    event = EventFactory(organizer=organizer, team_size=3, name="Open")
    UserFactory(username="realrae", email="rae@example.org")
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("desk:team_edit", args=[event.pk]),
            {"name": "Ayes", "seat_A": "rae@example.org", "seat_B": "Al Aye", "seat_C": "Ed Aye"},
        )
    assert response.status_code in (200, 302)
    invitation = SeatInvitation.objects.get(event=event, user__username="realrae")  # the change stands
    assert smtp_down == ["rae@example.org"] * (MAIL_RETRIES + 1) and mail.outbox == []
    [failed] = _failed(event)
    # the organizer reads the seat's placeholder, never whose address it was
    assert invitation.placeholder.name in failed and "rae@example.org" not in failed
    assert any("could not be sent" in record.getMessage() for record in caplog.records)
    page = client.get(reverse("judging:log", args=[event.pk]))
    assert "could not be sent" in page.text


def test_a_claim_mail_that_fails_leaves_the_desk_page_as_it_was(smtp_down, django_capture_on_commit_callbacks):
    organizer = _organizer()
    event = EventFactory(organizer=organizer, team_size=3, name="Claims")
    teams_import(
        event=event,
        user=organizer,
        teams=[
            TeamEntry(
                name="Bees",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Vera Vee", email="vera@example.org"),
                    SeatEntry(letter="B", player="Bo Bee"),
                    SeatEntry(letter="C", player="Cy Bee"),
                ),
            )
        ],
    )
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(reverse("desk:claim_sheet", args=[event.pk]), follow=True)
    assert page.status_code == 200 and "1 claim link sent by e-mail." in page.text
    assert EventLogEntry.objects.filter(event=event, action="claim_links_sent").exists()
    [failed] = _failed(event)
    assert "Vera Vee" in failed


def test_a_team_invitation_whose_mail_fails_keeps_the_address(smtp_down, django_capture_on_commit_callbacks):
    event = open_event()
    captain = PlayerFactory()
    signup = signup_create(event=event, captain=captain, name="Posted")
    client = Client(raise_request_exception=False)
    client.force_login(captain.user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("signup:invitation_email", args=[signup.pk, "B"]), {"email": "friend@example.org"}, follow=True
        )
    assert response.status_code == 200
    assert Invitation.objects.get(signup=signup, letter="B").email == "friend@example.org"
    [failed] = _failed(event)
    assert "friend@example.org" in failed


def test_a_sign_up_whose_mail_fails_answers_the_page_and_logs_it(smtp_down, caplog):
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR):
        sent = client.post(
            reverse("signup"),
            {
                "username": "mara",
                "name": "Mara Lindqvist",
                "email": "mara@example.org",
                "password1": "a long pass phrase 42",
                "password2": "a long pass phrase 42",
            },
        )
    assert sent.status_code == 200 and "Check your e-mail" in sent.text
    assert smtp_down == ["mara@example.org"] * (MAIL_RETRIES + 1)
    assert any("mara@example.org" in r.getMessage() and "could not be sent" in r.getMessage() for r in caplog.records)
    assert not Player.objects.exists()


def test_a_password_reset_whose_mail_fails_answers_the_page(smtp_down):
    UserFactory(email="zoe@example.org")
    client = Client(raise_request_exception=False)
    response = client.post(reverse("password_reset"), {"email": "zoe@example.org"}, follow=True)
    assert response.status_code == 200 and "Check your e-mail" in response.text
    assert smtp_down == ["zoe@example.org"] * (MAIL_RETRIES + 1)


def test_a_mail_is_sent_after_the_commit_only(django_capture_on_commit_callbacks):
    from django.db import transaction

    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            mail_send(subject="Kept", body="b", to="kept@example.org")
        try:
            with transaction.atomic():
                mail_send(subject="Rolled back", body="b", to="gone@example.org")
                raise RuntimeError
        except RuntimeError:
            pass
    assert [m.subject for m in mail.outbox] == ["Kept"]


def test_a_mail_server_back_after_two_tries_delivers_the_mail(settings, monkeypatch):
    tries = []
    real = mail.get_connection

    def flaky(*args, **kwargs):
        connection = real(*args, **kwargs)
        send = connection.send_messages

        def send_messages(messages):
            tries.append(1)
            if len(tries) <= 2:
                raise ConnectionRefusedError("mail server down")
            return send(messages)

        connection.send_messages = send_messages
        return connection

    monkeypatch.setattr("django.core.mail.get_connection", flaky)
    mail_send(subject="Hello", body="b", to="late@example.org", after_commit=False)
    assert len(tries) == 3 and [m.to for m in mail.outbox] == [["late@example.org"]]
