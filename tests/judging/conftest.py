import pytest

from cards.services import cards_ensure_loaded


@pytest.fixture
def cards(_bundled_cards, db):
    cards_ensure_loaded()
