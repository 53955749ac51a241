import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, TeamFactory
from tournaments.models import Registration, Seat
from tournaments.services.registrations import (
    registration_create,
    registration_drop,
    registration_reinstate,
    registration_seat_problems,
)

pytestmark = pytest.mark.django_db


def test_registration_create_puts_players_on_seats_in_order():
    event = EventFactory(team_size=3)
    players = [PlayerFactory(name=n) for n in ("Ann", "Ben", "Cat")]
    registration = registration_create(event=event, team=TeamFactory(), players=players)
    assert [(s.letter, s.player.name) for s in registration.seats.all()] == [("A", "Ann"), ("B", "Ben"), ("C", "Cat")]


def test_registration_create_wrong_seat_count_names_the_team_size_and_writes_nothing():
    event = EventFactory(team_size=3)
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=TeamFactory(), players=[PlayerFactory(), PlayerFactory()])
    assert info.value.messages == [
        "This event has teams of 3: give exactly 3 players, one per seat A, B, C (got 2)."
    ]
    assert Registration.objects.count() == 0
    assert Seat.objects.count() == 0


def test_registration_create_player_on_another_team_names_both():
    event = EventFactory(team_size=2)
    taken = PlayerFactory(name="Dana")
    other = RegistrationFactory(event=event, seats=[taken, PlayerFactory()])
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=TeamFactory(), players=[taken, PlayerFactory()])
    assert info.value.messages == [f"Dana is already on team {other.team.name} in this event."]


def test_registration_create_same_team_twice_is_refused_with_its_name():
    event = EventFactory(team_size=2)
    first = RegistrationFactory(event=event)
    with pytest.raises(ValidationError) as info:
        registration_create(event=event, team=first.team, players=[PlayerFactory(), PlayerFactory()])
    assert info.value.messages == [f"{first.team.name} is already registered for this event."]


def test_registration_seat_problems_same_player_twice():
    event = EventFactory(team_size=2)
    player = PlayerFactory()
    assert registration_seat_problems(event=event, seats=[("A", player), ("B", player)]) == [
        "A player can hold only one seat."
    ]


def test_registration_seat_problems_wrong_letters():
    event = EventFactory(team_size=2)
    problems = registration_seat_problems(event=event, seats=[("A", PlayerFactory()), ("C", PlayerFactory())])
    assert problems == ["Use the seats A, B, each once."]


def test_registration_drop_and_reinstate_change_the_scoreboard_version():
    registration = RegistrationFactory()
    version = registration.event.version
    registration_drop(registration=registration, after_round=2)
    registration.refresh_from_db()
    assert registration.dropped_round == 2
    registration_reinstate(registration=registration)
    registration.refresh_from_db()
    assert registration.dropped_round is None
    registration.event.refresh_from_db()
    assert registration.event.version == version + 2
