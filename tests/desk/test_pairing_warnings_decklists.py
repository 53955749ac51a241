"""Pairing warns about missing and illegal decklists (constructed) and decks that break the team's pool (limited)."""

import pytest

from cards.services import cards_ensure_loaded
from desk.selectors import pairing_warnings
from tests.factories import EventFactory, PoolCardFactory, RegistrationFactory, SealedEventFactory, SealedPoolFactory
from tournaments.services.decklists import decklist_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def test_pairing_warnings_name_teams_with_missing_and_illegal_lists():
    event = EventFactory(team_size=2, constructed_format="modern")
    missing = RegistrationFactory(event=event)
    illegal = RegistrationFactory(event=event)
    for seat in illegal.seats.all():
        decklist_submit(seat=seat, user=seat.player.user, text="20 Mountain")
    warnings = pairing_warnings(event=event)
    assert any("no complete decklist" in w and missing.team.name in w for w in warnings)
    assert any("illegal decklist" in w and illegal.team.name in w for w in warnings)


def test_pairing_warnings_name_a_limited_team_whose_deck_breaks_its_pool():
    event = SealedEventFactory(team_size=2)
    fine, broken = RegistrationFactory(event=event), RegistrationFactory(event=event)
    for registration in (fine, broken):
        PoolCardFactory(pool=SealedPoolFactory(registration=registration), name="Shock")
    seat = broken.seats.get(letter="A")
    decklist_submit(seat=seat, user=seat.player.user, text="2 Shock\n38 Mountain")
    seat = fine.seats.get(letter="A")
    decklist_submit(seat=seat, user=seat.player.user, text="1 Shock\n39 Mountain")
    [warning] = [w for w in pairing_warnings(event=event) if "pool" in w]
    assert broken.team.name in warning and fine.team.name not in warning
