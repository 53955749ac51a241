"""The desk's decklist page (issue 40): judges and organizers see every entrant's registered deck, typed limited
decks of real-product events included; nobody else finds the page."""

import pytest
from django.test import Client

from tests.factories import (
    EventStaffFactory,
    RegistrationFactory,
    SealedEventFactory,
    TYPED_SEALED_DECK,
    UserFactory,
)
from tournaments.enums import EnforcementLevel
from tournaments.services.decklists import decklist_submit

pytestmark = pytest.mark.django_db

DECK = TYPED_SEALED_DECK


@pytest.fixture
def registered(prerelease):
    """The prerelease with the first player's typed deck registered."""
    event, seats = prerelease
    decklist_submit(seat=seats[0], user=seats[0].player.user, text=DECK)
    return event, seats


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_judge_sees_the_typed_decks_on_the_desk(registered):
    event, seats = registered
    judge = UserFactory()
    EventStaffFactory(event=event, user=judge, role="judge")
    page = _client(judge).get(f"/events/{event.pk}/desk/decklists/").content.decode()
    assert 'data-main="40" data-sideboard="1"' in page and "2 Shock" in page and "1 Lightning Bolt" in page
    assert "1 of 3 players has registered a decklist." in page  # counted by the 1 (ngettext)
    assert page.count("No decklist submitted.") == 2
    assert "teams have registered" not in page  # an individual event's words


def test_the_organizer_sees_them_too_and_the_desk_links_the_page(registered):
    event, _seats = registered
    client = _client(event.organizer)
    assert client.get(f"/events/{event.pk}/desk/decklists/").status_code == 200
    assert f"/events/{event.pk}/desk/decklists/" in client.get(f"/events/{event.pk}/desk/").content.decode()


@pytest.mark.parametrize("who", ["player", "scorekeeper", "stranger"])
def test_nobody_else_finds_the_page(registered, who):
    event, seats = registered
    user = UserFactory()
    if who == "player":
        user = seats[1].player.user
    elif who == "scorekeeper":
        EventStaffFactory(event=event, user=user, role="scorekeeper")
    response = _client(user).get(f"/events/{event.pk}/desk/decklists/")
    assert response.status_code == 404 and "Serra Angel" not in response.content.decode()


def test_the_page_reads_in_a_fixed_number_of_queries(registered, django_assert_max_num_queries):
    event, _seats = registered
    client = _client(event.organizer)
    client.get(f"/events/{event.pk}/desk/decklists/")
    for _ in range(5):
        seat = RegistrationFactory(event=event).seats.get()
        decklist_submit(seat=seat, user=seat.player.user, text=DECK)
    with django_assert_max_num_queries(12):
        assert client.get(f"/events/{event.pk}/desk/decklists/").status_code == 200


def test_a_regular_rel_event_says_no_registration_is_asked():
    event = SealedEventFactory(team_size=1, real_product=True, enforcement_level=EnforcementLevel.REGULAR)
    page = _client(event.organizer).get(f"/events/{event.pk}/desk/decklists/").content.decode()
    assert 'id="decklists-not-asked"' in page


def test_pairing_warns_of_players_without_a_typed_deck_at_competitive_only(registered):
    from desk.selectors import pairing_warnings

    event, seats = registered
    [warning] = [str(w) for w in pairing_warnings(event=event)]
    assert seats[1].registration.team.name in warning and seats[0].registration.team.name not in warning
    event.enforcement_level = EnforcementLevel.REGULAR
    event.save()
    assert [str(w) for w in pairing_warnings(event=event)] == []
