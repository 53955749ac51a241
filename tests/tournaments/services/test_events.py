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
