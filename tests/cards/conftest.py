"""Fixtures of the cards tests, over the bundled card catalogue (the real card data).

The catalogue is imported once per session by `_bundled_cards` in tests/conftest.py."""

from collections.abc import Callable
from pathlib import Path

import pytest

from cards.deckrules import Deck
from cards.decklist import decklist_parse
from cards.names import CardNameIndex
from cards.selectors import card_name_index
from cards.services import cards_ensure_loaded

DATA = Path(__file__).parent / "data"


@pytest.fixture
def _cards_committed(_bundled_cards, django_db_blocker):
    # A transactional test elsewhere (live_server) flushes every table when it ends. Re-import before this
    # test's transaction starts, so the import is committed once instead of rolled back after every test.
    with django_db_blocker.unblock():
        cards_ensure_loaded()


@pytest.fixture
def names(_cards_committed, db) -> CardNameIndex:
    """The name index over the bundled cards (committed; re-imported first if something emptied the table)."""
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
