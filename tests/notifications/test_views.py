"""The inbox, marking read, the choices page and the browser's push subscription: a person's own only."""

import pytest
from django.urls import reverse

from notifications.kinds import NoticeKind
from notifications.models import Notification, NotificationPreference, PushSubscription
from tests.common.fakedns import dns  # noqa: F401 - the fixture
from tests.factories import EventFactory, UserFactory

pytestmark = pytest.mark.django_db


def _notice(person, event, n=1, **fields):
    return Notification.objects.create(
        person=person,
        event=event,
        kind=NoticeKind.ANNOUNCEMENT,
        source=f"log:{n}",
        params={"event": event.name, "text": f"Announcement {n}"},
        link=f"/events/{event.pk}/",
        **fields,
    )


def test_the_inbox_shows_my_notifications_and_never_anyone_elses(client):
    me, other = UserFactory(), UserFactory()
    event = EventFactory()
    _notice(me, event, 1)
    _notice(other, event, 2)
    client.force_login(me)
    page = client.get(reverse("notifications:inbox")).content.decode()
    assert "Announcement 1" in page and "Announcement 2" not in page


def test_marking_one_read_opens_its_page_and_others_ids_are_ignored(client):
    me, other = UserFactory(), UserFactory()
    event = EventFactory()
    mine, theirs = _notice(me, event, 1), _notice(other, event, 2)
    client.force_login(me)
    answer = client.post(reverse("notifications:mark_read"), {"id": mine.pk, "go": "1"})
    assert answer.status_code == 302 and answer["Location"] == f"/events/{event.pk}/"
    client.post(reverse("notifications:mark_read"), {"id": theirs.pk})
    mine.refresh_from_db(), theirs.refresh_from_db()
    assert mine.read_at is not None and theirs.read_at is None
    assert client.get(reverse("notifications:inbox") + "?unread=1").content.decode().count("Announcement") == 0


def test_a_bad_id_is_a_400_not_a_500(client):
    client.force_login(UserFactory())
    answer = client.post(reverse("notifications:mark_read"), {"id": "x'; drop"})
    assert answer.status_code == 400


def test_marking_all_read(client):
    me = UserFactory()
    event = EventFactory()
    _notice(me, event, 1), _notice(me, event, 2)
    client.force_login(me)
    client.post(reverse("notifications:mark_read"))
    assert Notification.objects.filter(person=me, read_at__isnull=True).count() == 0


def test_the_choices_page_keeps_what_was_chosen(client):
    me = UserFactory()
    client.force_login(me)
    assert client.get(reverse("notifications:preferences")).status_code == 200
    data = {f"{kind}_push": "on" for kind in NoticeKind.values}
    data.pop(f"{NoticeKind.ANNOUNCEMENT}_push")
    data[f"{NoticeKind.PENALTY}_email"] = "on"
    assert client.post(reverse("notifications:preferences"), data).status_code == 302
    chosen = {p.kind: (p.push, p.email) for p in NotificationPreference.objects.filter(person=me)}
    assert chosen[NoticeKind.ANNOUNCEMENT] == (False, False)
    assert chosen[NoticeKind.PENALTY] == (True, True)
    assert chosen[NoticeKind.ROUND_PAIRED] == (True, False)


def test_a_subscription_is_kept_and_a_bad_one_refused_with_the_reason(client, dns):  # noqa: F811
    dns.name("push.example.org", ["93.184.216.34"])
    dns.name("inside.example.org", ["10.0.0.5"])
    me = UserFactory()
    client.force_login(me)
    good = {"endpoint": "https://push.example.org/send/abc", "p256dh": "BNc", "auth": "xyz"}
    assert client.post(reverse("notifications:subscribe"), good).status_code == 200
    assert PushSubscription.objects.get().person == me
    assert client.post(reverse("notifications:subscribe"), {"endpoint": "not a url"}).status_code == 400
    inside = {**good, "endpoint": "https://inside.example.org/send/abc"}
    answer = client.post(reverse("notifications:subscribe"), inside)
    assert answer.status_code == 400 and "endpoint" in answer.json()["errors"]
    client.post(reverse("notifications:unsubscribe"), {"endpoint": good["endpoint"]})
    assert PushSubscription.objects.count() == 0


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://[::1]/push/abc",
        "https://[2606:4700:4700::1111]/push/abc",
        "https://93.184.216.34/push/abc",
        "https://[::ffff:93.184.216.34]:8443/push/abc",
        "http://push.example.org/push/abc",
        "ftp://push.example.org/x",
    ],
)
def test_a_subscription_at_an_address_literal_or_without_https_is_refused(client, dns, endpoint):  # noqa: F811
    """pywebpush can't sign for an address literal (issue 52: every batch with one failed in the worker); a push
    service is an https URL on a public host name."""
    dns.name("push.example.org", ["93.184.216.34"])
    client.force_login(UserFactory())
    answer = client.post(reverse("notifications:subscribe"), {"endpoint": endpoint, "p256dh": "BNc", "auth": "xyz"})
    assert answer.status_code == 400
    assert "https address of a push service" in " ".join(answer.json()["errors"]["endpoint"])
    assert not PushSubscription.objects.exists()


def test_another_persons_browser_is_not_taken_over_and_the_answer_says_nothing(client, dns):  # noqa: F811
    """Posting another browser's endpoint (issue 52: it moved that subscription, and its pushes, to the poster) is
    answered as if kept, and nothing moves: the endpoint stays its owner's, with its keys. The same browser (its
    keys) signed in to another account does move."""
    dns.name("push.example.org", ["93.184.216.34"])
    owner, thief = UserFactory(), UserFactory()
    endpoint = "https://push.example.org/send/owner"
    client.force_login(owner)
    keys = {"endpoint": endpoint, "p256dh": "BNcOwner", "auth": "owner-secret"}
    assert client.post(reverse("notifications:subscribe"), keys).json() == {"subscribed": True}
    client.force_login(thief)
    answer = client.post(reverse("notifications:subscribe"), {**keys, "p256dh": "BNcThief", "auth": "thief"})
    assert answer.status_code == 200 and answer.json() == {"subscribed": True}
    sub = PushSubscription.objects.get()
    assert (sub.person, sub.p256dh, sub.auth) == (owner, "BNcOwner", "owner-secret")
    # The thief's unsubscribe doesn't remove it either.
    assert client.post(reverse("notifications:unsubscribe"), {"endpoint": endpoint}).json() == {"removed": 0}
    # The owner's own browser, now signed in to another account, holds the keys: it moves.
    other = UserFactory()
    client.force_login(other)
    assert client.post(reverse("notifications:subscribe"), keys).status_code == 200
    assert PushSubscription.objects.get().person == other


def test_signed_out_visitors_are_sent_to_sign_in(client):
    answer = client.get(reverse("notifications:inbox"))
    assert answer.status_code == 302 and "/login/" in answer["Location"]
