""""Run again" (issue 38): tournaments.services.events.event_copy copies the settings, not the players."""
import datetime as dt

import pytest

from common.refusals import NotAllowed, NotFound
from tests.factories import EventFactory, PlayerFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, EventLogEntry
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
    event = EventFactory(name="Friday Night Magic", organizer=owner, date=dt.date(2026, 11, 27), team_size=1,
                         constructed_format="standard", swiss_rounds=4, top_cut=0, location="Game Store",
                         decklist_deadline=dt.datetime(2026, 11, 27, 18, 30, tzinfo=dt.UTC), decklists_locked=True,
                         is_public=False)
    RegistrationFactory(event=event, seats=[PlayerFactory()])
    desk = event_desk_for(event=event)
    desk.round_minutes = 45
    desk.save()
    return event


def test_a_copy_has_the_settings_a_week_later_without_players_and_is_logged(fnm, owner):
    copy = event_copy(event=fnm, by=owner)
    assert copy.pk != fnm.pk and copy.date == dt.date(2026, 12, 4)
    assert (copy.name, copy.location, copy.team_size, copy.format_kind, copy.constructed_format, copy.swiss_rounds,
            copy.is_public) == ("Friday Night Magic", "Game Store", 1, fnm.format_kind, "standard", 4, False)
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
