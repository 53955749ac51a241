import pytest
from django.core.exceptions import ValidationError

from desk.selectors import desk_next_step
from desk.services.steps import desk_step_run
from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, FormatKind, ResultState
from tournaments.models import Event, TeamMatch


def _finish_round(event):
    TeamMatch.objects.filter(round__event=event, team_b__isnull=False).exclude(
        result_state=ResultState.FINAL).update(outcome="A", result_state=ResultState.FINAL)


def _run(event, by):
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    desk_step_run(event=Event.objects.get(pk=event.pk), by=by, key=step.key, anyway=True)
    return step


def test_next_steps_through_a_top_cut(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_SEALED, constructed_format="",
                         swiss_rounds=2, top_cut=4)
    for _ in range(6):
        RegistrationFactory(event=event)
    labels = []
    for _ in range(2):
        labels.append(_run(event, organizer).label)  # pair
        labels.append(_run(event, organizer).label)  # clock
        _finish_round(event)
    labels.append(_run(event, organizer).label)  # cut
    labels.append(_run(event, organizer).label)  # clock of the semi-finals
    _finish_round(event)
    labels.append(_run(event, organizer).label)  # final
    labels.append(_run(event, organizer).label)  # clock of the final
    _finish_round(event)
    assert desk_next_step(event=Event.objects.get(pk=event.pk)).label == "Close the event"
    _run(event, organizer)
    assert labels == ["Pair round 1", "Start the clock", "Pair round 2", "Start the clock", "Cut to top 4",
                      "Start the clock", "Pair the next top-cut round", "Start the clock"]
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED


def test_next_step_of_a_one_draft_rochester_event_starts_the_drafts(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="",
                         draft_structure="one_draft")
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    assert _run(event, organizer).label == "Start the drafts"
    assert event.draft_tables.count() == 1
    assert desk_next_step(event=event).label == "Pair round 1"


def test_next_step_of_a_rochester_event_that_drafts_every_round_pairs_round_one(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="")
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    assert desk_next_step(event=event).label == "Pair round 1"


def test_next_step_blocked_while_results_are_missing(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_SEALED, constructed_format="")
    for _ in range(4):
        RegistrationFactory(event=event)
    _run(event, organizer)
    _run(event, organizer)
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    assert step.blocked == "2 tables still wait for their results."
    with pytest.raises(ValidationError) as info:
        desk_step_run(event=event, by=organizer, key=step.key, anyway=True)
    assert info.value.messages == ["2 tables still wait for their results."]
