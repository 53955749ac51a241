"""GET /api/v1/notifications/ and POST /api/v1/notifications/read/: the caller's own, by session or token."""

import pytest

from api.services import api_token_create
from notifications.kinds import NoticeKind
from notifications.models import Notification
from tests.factories import ApiTokenFactory, EventFactory, UserFactory

pytestmark = pytest.mark.django_db


def _notice(person, event, n):
    return Notification.objects.create(
        person=person,
        event=event,
        kind=NoticeKind.ANNOUNCEMENT,
        source=f"log:{n}",
        params={"event": event.name, "text": f"Note {n}"},
        link=f"/events/{event.pk}/",
    )


def test_the_list_is_the_callers_own_with_read_and_unread(client):
    me, other = UserFactory(), UserFactory()
    event = EventFactory()
    first, second = _notice(me, event, 1), _notice(me, event, 2)
    _notice(other, event, 3)
    client.force_login(me)
    body = client.get("/api/v1/notifications/").json()
    assert [row["body"] for row in body["results"]] == ["Note 2", "Note 1"]
    assert all(row["read"] is False for row in body["results"])
    answer = client.post("/api/v1/notifications/read/", {"ids": [first.pk]}, content_type="application/json")
    assert answer.json() == {"marked": 1}
    unread = client.get("/api/v1/notifications/?unread=true").json()
    assert [row["id"] for row in unread["results"]] == [second.pk]


def test_an_event_token_reads_and_marks_only_its_events_notifications(client):
    """An event token (a scorekeeper's device) acts for one event: its person's notifications of other events,
    other organizers' included, are neither listed nor marked read (issue 52)."""
    token = ApiTokenFactory()
    mine = _notice(token.user, token.event, 1)
    elsewhere = _notice(token.user, EventFactory(), 2)
    _notice(UserFactory(), token.event, 3)
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    body = client.get("/api/v1/notifications/", **auth).json()
    assert [row["body"] for row in body["results"]] == ["Note 1"]
    everything = client.post("/api/v1/notifications/read/", {}, content_type="application/json", **auth)
    assert everything.json() == {"marked": 1}
    named = client.post("/api/v1/notifications/read/", {"ids": [elsewhere.pk]}, content_type="application/json", **auth)
    assert named.json() == {"marked": 0}
    elsewhere.refresh_from_db(), mine.refresh_from_db()
    assert elsewhere.read_at is None and mine.read_at is not None


def test_an_organizer_token_reads_its_persons_whole_inbox(client):
    person = EventFactory().organizer
    _row, raw = api_token_create(event=None, user=person, name="Phone", organizer=True)
    _notice(person, EventFactory(), 1)
    _notice(person, EventFactory(), 2)
    _notice(UserFactory(), EventFactory(), 3)
    body = client.get("/api/v1/notifications/", HTTP_AUTHORIZATION=f"Token {raw}").json()
    assert [row["body"] for row in body["results"]] == ["Note 2", "Note 1"]


def test_anonymous_callers_are_refused_and_bad_ids_are_a_400(client):
    assert client.get("/api/v1/notifications/").status_code in (401, 403)
    client.force_login(UserFactory())
    answer = client.post("/api/v1/notifications/read/", {"ids": ["x"]}, content_type="application/json")
    assert answer.status_code == 400
