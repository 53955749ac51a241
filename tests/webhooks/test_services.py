"""Deliveries to a real local HTTP receiver (a thread server), made by the service the Celery task calls."""

import json
import time

import pytest
from django.core.exceptions import ValidationError

from tests.common.fakedns import dns  # noqa: F401 - the fixture
from tests.factories import OrganizerFactory
from tests.webhooks.conftest import event_with_teams
from tests.webhooks.receiver import start_receiver, stop_receiver
from tournaments.models import EventLogEntry
from tournaments.services.rounds import event_pair_next
from tournaments.signals import DomainEvent
from webhooks.models import DeliveryStatus, Webhook, WebhookDelivery
from webhooks.services import (
    backoff_seconds,
    webhook_create,
    webhook_deliveries_create,
    webhook_delivery_attempt,
    webhook_delivery_resend,
)
from webhooks.signing import signature_valid

pytestmark = pytest.mark.django_db


def _paired_delivery(url: str, **hook) -> WebhookDelivery:
    event = event_with_teams()
    webhook_create(event=event, by=event.organizer, url=url, topics=[DomainEvent.ROUND_PAIRED], **hook)
    round_ = event_pair_next(event=event, seed=1)
    [delivery] = webhook_deliveries_create(event_id=event.pk, kind=DomainEvent.ROUND_PAIRED, data={"round": round_.pk})
    return delivery


def test_delivery_reaches_the_receiver_signed_and_is_recorded(receiver):
    delivery = _paired_delivery(receiver.url)
    assert webhook_delivery_attempt(delivery_id=delivery.pk) is None
    [request] = receiver.requests
    secret = Webhook.objects.get().secret
    assert signature_valid(
        secret=secret,
        timestamp=request.headers["X-Hydra-Timestamp"],
        body=request.body,
        signature=request.headers["X-Hydra-Signature"],
        now=time.time(),
    )
    body = json.loads(request.body)
    assert body["topic"] == "round.paired"
    assert body["round"]["number"] == 1
    assert len(body["round"]["tables"]) == 2
    assert request.headers["X-Hydra-Delivery"] == str(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.response_code) == (DeliveryStatus.DELIVERED, 1, 200)
    assert delivery.response_excerpt == "answer 200"


def test_a_failing_receiver_is_retried_with_backoff_then_marked_failed(failing_receiver, settings):
    settings.HYDRA_WEBHOOK_MAX_ATTEMPTS = 3
    settings.HYDRA_WEBHOOK_BACKOFF_SECONDS = 2.0
    delivery = _paired_delivery(failing_receiver.url)
    assert webhook_delivery_attempt(delivery_id=delivery.pk) == 2.0
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.response_code) == (DeliveryStatus.RETRYING, 1, 500)
    assert delivery.next_attempt_at is not None
    assert webhook_delivery_attempt(delivery_id=delivery.pk) == 4.0
    assert webhook_delivery_attempt(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (DeliveryStatus.FAILED, 3)
    assert len(failing_receiver.requests) == 3
    assert webhook_delivery_attempt(delivery_id=delivery.pk) is None  # given up: nothing more is sent
    assert len(failing_receiver.requests) == 3


def test_backoff_doubles(settings):
    settings.HYDRA_WEBHOOK_BACKOFF_SECONDS = 10.0
    assert [backoff_seconds(attempts=n) for n in (1, 2, 3, 4)] == [10.0, 20.0, 40.0, 80.0]


def test_a_receiver_that_is_not_there_is_recorded_with_the_error(settings):
    settings.HYDRA_WEBHOOK_MAX_ATTEMPTS = 1
    delivery = _paired_delivery("http://127.0.0.1:9/nobody-listens")
    assert webhook_delivery_attempt(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.FAILED
    assert delivery.response_code is None
    assert "refused" in delivery.error.lower()


def test_resend_makes_a_new_delivery_of_the_same_body_and_logs_who(receiver):
    delivery = _paired_delivery(receiver.url)
    webhook_delivery_attempt(delivery_id=delivery.pk)
    organizer = delivery.event.organizer
    again = webhook_delivery_resend(delivery=delivery, by=organizer)
    assert again.pk != delivery.pk
    assert (again.resend_of_id, again.payload, again.status) == (delivery.pk, delivery.payload, DeliveryStatus.PENDING)
    webhook_delivery_attempt(delivery_id=again.pk)
    assert [json.loads(r.body) for r in receiver.requests] == [delivery.payload, delivery.payload]
    assert EventLogEntry.objects.filter(event=delivery.event, action="webhook_resent", user=organizer).count() == 1


def test_create_refuses_a_bad_address_and_no_topic_with_a_message(dns):  # noqa: F811
    dns.name("example.org", ["93.184.215.14"])
    event = event_with_teams(teams=2)
    with pytest.raises(ValidationError) as bad_url:
        webhook_create(event=event, by=event.organizer, url="ftp://example.org/x", topics=["round.paired"])
    assert "http" in bad_url.value.message_dict["url"][0]
    with pytest.raises(ValidationError) as no_topic:
        webhook_create(event=event, by=event.organizer, url="http://example.org/x", topics=[])
    assert "at least one" in no_topic.value.message_dict["topics"][0]
    with pytest.raises(ValidationError) as unknown:
        webhook_create(event=event, by=event.organizer, url="http://example.org/x", topics=["picks"])
    assert "picks" in unknown.value.message_dict["topics"][0]
    assert not Webhook.objects.exists()


def test_an_all_events_webhook_receives_every_event_of_its_owner_only(receiver):
    organizer = OrganizerFactory()
    first = event_with_teams(organizer=organizer)
    second = event_with_teams(organizer=organizer)
    other = event_with_teams()
    webhook_create(event=first, by=organizer, url=receiver.url, topics=[DomainEvent.ROUND_PAIRED], all_events=True)
    made = {
        event.pk: webhook_deliveries_create(
            event_id=event.pk, kind=DomainEvent.ROUND_PAIRED, data={"round": event_pair_next(event=event, seed=2).pk}
        )
        for event in (first, second, other)
    }
    assert (len(made[first.pk]), len(made[second.pk]), len(made[other.pk])) == (1, 1, 0)
    assert EventLogEntry.objects.filter(event=first, action="webhook_added", user=organizer).count() == 1


def test_link_local_addresses_are_refused_and_private_ones_only_where_allowed(settings):
    event = event_with_teams(teams=2)
    with pytest.raises(ValidationError) as metadata:
        webhook_create(
            event=event, by=event.organizer, url="http://169.254.169.254/latest/meta-data/", topics=["round.paired"]
        )
    assert "not an address of the public internet" in metadata.value.message_dict["url"][0]
    settings.HYDRA_OUTBOUND_ALLOW = []
    with pytest.raises(ValidationError) as private:
        webhook_create(event=event, by=event.organizer, url="http://127.0.0.1:9/x", topics=["round.paired"])
    assert "HYDRA_OUTBOUND_ALLOW" in private.value.message_dict["url"][0]
    assert not Webhook.objects.exists()


# Issue 37's reproductions: each passed on the code before common/outbound.py.
@pytest.mark.parametrize(
    "url",
    [
        "http://100.100.100.200/latest/meta-data/",
        "http://[::ffff:169.254.169.254]/",
        "http://[2002:a9fe:a9fe::1]/",
        "http://nowhere.example/hook",
    ],
)
def test_shared_mapped_and_unresolvable_addresses_are_refused_when_saved(url, dns):  # noqa: F811
    event = event_with_teams(teams=2)
    with pytest.raises(ValidationError) as refused:
        webhook_create(event=event, by=event.organizer, url=url, topics=["round.paired"])
    assert refused.value.message_dict["url"]
    assert not Webhook.objects.exists() and dns.connected == []


def test_a_redirect_is_a_failed_delivery_shown_with_its_status_and_not_followed(settings):
    settings.HYDRA_WEBHOOK_MAX_ATTEMPTS = 6
    elsewhere = start_receiver(200)  # stands for http://169.254.169.254/...: a second address the redirect names
    redirecting = start_receiver(302, location=f"{elsewhere.url}/latest/meta-data/")
    try:
        delivery = _paired_delivery(redirecting.url)
        assert webhook_delivery_attempt(delivery_id=delivery.pk) is None  # no retry: it would redirect again
    finally:
        stop_receiver(redirecting)
        stop_receiver(elsewhere)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.response_code) == (DeliveryStatus.FAILED, 302)
    assert "redirect" in delivery.error and "/latest/meta-data/" in delivery.error
    assert elsewhere.requests == [] and len(redirecting.requests) == 1


def test_a_delivery_connects_to_the_address_checked_never_resolving_again(dns, settings):  # noqa: F811
    """DNS rebinding: the receiver's name answers an allowed address to the check, a metadata address after."""
    settings.HYDRA_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    receiver = start_receiver(200)
    try:
        port = receiver.server.server_address[1]
        dns.name("hooks.example", ["127.0.0.1"], ["127.0.0.1"], ["169.254.169.254"])
        delivery = _paired_delivery(f"http://hooks.example:{port}/hook")  # the check when saved
        assert webhook_delivery_attempt(delivery_id=delivery.pk) is None
    finally:
        stop_receiver(receiver)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.response_code) == (DeliveryStatus.DELIVERED, 200)
    assert dns.asked == ["hooks.example", "hooks.example"] and dns.connected == ["127.0.0.1"]


def test_a_long_answer_is_kept_as_a_short_excerpt(settings):
    receiver = start_receiver(200, answer=b"y" * 100_000)
    try:
        delivery = _paired_delivery(receiver.url)
        webhook_delivery_attempt(delivery_id=delivery.pk)
    finally:
        stop_receiver(receiver)
    delivery.refresh_from_db()
    assert delivery.response_excerpt == "y" * 500


def test_a_delivery_to_an_address_no_longer_allowed_is_not_sent(receiver, settings):
    settings.HYDRA_WEBHOOK_MAX_ATTEMPTS = 1
    delivery = _paired_delivery(receiver.url)
    settings.HYDRA_OUTBOUND_ALLOW = []
    assert webhook_delivery_attempt(delivery_id=delivery.pk) is None
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.FAILED and "public internet" in delivery.error
    assert receiver.requests == []


def test_the_sweep_sends_again_only_deliveries_whose_task_was_lost(receiver):
    import datetime as dt

    from django.utils import timezone

    from webhooks.services import webhook_deliveries_sweep

    lost = _paired_delivery(receiver.url)
    fresh = WebhookDelivery.objects.create(webhook=lost.webhook, event=lost.event, topic=lost.topic, payload={})
    waiting = WebhookDelivery.objects.create(
        webhook=lost.webhook,
        event=lost.event,
        topic=lost.topic,
        payload={},
        status=DeliveryStatus.RETRYING,
        next_attempt_at=timezone.now() + dt.timedelta(seconds=20),
    )
    done = WebhookDelivery.objects.create(
        webhook=lost.webhook, event=lost.event, topic=lost.topic, payload={}, status=DeliveryStatus.DELIVERED
    )
    old = timezone.now() - dt.timedelta(minutes=10)
    WebhookDelivery.objects.filter(pk__in=[lost.pk, done.pk]).update(created_at=old)
    assert webhook_deliveries_sweep() == 1
    marked = WebhookDelivery.objects.get(pk=lost.pk)
    assert marked.next_attempt_at is not None
    assert webhook_deliveries_sweep() == 0  # marked: left alone until it is stale again
    assert WebhookDelivery.objects.get(pk=fresh.pk).next_attempt_at is None
    assert WebhookDelivery.objects.get(pk=waiting.pk).status == DeliveryStatus.RETRYING
