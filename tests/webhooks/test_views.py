"""The webhook pages: for whoever runs the event only; adding, removing and re-sending are logged with who did it."""

import pytest
from django.urls import reverse

from tests.common.fakedns import dns  # noqa: F401 - the fixture
from tests.factories import OrganizerFactory, UserFactory
from tests.webhooks.conftest import event_with_teams
from tournaments.models import EventLogEntry
from tournaments.signals import DomainEvent
from webhooks.models import Webhook, WebhookDelivery
from webhooks.services import webhook_create

pytestmark = pytest.mark.django_db


def test_pages_are_404_for_players_and_other_organizers(client):
    event = event_with_teams(teams=2)
    hook = webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=["round.paired"])
    delivery = WebhookDelivery.objects.create(webhook=hook, event=event, topic="round.paired", payload={"x": 1})
    for user in (UserFactory(), OrganizerFactory(is_superuser=False)):
        client.force_login(user)
        assert client.get(reverse("webhooks:list", args=[event.pk])).status_code == 404
        assert client.post(reverse("webhooks:remove", args=[event.pk, hook.pk])).status_code == 404
        assert client.post(reverse("webhooks:resend", args=[event.pk, delivery.pk])).status_code == 404
    assert Webhook.objects.count() == 1 and WebhookDelivery.objects.count() == 1
    client.logout()
    assert client.get(reverse("webhooks:list", args=[event.pk])).status_code == 302  # to the login


def test_organizer_adds_sees_and_removes_a_webhook(client, dns):  # noqa: F811
    dns.name("discord.com", ["162.159.128.233"])  # the check resolves it; nothing is sent
    event = event_with_teams(teams=2)
    client.force_login(event.organizer)
    answer = client.post(
        reverse("webhooks:list", args=[event.pk]),
        {
            "url": "https://discord.com/api/webhooks/1/abc",
            "topics": [DomainEvent.ROUND_PAIRED, DomainEvent.EVENT_FINISHED],
        },
    )
    assert answer.status_code == 302
    hook = Webhook.objects.get()
    assert (hook.event_id, hook.owner_id, hook.topics) == (
        event.pk,
        event.organizer.pk,
        ["round.paired", "event.finished"],
    )
    page = client.get(reverse("webhooks:list", args=[event.pk])).content.decode()
    assert "https://discord.com/api/webhooks/1/abc" in page and hook.secret in page
    client.post(reverse("webhooks:remove", args=[event.pk, hook.pk]))
    assert not Webhook.objects.exists()
    actions = list(EventLogEntry.objects.filter(event=event, user=event.organizer).values_list("action", flat=True))
    assert actions == ["webhook_added", "webhook_removed"]


def test_a_bad_address_is_refused_with_a_message(client):
    event = event_with_teams(teams=2)
    client.force_login(event.organizer)
    answer = client.post(
        reverse("webhooks:list", args=[event.pk]), {"url": "discord please", "topics": ["round.paired"]}
    )
    assert answer.status_code == 400
    assert "http://" in answer.content.decode()
    assert not Webhook.objects.exists()


def test_another_organizers_all_events_webhook_is_not_listed_on_my_event(client):
    event = event_with_teams(teams=2)
    other = event_with_teams(teams=2)
    webhook_create(
        event=other, by=other.organizer, url="http://127.0.0.1:1/theirs", topics=["round.paired"], all_events=True
    )
    client.force_login(event.organizer)
    page = client.get(reverse("webhooks:list", args=[event.pk])).content.decode()
    assert "/theirs" not in page


def test_resend_from_the_delivery_page(client):
    event = event_with_teams(teams=2)
    hook = webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=["round.paired"])
    delivery = WebhookDelivery.objects.create(webhook=hook, event=event, topic="round.paired", payload={"x": 1})
    client.force_login(event.organizer)
    answer = client.post(reverse("webhooks:resend", args=[event.pk, delivery.pk]))
    assert answer.status_code == 302
    again = WebhookDelivery.objects.exclude(pk=delivery.pk).get()
    assert (again.resend_of_id, again.payload) == (delivery.pk, {"x": 1})
    page = client.get(reverse("webhooks:list", args=[event.pk])).content.decode()
    assert f'data-delivery="{again.pk}"' in page


def test_delivery_page_queries_do_not_grow_with_deliveries(client, django_assert_max_num_queries):
    event = event_with_teams(teams=2)
    hook = webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:1/a", topics=["round.paired"])
    for _ in range(30):
        WebhookDelivery.objects.create(webhook=hook, event=event, topic="round.paired", payload={})
    client.force_login(event.organizer)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("webhooks:list", args=[event.pk])).status_code == 200
