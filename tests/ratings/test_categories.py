"""Which rating an event feeds (RULES.md 8, DCI 8.3)."""

import pytest

from ratings.categories import Category, category_for, parse_category
from tournaments.enums import FormatKind, Structure


@pytest.mark.parametrize(
    "format_kind, structure, size, slug",
    [
        (FormatKind.TEAM_CONSTRUCTED, Structure.SEAT_AGAINST_SEAT, 3, "constructed-3"),
        (FormatKind.TEAM_CONSTRUCTED_MIXED, Structure.SEAT_AGAINST_SEAT, 3, "constructed-3"),
        (FormatKind.TEAM_CONSTRUCTED, Structure.SEAT_AGAINST_SEAT, 2, "constructed-2"),
        (FormatKind.TEAM_SEALED, Structure.SEAT_AGAINST_SEAT, 3, "limited-3"),
        (FormatKind.TEAM_ROCHESTER, Structure.SEAT_AGAINST_SEAT, 2, "limited-2"),
        (FormatKind.THG_DRAFT, Structure.TWO_HEADED_GIANT, 2, "2hg"),
        (FormatKind.THG_CONSTRUCTED, Structure.TWO_HEADED_GIANT, 2, "2hg"),
        (FormatKind.TEAM_SEALED, Structure.TWO_HEADED_GIANT, 2, "2hg"),
        (FormatKind.TEAM_CONSTRUCTED, Structure.THREE_HEADED_SERPENT, 3, "3hs-3"),
        (FormatKind.TEAM_CONSTRUCTED, Structure.THREE_HEADED_SERPENT, 4, "3hs-4"),
        (FormatKind.TEAM_CONSTRUCTED, Structure.MULTIPLAYER_PODS, 1, "multiplayer"),
    ],
)
def test_category_for_each_format(format_kind, structure, size, slug):
    category = category_for(format_kind=format_kind, structure=structure, team_size=size)
    assert category.slug == slug
    assert parse_category(slug) == category


def test_custom_shared_games_are_not_rated():
    assert category_for(format_kind=FormatKind.TEAM_CONSTRUCTED, structure=Structure.CUSTOM_SHARED, team_size=3) is None


@pytest.mark.parametrize(
    "slug", ["", "constructed", "constructed-x", "constructed-0", "3hs-1", "constructed-9", "2hg-2", "vintage-3"]
)
def test_parse_category_refuses_unknown_slugs(slug):
    assert parse_category(slug) is None


def test_individual_events_rate_in_categories_of_their_own():
    for format_kind, slug in ((FormatKind.TEAM_CONSTRUCTED, "constructed-1"), (FormatKind.TEAM_SEALED, "limited-1")):
        category = category_for(format_kind=format_kind, structure=Structure.SEAT_AGAINST_SEAT, team_size=1)
        assert category.slug == slug and parse_category(slug) == category
    assert Category("constructed", 1).label == "Constructed, individual"
    assert Category("limited", 1).label == "Limited, individual"


def test_category_labels():
    assert Category("constructed", 3).label == "Team constructed, teams of 3"
    assert Category("2hg", 2).label == "Two-Headed Giant"
