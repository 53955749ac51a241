"""The desk's keyboard entry in an individual event (issue 27): one match a table, "2-1", "1-1-1" or "ID"."""

import pytest
from django.core.exceptions import ValidationError

from desk.services.results import desk_result_enter
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamMatchFactory,
)
from tournaments.entry import EntryError, SeatEntry, parse_seats
from tournaments.enums import ResultState


@pytest.mark.parametrize(
    "typed, games",
    [("2-1", (2, 1, 0)), ("12", (1, 2, 0)), ("1-1-1", (1, 1, 1)), ("id", (0, 0, 3)), ("0-0-3", (0, 0, 3))],
)
def test_one_result_for_the_one_match(typed, games):
    assert parse_seats(typed, "A") == [SeatEntry("A", *games)]


@pytest.mark.parametrize(
    "typed, message",
    [
        ("2-1 1-2", "Type one result: the games like 2-1, 1-1-1 or ID (2 typed)."),
        ("two", "'TWO' is not a result; type the games won-lost(-drawn) like 2-1, 1-2, 1-1-1, 0-0-3 or ID."),
    ],
)
def test_a_typing_slip_names_no_seat(typed, message):
    with pytest.raises(EntryError) as caught:
        parse_seats(typed, "A")
    assert str(caught.value) == message


@pytest.mark.django_db
def test_an_intentional_draw_typed_at_the_desk_is_recorded_0_0_3():
    event = EventFactory(team_size=1)
    match = TeamMatchFactory(
        round=RoundFactory(event=event),
        team_a=RegistrationFactory(event=event),
        team_b=RegistrationFactory(event=event),
    )
    desk_result_enter(match=match, by=OrganizerFactory(), text="ID")
    match.refresh_from_db()
    assert (match.result_state, match.outcome) == (ResultState.FINAL, "D")
    assert [(s.letter, s.wins_a, s.wins_b, s.draws) for s in match.seat_matches.all()] == [("A", 0, 0, 3)]
    with pytest.raises(ValidationError):
        desk_result_enter(match=match, by=OrganizerFactory(), text="3-0")


@pytest.mark.django_db
def test_the_desk_cuts_an_individual_event_to_its_top_players():
    from desk.selectors import desk_next_step
    from desk.services.steps import desk_step_run
    from tournaments.models import Event, TeamMatch

    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1, swiss_rounds=1, top_cut=4)
    for _ in range(5):
        RegistrationFactory(event=event)
    steps = []
    while True:
        step = desk_next_step(event=Event.objects.get(pk=event.pk))
        steps.append(step)
        if step.kind == "topcut":
            break
        desk_step_run(event=Event.objects.get(pk=event.pk), by=organizer, key=step.key, anyway=True)
        TeamMatch.objects.filter(round__event=event, team_b__isnull=False).update(
            outcome="A", result_state=ResultState.FINAL
        )
    assert steps[-1].label == "Cut to top 4"
    assert steps[-1].explains.startswith("Seeds the top 4 players of the Swiss standings")
