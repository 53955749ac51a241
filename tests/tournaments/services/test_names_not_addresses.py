"""A person's name, never their address (issue 52): a player an organizer typed by e-mail address is shown by the
address's first part, and by their own player's name once they accept the seat invitation; nothing public shows
the address (docs/permissions.md, "Accounts belong to their people")."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, TeamFactory, UserFactory
from tournaments.models import Player, Registration, SeatInvitation, Team
from tournaments.services.invitations import seat_invitation_accept
from tournaments.services.pairing import round_pair_next
from tournaments.services.registrations import individual_entry, registration_register_player, teams_import

pytestmark = pytest.mark.django_db


def _public_text(event) -> str:
    anonymous, api = Client(), APIClient()
    pages = [
        anonymous.get(reverse("portal:pairings", args=[event.pk])),
        anonymous.get(reverse("portal:standings", args=[event.pk])),
        api.get(reverse("api:team-list", args=[event.pk])),
    ]
    for page in pages:
        assert page.status_code == 200, page.status_code
    return " ".join(page.content.decode() for page in pages)


@pytest.mark.parametrize("door", ["one", "import", "api"])
def test_a_player_typed_by_address_who_accepts_is_shown_by_name_never_by_address(door):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1, is_public=True, swiss_rounds=3, top_cut=0)
    acc1 = PlayerFactory(name="Ada Cole", user=UserFactory(username="acc1", email="acc1@example.org"))
    if door == "one":
        registration_register_player(event=event, player="acc1@example.org", user=organizer)
    elif door == "import":
        teams_import(event=event, user=organizer, teams=[individual_entry(player="acc1@example.org", where="Line 2")])
    else:
        api = APIClient()
        api.force_login(organizer)
        done = api.post(reverse("api:team-list", args=[event.pk]), {"player": "acc1@example.org"}, format="json")
        assert done.status_code == 201, done.content
    for name in ("Bo Chen", "Cy Diaz", "Di Ek"):
        registration_register_player(event=event, player=name, user=organizer)
    assert "acc1@example.org" not in _public_text(event)  # the placeholder: the address's first part
    seat_invitation_accept(invitation=SeatInvitation.objects.get(event=event), user=acc1.user)
    round_pair_next(event=event)
    shown = _public_text(event)
    assert "acc1@example.org" not in shown and "@example.org" not in shown
    assert "Ada Cole" in shown  # the person's own name, now that they hold the seat
    assert Registration.objects.get(event=event, seats__player=acc1).team.name == "Ada Cole"


def test_an_unknown_address_typed_for_a_player_names_the_entry_by_its_first_part():
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1, is_public=True)
    registration = registration_register_player(event=event, player="newbie@example.org", user=organizer)
    assert registration.team.name == "newbie"
    assert registration.seats.get().player.name == "newbie"
    assert registration.seats.get().player.user.email == "newbie@example.org"  # kept for its claim link only


def test_the_migration_mends_every_name_that_is_an_address():
    mend = importlib.import_module("tournaments.migrations.0034_names_not_addresses").mend_names
    person = PlayerFactory(name="Ada Cole", user=UserFactory(username="acc1", email="acc1@example.org"))
    typed = PlayerFactory(name="zed@example.org", user=UserFactory(username="zedx", first_name="", last_name=""))
    event = EventFactory(team_size=1)
    held = RegistrationFactory(event=event, team=TeamFactory(name="acc1@example.org"), seats=[person])
    other = RegistrationFactory(event=event, team=TeamFactory(name="Zed@Example.org"), seats=[typed])
    plain = TeamFactory(name="Plain Team")
    mend(django_apps, None)
    held.team.refresh_from_db()
    other.team.refresh_from_db()
    typed.refresh_from_db()
    assert held.team.name == "Ada Cole"  # the account's player's name
    assert typed.name == "zed" and other.team.name == "zed"  # the address's first part
    assert Team.objects.get(pk=plain.pk).name == "Plain Team"
    assert (
        not Team.objects.filter(name__contains="@").exists() and not Player.objects.filter(name__contains="@").exists()
    )
