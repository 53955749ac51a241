"""The decklist page gives feedback at once (issue 17): my own deck's problems before my teammates submit, a shared
card named with the teammate as soon as their list is in, each unread line once."""

import pytest
from django.urls import reverse

from cards.services import cards_ensure_loaded
from tests.factories import EventFactory, RegistrationFactory, RoundFactory
from tournaments.enums import DeckRule
from tournaments.models import Decklist

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


@pytest.fixture
def team():
    event = EventFactory(team_size=3, constructed_format="modern", deck_rule=DeckRule.NO_SHARED)
    seats = list(RegistrationFactory(event=event).seats.order_by("letter"))
    for seat, name in zip(seats, ("Anna", "Bo", "Cai")):
        seat.player.name = name
        seat.player.save()
    return event, seats


def _url(event):
    return reverse("portal:decklist", args=[event.pk])


def test_decklist_page_own_problem_shown_while_teammates_are_missing(client, team):
    event, (a, b, c) = team
    client.force_login(a.player.user)
    page = client.post(_url(event), {"text": "4 Lightning Bolt\n36 Mountain"}, follow=True).content.decode()
    assert "Seat A (Anna): the main deck has 40 cards; it needs at least 60." in page  # said now
    assert "Seat B (Bo) has not submitted a decklist." in page


def test_decklist_page_shared_card_names_the_teammate_before_the_third_list(client, team):
    event, (a, b, c) = team
    client.force_login(b.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Island"})
    client.force_login(a.player.user)
    page = client.post(_url(event), {"text": "4 Lightning Bolt\n56 Mountain"}, follow=True).content.decode()
    assert "Lightning Bolt is in 2 decks (Seat A (Anna) 4, Seat B (Bo) 4)" in page


def test_decklist_page_names_my_unread_line_once_while_a_teammate_is_missing(client, team):
    event, (a, b, c) = team
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "4 Lightnig Bolt\n56 Mountain"}, HTTP_ACCEPT_LANGUAGE="de")
    english = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english.count("Line 1:") == 1
    german = client.get(_url(event), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert german.count("Zeile 1:") == 1 and "Line 1" not in german


def test_decklist_page_after_round_one_refuses_and_keeps_the_list(client, team):
    event, (a, b, c) = team
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "4 Lightning Bolt\n56 Mountain"})
    RoundFactory(event=event, number=1)
    response = client.post(_url(event), {"text": "60 Island"}, follow=True)
    page = response.content.decode()
    assert "Round 1 is paired, so decklists are locked. Ask a judge if your list must change." in page
    assert Decklist.objects.get(seat=a).text == "4 Lightning Bolt\n56 Mountain"


def test_decklist_page_lists_my_own_deck_problems_first(client, team):
    event, (a, b, c) = team
    client.force_login(a.player.user)
    page = client.post(_url(event), {"text": "4 Lightning Bolt\n36 Mountain"}, follow=True).content.decode()
    assert page.index("Seat A (Anna): the main deck has 40 cards") < page.index("Seat B (Bo) has not submitted")


def test_decklist_page_tells_the_player_why_a_judge_changed_their_list(client, team):
    from tournaments.services.decklists import decklist_judge_change

    event, (a, b, c) = team
    client.force_login(a.player.user)
    client.post(_url(event), {"text": "60 Mountain"})
    RoundFactory(event=event, number=1)
    decklist_judge_change(
        seat=a, user=event.organizer, text="56 Mountain\n4 Lightning Bolt", reason="Bolts, not Mountains"
    )
    page = client.get(_url(event)).content.decode()
    assert "A judge changed this list on" in page and "Bolts, not Mountains" in page
    client.force_login(b.player.user)  # a teammate sees their own page, not my change
    assert "Bolts, not Mountains" not in client.get(_url(event)).content.decode()
