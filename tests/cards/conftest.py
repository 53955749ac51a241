"""Fixtures of the cards tests: the bundled card catalogue (the real card data), loaded once per session."""
from collections.abc import Callable
from pathlib import Path

import pytest

from cards.deckrules import Deck
from cards.decklist import decklist_parse
from cards.names import CardNameIndex
from cards.selectors import card_name_index
from cards.services import cards_ensure_loaded

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def _bundled_cards(django_db_setup, django_db_blocker):
    # Importing 23,700 cards takes seconds: once per session, committed outside the per-test transactions.
    with django_db_blocker.unblock():
        cards_ensure_loaded()


@pytest.fixture
def names(_bundled_cards, db) -> CardNameIndex:
    """The name index over the bundled cards. Reloads the bundle if a transactional test emptied the table."""
    cards_ensure_loaded()
    return card_name_index()


@pytest.fixture
def make_deck(names) -> Callable[..., Deck]:
    """Build a Deck from decklist lines, topping the main deck up to 60 with a basic land."""

    def make(label: str, *lines: str, sideboard: tuple[str, ...] = (), fill: str = "Mountain", size: int = 60) -> Deck:
        counted = decklist_parse("\n".join(lines), resolver=names).main if lines else {}
        missing = size - sum(counted.values())
        text = "\n".join([*lines, *([f"{missing} {fill}"] if missing > 0 else []), "Sideboard", *sideboard])
        parsed = decklist_parse(text, resolver=names)
        assert parsed.errors == []
        return parsed.to_deck(label)

    return make


@pytest.fixture
def scryfall_sample() -> Path:
    return DATA / "scryfall-oracle-sample.json"
