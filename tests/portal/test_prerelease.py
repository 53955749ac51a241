"""The prerelease evening on a player's phone (issue 40): what to do instead of a pool, the deck building timer,
deck registration at Competitive REL and none at Regular REL (no nagging), team sealed with real boxes where each
member registers their own deck and the team sees the three, and what other players never see."""

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from drafting.services.paper import deck_building_start
from tests.factories import TYPED_SEALED_DECK, PrereleaseEventFactory, RegistrationFactory, SealedEventFactory
from tournaments.enums import EnforcementLevel
from tournaments.models import Decklist
from tournaments.services.decklists import decklist_submit

pytestmark = pytest.mark.django_db

# Three 40-card typed decks, one a member.
DECKS = {
    "A": TYPED_SEALED_DECK,
    "B": "2 Llanowar Elves\n1 Giant Growth\n37 Forest\nSideboard\n1 Shock",
    "C": "1 Counterspell\n39 Island",
}


def _phone(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _timers(html: str) -> dict:
    return json.loads(re.search(r'<script id="event-timers" type="application/json">(.*?)</script>', html).group(1))


def _team_boxes(_bundled_cards):
    """Team sealed with real boxes, teams of three at Regular REL with every member's deck asked for: two teams."""
    from cards.services import cards_ensure_loaded

    cards_ensure_loaded()
    event = SealedEventFactory(
        team_size=3, real_product=True, decklists_at_regular=True, enforcement_level=EnforcementLevel.REGULAR
    )
    return event, RegistrationFactory(event=event), RegistrationFactory(event=event)


def test_a_competitive_player_reads_what_to_do_and_the_running_timer(prerelease):
    event, (seat, *_others) = prerelease
    phone = _phone(seat.player.user)
    page = unescape(phone.get(reverse("portal:event", args=[event.pk])).content.decode())
    assert 'id="real-product"' in page and "Hydra keeps no pools" in page
    assert "Each player types or pastes their deck" in page and 'id="real-product-decklist"' in page
    assert _timers(page)["build"] is None and "No timer is running yet." in page
    deck_building_start(event=event, by=event.organizer, minutes=30)
    page = phone.get(reverse("portal:event", args=[event.pk])).content.decode()
    build = _timers(page)["build"]
    assert build["schedule"][0]["seconds"] == 1800 and 1790 < build["left"] <= 1800


def test_at_regular_rel_nobody_is_asked_to_register_a_deck(_bundled_cards):
    event = PrereleaseEventFactory(enforcement_level=EnforcementLevel.REGULAR)
    seat = RegistrationFactory(event=event).seats.get()
    phone = _phone(seat.player.user)
    page = unescape(phone.get(reverse("portal:event", args=[event.pk])).content.decode())
    assert "Decks aren't registered at this event: build, then play." in page
    assert 'id="real-product-decklist"' not in page and reverse("portal:decklist", args=[event.pk]) not in page
    assert reverse("portal:decklist", args=[event.pk]) not in phone.get(reverse("portal:home")).content.decode()
    decklist = unescape(phone.get(reverse("portal:decklist", args=[event.pk])).content.decode())
    assert "doesn't ask for deck registration" in decklist and "<textarea" not in decklist
    phone.post(reverse("portal:decklist", args=[event.pk]), {"text": TYPED_SEALED_DECK})
    assert not Decklist.objects.filter(seat=seat).exists()


def test_the_api_tells_a_regular_rel_player_there_is_nothing_to_register(_bundled_cards):
    event = PrereleaseEventFactory(enforcement_level=EnforcementLevel.REGULAR)
    seat = RegistrationFactory(event=event).seats.get()
    api = APIClient()
    api.force_login(seat.player.user)
    body = api.get(f"/api/v1/events/{event.pk}/decklist").json()
    assert body["open"] is False and body["real_product"] is True
    response = api.put(f"/api/v1/events/{event.pk}/decklist", {"text": TYPED_SEALED_DECK}, format="json")
    assert response.status_code == 400 and "doesn't ask for deck registration" in response.json()["message"]


def test_each_member_registers_their_own_deck_and_the_team_sees_the_three(_bundled_cards):
    event, ours, _theirs = _team_boxes(_bundled_cards)
    seats = {seat.letter: seat for seat in ours.seats.all()}
    for letter, text in DECKS.items():
        outcome = decklist_submit(seat=seats[letter], user=seats[letter].player.user, text=text)
        assert {p.code for p in outcome.team_problems} <= {"missing-decklist"}  # the teammates' decks still to come
    assert outcome.legal  # the three: no pool, no unified construction between them
    page = unescape(_phone(seats["A"].player.user).get(reverse("portal:decklist", args=[event.pk])).content.decode())
    team = page[page.index('id="team-decks"') :]
    for letter in "ABC":
        assert f'data-seat="{letter}"' in team and seats[letter].player.name in team
    assert team.count("40 cards in the main deck") == 3
    assert "1 Counterspell" in team and "2 Llanowar Elves" in team
    real = unescape(_phone(seats["B"].player.user).get(reverse("portal:event", args=[event.pk])).content.decode())
    assert "Each team member types or pastes their own deck" in real


def test_a_player_of_another_team_never_sees_our_decks(_bundled_cards):
    event, ours, theirs = _team_boxes(_bundled_cards)
    mine = ours.seats.get(letter="C")
    decklist_submit(seat=mine, user=mine.player.user, text=DECKS["C"])
    stranger = theirs.seats.get(letter="A").player.user
    page = _phone(stranger).get(reverse("portal:decklist", args=[event.pk])).content.decode()
    assert "Counterspell" not in page and mine.player.name not in page
    api = APIClient()
    api.force_login(stranger)
    assert api.get(f"/api/v1/events/{event.pk}/teams/{ours.pk}/decklists/").status_code == 404


def test_the_judges_see_every_members_typed_deck_on_the_desk(client, _bundled_cards):
    event, ours, _theirs = _team_boxes(_bundled_cards)
    seats = {seat.letter: seat for seat in ours.seats.all()}
    for letter, text in DECKS.items():
        decklist_submit(seat=seats[letter], user=seats[letter].player.user, text=text)
    client.force_login(event.organizer)
    page = client.get(reverse("desk:decklists", args=[event.pk])).content.decode()
    assert all(seats[letter].player.name in page for letter in "ABC") and "Counterspell" in page
