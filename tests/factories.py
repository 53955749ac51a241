"""factory_boy factories for the whole suite."""

import datetime as dt

import factory
from django.contrib.auth import get_user_model

from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, EventStaff, Player, Registration, Round, Seat, SeatMatch, Team, TeamMatch


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


class PlaceholderFactory(PlayerFactory):
    """A player an organizer's event made that nobody has claimed (no usable password, never signed in); give
    `made_by`, the organizer."""

    user = factory.SubFactory(UserFactory, password=None)  # factory's Password makes None an unusable password


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


class EventStaffFactory(factory.django.DjangoModelFactory):
    """A person in a role at an event: co_organizer, scorekeeper or judge (tournaments.rights)."""

    class Meta:
        model = EventStaff

    event = factory.SubFactory(EventFactory)
    user = factory.SubFactory(UserFactory)
    role = "judge"


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


# --- Team Rochester draft (drafting) ---------------------------------------------------------------------------------
from drafting.models import DraftCard, DraftSettings, DraftTable  # noqa: E402


class RochesterEventFactory(EventFactory):
    format_kind = FormatKind.TEAM_ROCHESTER
    constructed_format = ""
    # Teams of two are a house rule the organizer picks on purpose (RULES.md 6): a factory event of two picks it.
    rochester_teams_of_two = factory.LazyAttribute(lambda e: e.team_size == 2)


class DraftSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DraftSettings

    event = factory.SubFactory(RochesterEventFactory)
    set_code = "DOM"


class DraftTableFactory(factory.django.DjangoModelFactory):
    """A table in setup with the draw made (team 1 decides) and no packs; see DraftCardFactory for cards."""

    class Meta:
        model = DraftTable

    event = factory.SubFactory(RochesterEventFactory)
    number = factory.Sequence(lambda n: n + 1)
    team1 = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..event"))
    team2 = factory.SubFactory(RegistrationFactory, event=factory.SelfAttribute("..event"))
    seed = factory.Sequence(lambda n: 1000 + n)
    chooser = 1
    first_team = 1
    review_seconds = 20
    pick_seconds = 5


class DraftCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DraftCard

    table = factory.SubFactory(DraftTableFactory)
    pack_index = 0
    position = factory.Sequence(lambda n: n + 1)
    name = factory.LazyAttribute(lambda c: f"Card {c.pack_index + 1:02d}-{c.position:02d}")
    rarity = "common"


# --- API (issue 7) ---------------------------------------------------------------------------------------------


class ApiTokenFactory(factory.django.DjangoModelFactory):
    """A scorekeeper token made by the real service; the token text is on `.raw` (it is never stored)."""

    class Meta:
        model = "api.ApiToken"

    event = factory.SubFactory(EventFactory)
    user = factory.SelfAttribute("event.organizer")
    name = factory.Sequence(lambda n: f"Scorekeeper desk {n}")

    @classmethod
    def _create(cls, model_class, *args, event, user, name, **kwargs):
        from api.services import api_token_create

        token, raw = api_token_create(event=event, user=user, name=name)
        token.raw = raw
        return token


# --- Team sealed and shared-game life totals (issue 8) ---------------------------------------------------------------
from sealed.models import PoolCard, PoolSource, SealedPool, SealedSettings  # noqa: E402
from tournaments.structures import shared_preset  # noqa: E402


class SealedEventFactory(EventFactory):
    format_kind = FormatKind.TEAM_SEALED
    constructed_format = ""


class SealedSettingsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SealedSettings

    event = factory.SubFactory(SealedEventFactory)
    set_code = "DOM"


class SealedPoolFactory(factory.django.DjangoModelFactory):
    """An entered pool with no cards; add them with PoolCardFactory."""

    class Meta:
        model = SealedPool

    registration = factory.SubFactory(RegistrationFactory, event=factory.SubFactory(SealedEventFactory))
    source = PoolSource.ENTERED


class PoolCardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PoolCard

    pool = factory.SubFactory(SealedPoolFactory)
    position = factory.Sequence(lambda n: n + 1)
    name = factory.LazyAttribute(lambda c: f"Pool Card {c.position:03d}")
    rarity = "common"
    types = "Creature"


class SharedGameEventFactory(EventFactory):
    """A Two-Headed Giant event by default; pass structure and team_size for Three-Headed Serpent (the preset's
    life and poison follow), or shared_life and shared_poison for a custom shared game."""

    team_size = 2
    structure = Structure.TWO_HEADED_GIANT
    format_kind = FormatKind.THG_CONSTRUCTED
    constructed_format = "standard"
    shared_life = factory.LazyAttribute(lambda e: (shared_preset(e.structure, e.team_size) or (25, 0))[0])
    shared_poison = factory.LazyAttribute(lambda e: (shared_preset(e.structure, e.team_size) or (0, 12))[1])


class SharedMatchFactory(TeamMatchFactory):
    round = factory.SubFactory(RoundFactory, event=factory.SubFactory(SharedGameEventFactory))


class OrganizerTokenFactory(factory.django.DjangoModelFactory):
    """An organizer token (issue 13) of an account with the organizer role; the token text is on `.raw`."""

    class Meta:
        model = "api.ApiToken"

    user = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Organizer desk {n}")

    @classmethod
    def _create(cls, model_class, *args, user, name, **kwargs):
        from api.services import api_token_create
        from tournaments.services.roles import organizer_role_grant

        organizer_role_grant(user=user)
        token, raw = api_token_create(event=None, user=user, name=name, organizer=True)
        token.raw = raw
        return token


class ThgDraftEventFactory(SharedGameEventFactory):
    """A Two-Headed Giant booster draft event (RULES.md 7), drafted in pods."""

    format_kind = FormatKind.THG_DRAFT
    constructed_format = ""


class BoosterDraftEventFactory(EventFactory):
    """An individual booster draft event (RULES.md 10). Until events of one player a team exist, it is an event of
    teams of two whose registrations each seat one player (SoloRegistrationFactory)."""

    team_size = 2
    format_kind = FormatKind.BOOSTER_DRAFT
    constructed_format = ""


class SoloRegistrationFactory(RegistrationFactory):
    """A registration of one player, on seat A (an individual event's entry)."""

    event = factory.SubFactory(BoosterDraftEventFactory)

    @factory.post_generation
    def seats(self, create, extracted, **kwargs):
        if create:
            Seat.objects.create(registration=self, event=self.event, letter="A", player=extracted or PlayerFactory())


# --- Limited with real product (issue 40) ------------------------------------------------------------------------------


class PrereleaseEventFactory(SealedEventFactory):
    """An individual sealed event with real product (boosters opened at the table, pools unknown to Hydra) at
    Competitive REL, so its players register typed decks."""

    team_size = 1
    real_product = True
    enforcement_level = "competitive"


# A typed sealed deck: 40 cards in the main deck, one in the sideboard.
TYPED_SEALED_DECK = "1 Serra Angel\n2 Shock\n20 Plains\n17 Mountain\nSideboard\n1 Lightning Bolt"


class PodEventFactory(EventFactory):
    """A Commander night (issue 43): single players in multiplayer pods of 4, 5/1/0 points, three rounds."""

    name = factory.Sequence(lambda n: f"Commander Night {n}")
    team_size = 1
    structure = Structure.MULTIPLAYER_PODS
    constructed_format = "commander"
    swiss_rounds = 3
