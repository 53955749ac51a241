"""The one door helper (issue 55): load the event, ask the named right, 404 alike for a missing and a refused event."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from tests.factories import EventFactory, UserFactory
from tournaments.doors import event_permission_required, event_with_right
from tournaments.rights import may_run_event, may_see_event

pytestmark = pytest.mark.django_db


@event_permission_required(may_run_event)
def _page(request, event, number):
    return HttpResponse(f"{event.pk}:{number}")


def _get(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


def test_the_door_hands_the_view_its_event_for_whoever_holds_the_right():
    event = EventFactory()
    assert _page(_get(event.organizer), pk=event.pk, number=3).content == f"{event.pk}:3".encode()


def test_the_door_answers_404_alike_for_a_refused_and_a_missing_event():
    event = EventFactory(is_public=False)
    for user, pk in ((UserFactory(), event.pk), (AnonymousUser(), event.pk), (event.organizer, 10**17)):
        with pytest.raises(Http404):
            _page(_get(user), pk=pk, number=1)
    assert event_with_right(pk=event.pk, subject=AnonymousUser(), right=may_see_event) is None
    assert event_with_right(pk=None, subject=event.organizer, right=may_run_event) is None
    assert event_with_right(pk=event.pk, subject=event.organizer, right=may_run_event) == event
