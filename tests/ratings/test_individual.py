"""Individual events rate in categories of their own (issue 27): "constructed-1", apart from every team rating."""

import json
from pathlib import Path

import pytest

from eventfile.importer import event_import
from ratings.categories import Category
from ratings.models import PlayerRating
from ratings.selectors import rated_categories
from ratings.services import ratings_recalculate
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

WEEKLY = Path(__file__).parent.parent / "eventfile" / "data" / "melee-weekly-mont-legacy-68120-2024-03-07.json"


def test_an_imported_individual_event_rates_its_players_in_the_individual_category():
    event_import(document=json.loads(WEEKLY.read_text(encoding="utf-8")), user=UserFactory())
    assert rated_categories() == [Category("constructed", 1)]
    [summary] = ratings_recalculate()
    assert summary.category == "constructed-1" and summary.events == 1
    assert summary.players == 23 and summary.matches == 47 - 3  # byes don't move ratings
    ratings = {r.player.name: r for r in PlayerRating.objects.select_related("player")}
    caio = ratings["Caio Zanini"]
    assert (caio.wins, caio.losses, caio.draws) == (4, 0, 0) and caio.rating > 1600
    assert ratings["Gustavo Gazzola Smarito"].rating < 1600
    assert ratings["PedroPaulo"].draws == 1
    assert not PlayerRating.objects.exclude(category__slug="constructed-1").exists()
