""" "Run again" (issue 38): tournaments.services.events.event_copy copies the settings, not the players."""

import datetime as dt

import pytest

from common.refusals import NotAllowed, NotFound
from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, UserFactory
from tournaments.enums import FormatKind, PairingScope
from tournaments.models import Event, EventLogEntry, PhaseSeat
from tournaments.selectors.phases import event_phases
from tournaments.services.pairing import round_pair_next
from tournaments.services.phases import phase_create
from tournaments.services.clock import event_desk_for
from tournaments.services.events import event_copy
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    user = UserFactory(username="store")
    organizer_role_grant(user=user)
    return user


@pytest.fixture
def fnm(owner):
    event = EventFactory(
        name="Friday Night Magic",
        organizer=owner,
        date=dt.date(2026, 11, 27),
        team_size=1,
        constructed_format="standard",
        swiss_rounds=4,
        top_cut=0,
        location="Game Store",
        decklist_deadline=dt.datetime(2026, 11, 27, 18, 30, tzinfo=dt.UTC),
        decklists_locked=True,
        is_public=False,
    )
    RegistrationFactory(event=event, seats=[PlayerFactory()])
    desk = event_desk_for(event=event)
    desk.round_minutes = 45
    desk.save()
    return event


def test_a_copy_has_the_settings_a_week_later_without_players_and_is_logged(fnm, owner):
    copy = event_copy(event=fnm, by=owner)
    assert copy.pk != fnm.pk and copy.date == dt.date(2026, 12, 4)
    assert (
        copy.name,
        copy.location,
        copy.team_size,
        copy.format_kind,
        copy.constructed_format,
        copy.swiss_rounds,
        copy.is_public,
    ) == ("Friday Night Magic", "Game Store", 1, fnm.format_kind, "standard", 4, False)
    assert copy.decklist_deadline == dt.datetime(2026, 12, 4, 18, 30, tzinfo=dt.UTC)
    assert not copy.decklists_locked and copy.registrations.count() == 0 and copy.organizer == owner
    assert event_desk_for(event=copy).round_minutes == 45
    entries = EventLogEntry.objects.filter(event=copy)
    assert [(e.action, e.user, e.data.get("copied_from")) for e in entries] == [("event_created", owner, fnm.pk)]


def test_a_copy_takes_the_date_given(fnm, owner):
    assert event_copy(event=fnm, by=owner, date=dt.date(2027, 1, 8)).date == dt.date(2027, 1, 8)


def test_a_copy_is_refused_to_who_doesnt_run_the_event_or_may_not_create_events(fnm, owner):
    with pytest.raises(NotFound):  # a private event someone else runs: as if it didn't exist
        event_copy(event=fnm, by=UserFactory(username="stranger"))
    fnm.is_public = True
    fnm.save()
    other_organizer = UserFactory(username="rival")
    organizer_role_grant(user=other_organizer)
    with pytest.raises(NotAllowed):
        event_copy(event=fnm, by=other_organizer)
    assert Event.objects.count() == 1


def test_a_date_at_the_calendars_end_is_refused_with_a_message_not_an_error(fnm, owner):
    from django.core.exceptions import ValidationError

    from tournaments.services.events import event_copy_date

    fnm.signup_deadline = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)  # three days after the event
    with pytest.raises(ValidationError) as refused:
        event_copy(event=fnm, by=owner, date=dt.date(9999, 12, 31))
    assert "calendar's end" in str(refused.value) and Event.objects.count() == 1
    fnm.date = dt.date(9999, 12, 30)
    assert event_copy_date(event=fnm) == dt.date(9999, 12, 30)


def test_a_copy_has_the_phase_plan_never_its_seats_or_start(owner):
    event = EventFactory(
        organizer=owner,
        team_size=1,
        format_kind=FormatKind.BOOSTER_DRAFT,
        constructed_format="",
        swiss_rounds=3,
        top_cut=0,
    )
    for _ in range(6):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    phase_create(
        event=event,
        user=owner,
        name="Morning draft",
        format_kind=FormatKind.BOOSTER_DRAFT,
        rounds=2,
        pairing_scope=PairingScope.PODS,
        pod_size=4,
    )
    phase_create(event=event, user=owner, format_kind=FormatKind.TEAM_SEALED, rounds=1)
    round_pair_next(event=event, user=owner)  # starts phase 1 and seats its pods
    assert PhaseSeat.objects.filter(phase__event=event).count() == 6
    Event.objects.filter(pk=event.pk).update(format_kind=FormatKind.TEAM_SEALED)  # as if the last phase were on

    copy = event_copy(event=event, by=owner)
    plan = [
        (p.number, p.name, p.format_kind, p.rounds, p.pairing_scope, p.pod_size, p.started_at)
        for p in event_phases(event=copy)
    ]
    assert plan == [
        (1, "Morning draft", FormatKind.BOOSTER_DRAFT, 2, PairingScope.PODS, 4, None),
        (2, "", FormatKind.TEAM_SEALED, 1, PairingScope.FIELD, 8, None),
    ]
    copy.refresh_from_db()
    assert (copy.format_kind, copy.swiss_rounds) == (FormatKind.BOOSTER_DRAFT, 3)  # phase 1 plays first
    assert not PhaseSeat.objects.filter(phase__event=copy).exists()
    assert EventLogEntry.objects.filter(event=copy, action="phase_plan_changed", user=owner).count() == 2
