"""The event's kind in one line (tournaments.wording.event_kind, issue 38) and the entrants counted."""

import pytest
from django.utils import translation

from tests.factories import EventFactory
from tournaments.enums import FormatKind
from tournaments.wording import entrant_count, event_kind

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "kind"),
    [
        ({"team_size": 1, "constructed_format": "standard", "swiss_rounds": 4}, "Standard · 4 rounds"),
        ({"team_size": 1, "constructed_format": "pauper", "swiss_rounds": 1}, "Pauper · 1 round"),
        (
            {
                "team_size": 1,
                "format_kind": FormatKind.TEAM_SEALED,
                "constructed_format": "",
                "swiss_rounds": 5,
                "top_cut": 8,
            },
            "Sealed · 5 rounds · top 8",
        ),
        (
            {"team_size": 1, "format_kind": FormatKind.BOOSTER_DRAFT, "constructed_format": "", "swiss_rounds": 3},
            "Booster draft · 3 rounds",
        ),
        (
            {"team_size": 3, "constructed_format": "modern", "swiss_rounds": 5},
            "Team constructed, one format · Modern · 5 rounds",
        ),
        (
            {
                "team_size": 3,
                "format_kind": FormatKind.TEAM_CONSTRUCTED_MIXED,
                "constructed_format": "",
                "seat_formats": ["standard", "pioneer", "modern"],
                "swiss_rounds": 4,
            },
            "Team constructed, a format per seat · Standard / Pioneer / Modern · 4 rounds",
        ),
    ],
)
def test_event_kind_names_the_format_and_the_rounds(fields, kind):
    assert event_kind(event=EventFactory.build(top_cut=fields.pop("top_cut", 0), **fields)) == kind


def test_event_kind_and_counts_in_german_and_chinese():
    event = EventFactory.build(team_size=1, constructed_format="standard", swiss_rounds=4, top_cut=0)
    with translation.override("de"):
        assert event_kind(event=event) == "Standard · 4 Runden" and entrant_count(event=event, n=1) == "1 Spieler"
    with translation.override("zh-hans"):
        assert event_kind(event=event).endswith("4 轮") and entrant_count(event=event, n=8) == "8 名牌手"


def test_entrant_count_says_players_or_teams():
    assert entrant_count(event=EventFactory.build(team_size=1), n=1) == "1 player"
    assert entrant_count(event=EventFactory.build(team_size=3), n=8) == "8 teams"
