"""Decklists in individual events (issue 27): the usual rules of one deck; team unified construction never applies."""

import pytest

from cards.services import cards_ensure_loaded
from tests.factories import EventFactory, RegistrationFactory
from tournaments.enums import DeckRule
from tournaments.services.decklists import decklist_submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(_bundled_cards, db):
    cards_ensure_loaded()


def _player(**kwargs):
    event = EventFactory(team_size=1, constructed_format="modern", deck_rule=DeckRule.NO_SHARED, **kwargs)
    registration = RegistrationFactory(event=event)
    (seat,) = registration.seats.all()
    return seat


def test_a_legal_deck_of_one_player_is_legal_whatever_the_team_rule():
    seat = _player()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="4 Lightning Bolt\n56 Mountain")
    assert outcome.errors == [] and outcome.legal and outcome.team_problems == []


def test_the_usual_deck_rules_apply_and_name_the_player_not_a_seat():
    seat = _player()
    outcome = decklist_submit(seat=seat, user=seat.player.user, text="5 Lightning Bolt\n50 Mountain")
    codes = {p.code for p in outcome.team_problems}
    assert not outcome.legal and codes == {"main-deck-too-small", "too-many-copies"}
    messages = " ".join(p.message for p in outcome.team_problems)
    assert seat.player.name in messages and "Seat A" not in messages
    assert not any("team" in p.message.lower() for p in outcome.team_problems)
