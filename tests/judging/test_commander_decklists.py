"""A Commander event's decklists on the judges' pages and the desk: the commander apart from the deck, the stored
problems as the player reads them."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, RegistrationFactory
from tournaments.models import Decklist
from tournaments.services.decklists import decklist_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(_bundled_cards, db):
    event = EventFactory(team_size=1, constructed_format="commander")
    seat = RegistrationFactory(event=event).seats.get()
    decklist_submit(seat=seat, user=seat.player.user, text="Commander\n1 Krenko, Mob Boss\nDeck\n2 Shock\n97 Mountain")
    return event, seat


@pytest.mark.parametrize("page", ["judging:team", "judging:print_team"])
def test_judges_pages_show_the_command_zone_and_the_problem(client, submitted, page):
    event, seat = submitted
    client.force_login(event.organizer)
    html = client.get(reverse(page, args=[event.pk, seat.registration_id])).content.decode()
    assert "Command zone" in html and "Krenko, Mob Boss" in html
    if page == "judging:team":
        assert "2 copies of Shock; a Commander deck holds one copy of each card" in html


def test_desk_decklists_show_the_command_zone(client, submitted):
    event, seat = submitted
    client.force_login(event.organizer)
    html = client.get(reverse("desk:decklists", args=[event.pk])).content.decode()
    assert "Command zone" in html and "Krenko, Mob Boss" in html
    assert Decklist.objects.get(seat=seat).main == {"Shock": 2, "Mountain": 97}
