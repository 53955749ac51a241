"""A Commander decklist on the portal's decklist page: the commander named as exports name it, every problem shown
in the reader's language."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, RegistrationFactory
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    pass


@pytest.fixture
def seat():
    event = EventFactory(team_size=1, constructed_format="commander")
    return RegistrationFactory(event=event).seats.get()


def _url(seat):
    return reverse("portal:decklist", args=[seat.registration.event_id])


def test_commander_decklist_page_legal_list(client, seat):
    client.force_login(seat.player.user)
    text = "Commander: Thrasios, Triton Hero\nCommander: Tymna the Weaver\n1 Sol Ring\n97 Island"
    page = client.post(_url(seat), {"text": text}, follow=True).content.decode()
    decklist = Decklist.objects.get(seat=seat)
    assert decklist.main == {"Sol Ring": 1, "Island": 97}
    seat.registration.refresh_from_db()
    assert seat.registration.deck_problems == []
    assert "Thrasios" in page


def test_commander_decklist_page_shows_the_problems_in_german(client, seat):
    seat.player.name = "Anna"
    seat.player.save()
    client.force_login(seat.player.user)
    page = client.post(
        _url(seat), {"text": "1 Grizzly Bears *CMDR*\n98 Forest"}, HTTP_ACCEPT_LANGUAGE="de", follow=True
    ).content.decode()
    # the card as printed in German, its English name beside it (the card data has the German name)
    assert "Anna: Grizzlybären (Grizzly Bears) kann nicht dein Kommandeur sein" in page
    assert "Anna: Ein Commander-Deck hat genau 100 Karten, den Kommandeur mitgezählt; dieses hat 99." in page
    english = client.get(_url(seat), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Anna: Grizzly Bears can&#x27;t be your commander" in english


def test_commander_decklist_page_field_names_the_commander_once(client, seat):
    client.force_login(seat.player.user)
    page = client.get(_url(seat)).content.decode()
    assert 'name="commanders"' in page
    for _ in range(2):  # submitting the same list and field again names the commander once
        client.post(_url(seat), {"text": "1 Lightning Bolt\n98 Mountain", "commanders": "Krenko, Mob Boss"})
        decklist = Decklist.objects.get(seat=seat)
        assert decklist.text == "Commander: Krenko, Mob Boss\n1 Lightning Bolt\n98 Mountain"
        seat.registration.refresh_from_db()
        assert seat.registration.deck_problems == []


def test_commander_decklist_page_three_commanders_are_refused_and_nothing_stored(client, seat):
    client.force_login(seat.player.user)
    page = client.post(
        _url(seat), {"text": "97 Mountain", "commanders": "Krenko, Mob Boss\nThrasios, Triton Hero\nTymna the Weaver"}
    ).content.decode()
    assert "Name one commander, or two that may be partners; 3 are too many." in page
    assert not Decklist.objects.filter(seat=seat).exists()


def test_decklist_page_of_a_modern_event_asks_no_commander(client):
    event = EventFactory(team_size=1, constructed_format="modern")
    seat = RegistrationFactory(event=event).seats.get()
    client.force_login(seat.player.user)
    assert 'name="commanders"' not in client.get(_url(seat)).content.decode()


def test_commander_decklist_page_shows_the_command_zone(client, seat):
    client.force_login(seat.player.user)
    client.post(_url(seat), {"text": "1 Lightning Bolt\n98 Mountain\n\n1 Krenko, Mob Boss"})  # MTGO's export
    page = client.get(_url(seat)).content.decode()
    assert "Command zone</strong> · Krenko, Mob Boss" in page
