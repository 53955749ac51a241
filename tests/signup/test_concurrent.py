"""Two teams completing at the same moment on PostgreSQL: the event row's lock gives the last place to exactly one
(signup/services.py); the other goes on the waitlist. A withdrawal moves the waitlist up exactly once."""

import threading

import pytest
from django.db import connection

from signup.models import SignupStatus, TeamSignup
from signup.services import invitation_accept, signup_create
from tests.factories import PlayerFactory
from tests.signup.helpers import open_event
from tournaments.models import Registration

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _two_seats_filled(event, name):
    signup = signup_create(event=event, captain=PlayerFactory(), name=name)
    invitation_accept(token=signup.invitations.get(letter="B").token, player=PlayerFactory())
    return signup.invitations.get(letter="C").token


def test_two_teams_completing_at_once_take_the_last_place_once(monkeypatch):
    import time

    from signup import services

    counted = services.places_taken

    def slow_count(*, event):
        # Widen the window between counting the places and taking one, so that without the lock both would count
        # a free place.
        taken = counted(event=event)
        time.sleep(0.5)
        return taken

    monkeypatch.setattr(services, "places_taken", slow_count)
    event = open_event(signup_capacity=1)
    tokens = [_two_seats_filled(event, "North"), _two_seats_filled(event, "South")]
    players = [PlayerFactory(), PlayerFactory()]
    barrier, errors = threading.Barrier(2), []

    def accept(token, player):
        barrier.wait()
        try:
            invitation_accept(token=token, player=player)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=accept, args=pair) for pair in zip(tokens, players, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    statuses = sorted(TeamSignup.objects.filter(event=event).values_list("status", flat=True))
    assert statuses == sorted([SignupStatus.REGISTERED, SignupStatus.WAITLISTED])
    assert Registration.objects.filter(event=event).count() == 1
