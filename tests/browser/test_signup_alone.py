"""A player signs up alone for an individual event in a real browser (issue 27): one press, no team, no invitations."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from signup.models import SignupStatus, TeamSignup
from tests.factories import EventFactory, PlayerFactory, UserFactory
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_signs_up_alone_on_a_phone(browsers):
    event = EventFactory(
        name="Friday Night Modern",
        team_size=1,
        signup_open=True,
        signup_capacity=2,
        signup_deadline=timezone.now() + dt.timedelta(days=1),
    )
    PlayerFactory(user=UserFactory(username="ann"), name="Ann Lee")
    PlayerFactory(user=UserFactory(username="bo"), name="Bo Chen")

    ann = browsers()
    ann.sign_in("ann")
    ann.get(reverse("signup:event", args=[event.pk]))
    ann.wait_for_text("Registered players", css="main")
    assert "Team name" not in ann.text("main") and "team" not in ann.text("#form-heading").lower()
    ann.button("Sign me up").click()
    ann.wait_for_text("You are registered for Friday Night Modern.")
    ann.wait_for_text("Ann Lee", css="ol.signup-registered")
    assert "1 of 2 taken" in ann.text(".places")
    ann.screenshot("signup-alone-registered")
    registration = Registration.objects.get(event=event)
    assert [s.player.name for s in registration.seats.all()] == ["Ann Lee"]
    assert not TeamSignup.objects.get(event=event).invitations.exists()

    # A second player on another phone sees Ann among the registered players and signs up too.
    bo = browsers()
    bo.sign_in("bo")
    bo.get(reverse("signup:event", args=[event.pk]))
    bo.wait_for_text("Ann Lee", css="ol.signup-registered")
    bo.button("Sign me up").click()
    bo.wait_for_text("You are registered for Friday Night Modern.")
    bo.wait_for_text("2 of 2 taken", css=".places")
    assert TeamSignup.objects.filter(event=event, status=SignupStatus.REGISTERED).count() == 2
