"""Your draft started (issue 41): the players of the started table's two teams are told, through the domain event
DRAFT_STARTED after the commit; the players of another table of the same event are not."""

import pytest

from notifications.kinds import NoticeKind
from notifications.models import Notification
from tests.factories import DraftTableFactory
from tournaments.signals import DomainEvent, domain_event_send

pytestmark = pytest.mark.django_db


def _users(registration) -> set[int]:
    return set(registration.seats.values_list("player__user_id", flat=True))


def test_a_started_table_tells_its_two_teams_and_no_other_table(worker):
    table = DraftTableFactory()
    other = DraftTableFactory(event=table.event)
    with worker():
        domain_event_send(event_id=table.event_id, kind=DomainEvent.DRAFT_STARTED, table=table.pk)
    told = set(Notification.objects.filter(kind=NoticeKind.DRAFT_STARTED).values_list("person_id", flat=True))
    assert told == _users(table.team1) | _users(table.team2)
    assert not told & (_users(other.team1) | _users(other.team2))
    assert Notification.objects.filter(kind=NoticeKind.DRAFT_STARTED).first().link == f"/draft/table/{table.pk}/"


def test_a_table_of_another_event_named_by_mistake_tells_no_one(worker):
    table = DraftTableFactory()
    elsewhere = DraftTableFactory()
    with worker():
        domain_event_send(event_id=elsewhere.event_id, kind=DomainEvent.DRAFT_STARTED, table=table.pk)
    assert Notification.objects.count() == 0
