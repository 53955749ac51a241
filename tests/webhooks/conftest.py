"""Helpers for the webhook tests: an event with teams, and a local HTTP receiver."""

import pytest

from tests.factories import EventFactory, RegistrationFactory
from tests.webhooks.receiver import start_receiver, stop_receiver
from tournaments.models import Event


def event_with_teams(*, teams: int = 4, **kwargs) -> Event:
    event = EventFactory(team_size=2, **kwargs)
    for _ in range(teams):
        RegistrationFactory(event=event)
    return event


@pytest.fixture
def receiver():
    server = start_receiver(200)
    yield server
    stop_receiver(server)


@pytest.fixture
def failing_receiver():
    server = start_receiver(500)
    yield server
    stop_receiver(server)
