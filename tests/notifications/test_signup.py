"""Your team got its place (issue 41): approved by the organizer, or moved up from the waitlist; its players are
told, no other team's, and the event log says who did it."""

import pytest
from django.utils import translation

from notifications.kinds import NoticeKind
from notifications.models import Notification
from notifications.selectors import notification_view
from signup.services import signup_approve, waitlist_move_up
from tests.signup.helpers import full_team, open_event
from tournaments.models import EventLogEntry
from tournaments.services.eventlog import LogAction

pytestmark = pytest.mark.django_db


def _users(signup) -> set[int]:
    return set(signup.seats.values_list("player__user_id", flat=True))


def _told() -> set[int]:
    return set(Notification.objects.filter(kind=NoticeKind.PLACE).values_list("person_id", flat=True))


def test_moving_up_from_the_waitlist_tells_that_team_only(worker):
    event = open_event(signup_capacity=1)
    first, _ = full_team(event, "First")
    second, _ = full_team(event, "Second")
    event.signup_capacity = 2
    event.save()
    with worker():
        waitlist_move_up(event=event, user=event.organizer)
    assert _told() == _users(second) and not _told() & _users(first)
    assert EventLogEntry.objects.get(event=event, action=LogAction.WAITLIST_MOVED_UP).user == event.organizer
    with translation.override("en"):
        body = notification_view(Notification.objects.filter(kind=NoticeKind.PLACE).first())["body"]
    assert body == "Your team Second has a place: it is registered."


def test_an_approval_tells_the_team_whether_it_has_a_place_or_waits(worker):
    event = open_event(signup_needs_approval=True, signup_capacity=1)
    first, _ = full_team(event, "First")
    second, _ = full_team(event, "Second")
    with worker():
        signup_approve(signup=second, user=event.organizer)
    assert _told() == _users(second)
    with worker():
        signup_approve(signup=first, user=event.organizer)
    assert _told() == _users(second) | _users(first)
    with translation.override("en"):
        waits = {notification_view(n)["body"] for n in Notification.objects.filter(person_id__in=_users(first))}
    assert waits == {"Your team First was approved; it is on the waitlist."}
