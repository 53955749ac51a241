"""The webhooks through the API: whoever runs the event lists, registers, removes, reads deliveries and re-sends;
anyone else gets 404."""

import pytest

from tests.common.fakedns import dns  # noqa: F401 - the fixture
from tests.factories import OrganizerTokenFactory
from tests.webhooks.conftest import event_with_teams
from tournaments.models import EventLogEntry
from webhooks.models import Webhook, WebhookDelivery

pytestmark = pytest.mark.django_db


def _auth(token) -> dict:
    return {"HTTP_AUTHORIZATION": f"Token {token.raw}"}


def test_organizer_registers_lists_resends_and_removes(client):
    event = event_with_teams(teams=2)
    token = OrganizerTokenFactory(user=event.organizer)
    answer = client.post(
        f"/api/v1/events/{event.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/x", "topics": ["round.paired"]},
        content_type="application/json",
        **_auth(token),
    )
    assert answer.status_code == 201, answer.content
    hook = Webhook.objects.get()
    assert answer.json() == {
        "id": hook.pk,
        "url": "http://127.0.0.1:9/x",
        "topics": ["round.paired"],
        "all_events": False,
        "secret": hook.secret,
        "is_active": True,
    }
    assert [h["id"] for h in client.get(f"/api/v1/events/{event.pk}/webhooks/", **_auth(token)).json()] == [hook.pk]

    delivery = WebhookDelivery.objects.create(webhook=hook, event=event, topic="round.paired", payload={"a": 1})
    listed = client.get(f"/api/v1/events/{event.pk}/webhooks/deliveries/", **_auth(token)).json()
    assert [(d["id"], d["status"]) for d in listed] == [(delivery.pk, "pending")]
    again = client.post(f"/api/v1/events/{event.pk}/webhooks/deliveries/{delivery.pk}/resend", **_auth(token))
    assert again.status_code == 201 and again.json()["resend_of"] == delivery.pk

    assert client.delete(f"/api/v1/events/{event.pk}/webhooks/{hook.pk}/", **_auth(token)).status_code == 204
    assert not Webhook.objects.exists()
    actions = list(EventLogEntry.objects.filter(event=event, user=event.organizer).values_list("action", flat=True))
    assert actions == ["webhook_added", "webhook_resent", "webhook_removed"]


def test_bad_input_is_400_with_the_field(client, dns):  # noqa: F811
    dns.name("x.example", ["93.184.215.14"])  # the check resolves it; nothing is sent
    event = event_with_teams(teams=2)
    token = OrganizerTokenFactory(user=event.organizer)
    answer = client.post(
        f"/api/v1/events/{event.pk}/webhooks/",
        {"url": "gopher://x", "topics": ["round.paired"]},
        content_type="application/json",
        **_auth(token),
    )
    assert answer.status_code == 400 and "url" in answer.content.decode()
    answer = client.post(
        f"/api/v1/events/{event.pk}/webhooks/",
        {"url": "http://x.example", "topics": ["picks"]},
        content_type="application/json",
        **_auth(token),
    )
    assert answer.status_code == 400 and "topics" in answer.content.decode()
    assert not Webhook.objects.exists()


def test_another_organizer_sees_and_changes_nothing(client):
    event = event_with_teams(teams=2)
    hook = Webhook.objects.create(
        owner=event.organizer, event=event, url="http://127.0.0.1:9/x", topics=["round.paired"]
    )
    delivery = WebhookDelivery.objects.create(webhook=hook, event=event, topic="round.paired", payload={})
    stranger = OrganizerTokenFactory()
    for method, path in (
        ("get", "webhooks/"),
        ("get", "webhooks/deliveries/"),
        ("delete", f"webhooks/{hook.pk}/"),
        ("post", f"webhooks/deliveries/{delivery.pk}/resend"),
    ):
        answer = getattr(client, method)(f"/api/v1/events/{event.pk}/{path}", **_auth(stranger))
        assert answer.status_code == 404, (method, path)
    assert Webhook.objects.count() == 1 and WebhookDelivery.objects.count() == 1
