"""factory_boy factories for the whole suite."""
import datetime as dt

import factory
from django.contrib.auth import get_user_model

from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password("pw-for-tests")


class OrganizerFactory(UserFactory):
    username = factory.Sequence(lambda n: f"organizer{n}")
    is_staff = True
    is_superuser = True


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    user = factory.SubFactory(UserFactory)
    name = factory.Faker("name")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Team Open {n}")
    date = factory.LazyFunction(dt.date.today)
    location = "Game Store"
    organizer = factory.SubFactory(OrganizerFactory)
    team_size = 3
    structure = Structure.SEAT_AGAINST_SEAT
    format_kind = FormatKind.TEAM_CONSTRUCTED
    constructed_format = "modern"
    swiss_rounds = 5


class RegistrationFactory(factory.django.DjangoModelFactory):
    """A registered team with a player on every seat of its event."""

    class Meta:
        model = Registration
        skip_postgeneration_save = True

    event = factory.SubFactory(EventFactory)
    team = factory.SubFactory(TeamFactory)

    @factory.post_generation
    def seats(self, create, extracted, **kwargs):
        if not create:
            return
        players = extracted or [PlayerFactory() for _ in range(self.event.team_size)]
        for letter, player in zip(self.event.seat_letters, players, strict=True):
            Seat.objects.create(registration=self, event=self.event, letter=letter, player=player)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = factory.Sequence(lambda n: n + 1)


class TeamMatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamMatch

    round = factory.SubFactory(RoundFactory)
    table = factory.Sequence(lambda n: n + 1)
    team_a = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..round.event"))
    team_b = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..round.event"))


class SeatMatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SeatMatch

    team_match = factory.SubFactory(TeamMatchFactory)
    letter = "A"
