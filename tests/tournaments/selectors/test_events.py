"""tournaments.selectors.events.event_for_viewer: the one way a page under /events/<id>/ finds its event."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from tests.factories import EventFactory, UserFactory
from tournaments.selectors.events import event_for_viewer

pytestmark = pytest.mark.django_db


def test_a_public_event_is_found_for_anyone():
    event = EventFactory(is_public=True)
    assert event_for_viewer(pk=event.pk, user=AnonymousUser()) == event


def test_a_private_event_and_a_missing_one_look_the_same_to_a_stranger():
    event = EventFactory(is_public=False)
    for pk in (event.pk, event.pk + 1000):
        with pytest.raises(Http404):
            event_for_viewer(pk=pk, user=UserFactory())


def test_a_private_event_is_found_for_its_organizer():
    event = EventFactory(is_public=False)
    assert event_for_viewer(pk=event.pk, user=event.organizer) == event
