"""Object permissions (issue 19, defect 3): `is_staff` alone runs nothing and sees no private event outside the
admin; the event's organizer, or an account with the change_event (view_event) permission, does."""
import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from api.permissions import event_organizes, event_visible, events_visible
from drafting.selectors import draft_user_runs_event
from portal.selectors import event_visible_to, events_visible_to, user_runs_event
from sealed.services import sealed_user_runs_event
from sharedgame.services import shared_game_user_runs_event
from tests.factories import EventFactory, OrganizerFactory, UserFactory

pytestmark = pytest.mark.django_db

RUNS = [sealed_user_runs_event, shared_game_user_runs_event, draft_user_runs_event, user_runs_event]


def _with(user, *codenames):
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames))
    return type(user).objects.get(pk=user.pk)  # a fresh object: Django caches permissions per user object


@pytest.fixture
def private_event():
    return EventFactory(is_public=False, organizer=UserFactory())


class _Request:
    def __init__(self, user):
        self.user = user
        self.auth = None
        self.META = {}


def test_staff_without_permissions_runs_nothing_and_sees_no_private_event(private_event):
    staff = UserFactory(is_staff=True)
    assert not any(check(user=staff, event=private_event) for check in RUNS)
    assert not event_visible_to(event=private_event, user=staff)
    assert private_event not in events_visible_to(user=staff)
    request = _Request(staff)
    assert not event_visible(request=request, event=private_event)
    assert not event_organizes(request=request, event=private_event)
    assert private_event not in events_visible(request=request)


def test_staff_without_permissions_gets_404_for_a_private_event_in_the_api_and_portal(private_event):
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    assert client.get(f"/api/v1/events/{private_event.pk}/").status_code == 404
    assert client.get(f"/events/{private_event.pk}/").status_code == 404
    assert client.get(f"/draft/event/{private_event.pk}/").status_code == 403


def test_the_events_own_organizer_runs_it(private_event):
    organizer = private_event.organizer
    assert all(check(user=organizer, event=private_event) for check in RUNS)
    assert event_visible_to(event=private_event, user=organizer)
    # ... but not another organizer's event.
    other = EventFactory(is_public=False, organizer=UserFactory())
    assert not any(check(user=organizer, event=other) for check in RUNS)


def test_change_event_permission_runs_every_event(private_event):
    staff = _with(UserFactory(is_staff=True), "change_event")
    assert all(check(user=staff, event=private_event) for check in RUNS)
    assert private_event in events_visible_to(user=staff)


def test_view_event_permission_sees_but_does_not_run(private_event):
    staff = _with(UserFactory(is_staff=True), "view_event")
    assert event_visible_to(event=private_event, user=staff)
    assert event_visible(request=_Request(staff), event=private_event)
    assert not any(check(user=staff, event=private_event) for check in RUNS)


def test_superuser_runs_every_event(private_event):
    assert all(check(user=OrganizerFactory(), event=private_event) for check in RUNS)


def test_anonymous_runs_nothing(private_event):
    from django.contrib.auth.models import AnonymousUser

    assert not any(check(user=AnonymousUser(), event=private_event) for check in RUNS)
    assert not event_visible_to(event=private_event, user=AnonymousUser())
