import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from tests.factories import OrganizerFactory
from tournaments.enums import FormatKind, Structure
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db


def _create(**fields):
    base = dict(name="E", date=dt.date(2026, 1, 1), organizer=OrganizerFactory(), constructed_format="modern")
    base.update(fields)
    return event_create(**base)


@pytest.mark.parametrize(("size", "life", "poison"), [(2, 40, 20), (3, 60, 30), (4, 80, 40)])
def test_event_create_three_headed_serpent_preset_scales_with_team_size(size, life, poison):
    event = _create(team_size=size, structure=Structure.THREE_HEADED_SERPENT)
    assert (event.shared_life, event.shared_poison) == (life, poison)


def test_event_create_two_headed_giant_preset():
    event = _create(team_size=2, structure=Structure.TWO_HEADED_GIANT, format_kind=FormatKind.THG_SEALED)
    assert (event.shared_life, event.shared_poison) == (30, 15)


def test_event_create_two_headed_giant_team_of_three_is_refused():
    with pytest.raises(ValidationError) as info:
        _create(team_size=3, structure=Structure.TWO_HEADED_GIANT, format_kind=FormatKind.THG_CONSTRUCTED)
    assert info.value.message_dict["team_size"] == ["Two-Headed Giant is played by teams of 2."]


def test_event_create_mixed_formats_must_differ():
    with pytest.raises(ValidationError) as info:
        _create(format_kind=FormatKind.TEAM_CONSTRUCTED_MIXED, seat_formats=["modern", "modern", "pioneer"])
    assert info.value.message_dict["seat_formats"] == ["Each member must play a different format (DCI 8.3)."]


def test_event_create_seat_against_seat_has_no_shared_totals():
    event = _create(shared_life=30, shared_poison=15)
    assert (event.shared_life, event.shared_poison) == (None, None)


def test_event_problems_refuse_a_new_team_size_or_structure_while_teams_are_registered():
    from tests.factories import EventFactory, RegistrationFactory
    from tournaments.services.events import event_problems

    event = EventFactory(team_size=3)
    RegistrationFactory(event=event)
    event.team_size = 4
    event.structure = Structure.THREE_HEADED_SERPENT
    problems = event_problems(event=event)
    assert problems["team_size"] == (
        "1 team(s) are registered with 3 players each: the team size can't change while teams are registered. "
        "Remove the registrations first."
    )
    assert "the structure can't change while teams are registered" in problems["structure"]


def test_event_problems_allow_a_new_team_size_before_any_registration():
    from tests.factories import EventFactory
    from tournaments.services.events import event_problems

    event = EventFactory(team_size=3)
    event.team_size = 4
    assert event_problems(event=event) == {}


# --- Team Rochester settings (RULES.md 6) and the options of RULES.md 4 and 5 ---------------------------------------


def _rochester(**fields):
    return _create(format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="", **fields)


def test_event_create_team_rochester_defaults_to_teams_of_three_drafting_every_round_with_40_minutes():
    from tournaments.enums import DraftStructure

    event = _rochester()
    assert (event.team_size, event.draft_structure, event.deck_building_minutes) == (3, DraftStructure.EVERY_ROUND, 40)
    assert event.drafts_every_round


def test_event_create_team_rochester_teams_of_four_refused():
    with pytest.raises(ValidationError) as info:
        _rochester(team_size=4)
    assert "teams of three (MTR 8.5)" in info.value.message_dict["team_size"][0]


def test_event_create_team_rochester_teams_of_two_only_as_a_house_rule_picked_on_purpose():
    with pytest.raises(ValidationError) as info:
        _rochester(team_size=2)
    assert "house rule" in info.value.message_dict["team_size"][0]
    assert _rochester(team_size=2, rochester_teams_of_two=True).team_size == 2


def test_event_create_one_draft_with_the_pod_rule_lifted_at_regular_rel_only():
    from tournaments.enums import DraftStructure, EnforcementLevel

    assert _rochester(draft_structure=DraftStructure.ONE_DRAFT).draft_structure == DraftStructure.ONE_DRAFT
    with pytest.raises(ValidationError) as info:
        _rochester(draft_structure=DraftStructure.ONE_DRAFT, enforcement_level=EnforcementLevel.COMPETITIVE)
    assert "Regular REL only" in info.value.message_dict["draft_structure"][0]


def test_draft_structure_is_fixed_once_round_one_is_paired():
    from tests.factories import RegistrationFactory
    from tournaments.enums import DraftStructure
    from tournaments.services.events import event_problems
    from tournaments.services.pairing import round_pair_next

    event = _rochester()
    for _ in range(2):
        RegistrationFactory(event=event)
    assert "draft_structure" not in event_problems(event=event)
    event.draft_structure = DraftStructure.ONE_DRAFT
    assert "draft_structure" not in event_problems(event=event)  # before the event starts: free to choose
    event.draft_structure = DraftStructure.EVERY_ROUND
    round_pair_next(event=event)
    event.draft_structure = DraftStructure.ONE_DRAFT
    assert "before the event starts" in event_problems(event=event)["draft_structure"]


def test_event_create_mixed_formats_may_repeat_when_the_option_is_off():
    event = _create(
        format_kind=FormatKind.TEAM_CONSTRUCTED_MIXED,
        seat_formats=["modern", "modern", "pioneer"],
        formats_must_differ=False,
    )
    assert event.seat_formats == ["modern", "modern", "pioneer"]


def test_event_create_two_headed_giant_constructed_defaults_to_no_shared_cards():
    from tournaments.enums import DeckRule

    event = _create(team_size=2, structure=Structure.TWO_HEADED_GIANT, format_kind=FormatKind.THG_CONSTRUCTED)
    assert event.deck_rule == DeckRule.NO_SHARED
    chosen = _create(
        team_size=2,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_CONSTRUCTED,
        deck_rule=DeckRule.FOUR_COPIES,
    )
    assert chosen.deck_rule == DeckRule.FOUR_COPIES
    assert _create().deck_rule == DeckRule.FOUR_COPIES


def test_event_below_four_teams_gets_a_warning_not_a_refusal():
    from tests.factories import RegistrationFactory
    from tournaments.selectors.events import event_warnings
    from tournaments.services.pairing import round_pair_next

    event = _create()
    for _ in range(3):
        RegistrationFactory(event=event)
    assert any("below the sanctioning minimum of 4 teams" in w for w in event_warnings(event=event))
    assert round_pair_next(event=event).number == 1  # not refused
    RegistrationFactory(event=event)
    assert not any("sanctioning minimum" in w for w in event_warnings(event=event))
