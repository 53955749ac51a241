"""The series' rules in tournaments/rights.py: who manages a series, who sees it, who attaches an event."""

import pytest
from django.utils import timezone

from series.models import Series
from tests.factories import ApiTokenFactory, EventFactory, EventStaffFactory, OrganizerTokenFactory, UserFactory
from tests.series.conftest import store_organizer
from tournaments.rights import may_attach_event, may_manage_series, may_see_series

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(organizer):
    return Series.objects.create(name="Season", owner=organizer, is_public=False)


def test_its_organizer_manages_a_series_in_person_and_through_their_organizer_token(series, organizer):
    token = OrganizerTokenFactory(user=organizer)
    assert may_manage_series(organizer, series) and may_manage_series(token, series)
    token.revoked_at = timezone.now()
    assert not may_manage_series(token, series)


def test_nobody_else_manages_it(series, organizer):
    superuser = UserFactory(is_superuser=True)
    assert may_manage_series(superuser, series)
    assert not may_manage_series(OrganizerTokenFactory(user=superuser), series)  # a token lends no superuser rights
    assert not may_manage_series(ApiTokenFactory(event=EventFactory(organizer=organizer), user=organizer), series)
    assert not may_manage_series(store_organizer(), series)
    assert not may_manage_series(UserFactory(), series)
    assert not may_manage_series(None, series)


def test_a_private_series_is_seen_by_its_organizer_alone(series, organizer):
    assert may_see_series(organizer, series) and not may_see_series(UserFactory(), series)
    series.is_public = True
    assert may_see_series(UserFactory(), series)


def test_attaching_takes_the_series_and_running_the_event(series, organizer):
    own, co_run, foreign = EventFactory(organizer=organizer), EventFactory(), EventFactory(organizer=store_organizer())
    EventStaffFactory(event=co_run, user=organizer, role="co_organizer")
    assert may_attach_event(organizer, series, own) and may_attach_event(organizer, series, co_run)
    assert not may_attach_event(organizer, series, foreign)
    assert not may_attach_event(foreign.organizer, series, foreign)
