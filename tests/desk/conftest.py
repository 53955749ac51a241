"""Fixtures of the desk's tests: an 8-team event before round 1, its organizer, and clients."""

import pytest
from django.core.cache import cache

from config.celery import app as celery_app

from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, TeamFactory, UserFactory

TEAM_NAMES = [
    "Azure Ants",
    "Brass Bats",
    "Cobalt Cats",
    "Dire Dogs",
    "Ember Eels",
    "Frost Foxes",
    "Gilded Geese",
    "Hollow Hawks",
]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def organizer(db):
    user = OrganizerFactory(username="olivia")
    user.is_superuser = False
    user.is_staff = False
    user.save()
    return user


@pytest.fixture
def event(organizer):
    """An 8-team, 3-round team constructed event (teams of three) in registration, organized by olivia."""
    event = EventFactory(name="Desk Open", organizer=organizer, swiss_rounds=3, top_cut=0)
    for name in TEAM_NAMES:
        players = [
            PlayerFactory(user=UserFactory(username=f"{name.split()[0].lower()}{i}"), name=f"{name.split()[0]} {i}")
            for i in range(1, 4)
        ]
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=players)
    return event


def member(event, team_name: str, seat: str = "A"):
    """The user on `seat` of the team `team_name` in `event`."""
    registration = event.registrations.get(team__name=team_name)
    return registration.seats.get(letter=seat).player.user


def scorekeeper_of(event, username: str = "keeper"):
    """A new account holding the scorekeeper role at `event` (scores, never runs it)."""
    from tests.factories import EventStaffFactory

    user = UserFactory(username=username)
    EventStaffFactory(event=event, user=user, role="scorekeeper")
    return user


@pytest.fixture
def eager(settings, tmp_path):
    """Celery tasks run at once, where they are sent (as a worker would run them: the card data page's imports),
    and uploads wait under a temporary var/."""
    settings.VAR_DIR = tmp_path
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield tmp_path
    celery_app.conf.task_always_eager = before
