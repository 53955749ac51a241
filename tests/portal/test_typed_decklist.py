"""The portal's decklist page with real product (issue 40): a typed limited deck is registered; one that can't be is
refused with the reason as a form error, the typed text kept and nothing stored."""

import pytest
from django.test import Client

from tests.factories import TYPED_SEALED_DECK
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db


def _page(seat) -> tuple[Client, str]:
    client = Client()
    client.force_login(seat.player.user)
    return client, f"/events/{seat.event_id}/decklist/"


def test_a_typed_deck_is_registered_from_the_page(prerelease):
    _event, (seat, *_others) = prerelease
    client, url = _page(seat)
    assert "Type the deck you built" in client.get(url).content.decode()
    response = client.post(url, {"text": TYPED_SEALED_DECK}, follow=True)
    assert "Decklist saved. It is legal." in response.content.decode()
    assert Decklist.objects.get(seat=seat).main_count == 40


def test_a_39_card_deck_is_a_form_error_keeping_the_text(prerelease):
    _event, (seat, *_others) = prerelease
    client, url = _page(seat)
    text = TYPED_SEALED_DECK.replace("17 Mountain", "16 Mountain")
    page = client.post(url, {"text": text}).content.decode()
    assert "the main deck has 39 cards; a limited deck has at least 40." in page
    assert "16 Mountain" in page
    assert not Decklist.objects.filter(seat=seat).exists()
