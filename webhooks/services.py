"""Writes of the webhooks: registering and removing them, recording deliveries, sending one, re-sending.

Deliveries are made by a Celery task (webhooks.tasks) after the change they describe is committed; each attempt is
recorded on the delivery row (status, answer code, the start of the answer, attempts), and a failed attempt is
retried with exponential backoff (HYDRA_WEBHOOK_BACKOFF_SECONDS x 2^(attempt-1)) up to HYDRA_WEBHOOK_MAX_ATTEMPTS.
Delivery is at least once: a receiver de-duplicates by the X-Hydra-Delivery header.
"""

import datetime as dt
import json
import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.outbound import OutboundError, OutboundRefused, address_problem, outbound_request
from common.tasks import send_after_commit
from tournaments.enums import RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, TeamMatch
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record
from tournaments.signals import DomainEvent
from webhooks.discord import discord_message, is_discord_url
from webhooks.models import DeliveryStatus, Webhook, WebhookDelivery
from webhooks.selectors import round_complete, webhook_payload_build, webhooks_for_event
from webhooks.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, signature_for


DELIVER_TASK = "webhooks.deliver"
EXCERPT_CHARS = 500
USER_AGENT = "Hydra-Webhooks/1"


class LogAction:
    """The event log's words for webhook changes (tournaments.models.EventLogEntry.action)."""

    ADDED = "webhook_added"
    REMOVED = "webhook_removed"
    RESENT = "webhook_resent"


def _clean_topics(topics: Iterable[str]) -> list[str]:
    known = {value for value, _label in DomainEvent.choices}
    chosen = [t for t in dict.fromkeys(topics) if t]
    unknown = [t for t in chosen if t not in known]
    if unknown:
        raise ValidationError(
            {
                "topics": _("Unknown event type(s): %(names)s. Choose from: %(known)s.")
                % {"names": ", ".join(unknown), "known": ", ".join(sorted(known))}
            }
        )
    if not chosen:
        raise ValidationError({"topics": _("Choose at least one thing to send (round paired, result final ...).")})
    return chosen


def _clean_url(url: str) -> str:
    url = (url or "").strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError(
            {
                "url": _(
                    "Enter a full http:// or https:// address, such as "
                    "https://discord.com/api/webhooks/… or http://192.168.1.20:9000/hydra."
                )
            }
        )
    if len(url) > 500:
        raise ValidationError({"url": _("The address is longer than 500 characters.")})
    problem = address_problem(url)
    if problem:
        raise ValidationError({"url": problem})
    return url


@transaction.atomic
def webhook_create(*, event: Event, by, url: str, topics: Iterable[str], all_events: bool = False) -> Webhook:
    """Register a webhook from the event's page: for this event, or (all_events) for every event `by` organizes.
    Refused with a ValidationError per field for an address that isn't http(s) or no known topic. Logged on the
    event."""
    hook = Webhook.objects.create(
        owner=by, event=None if all_events else event, url=_clean_url(url), topics=_clean_topics(topics)
    )
    event_log_record(
        event=event,
        user=by,
        action=LogAction.ADDED,
        kind=LogKind.SETTINGS,
        message=LogText(
            gettext_lazy("Webhook %(url)s added for %(scope)s: %(topics)s."),
            {
                "url": hook.url,
                "scope": gettext_lazy("all my events") if all_events else gettext_lazy("this event"),
                "topics": ", ".join(hook.topics),
            },
        ),
        data={"webhook": hook.pk, "url": hook.url, "topics": hook.topics, "all_events": all_events},
    )
    return hook


@transaction.atomic
def webhook_delete(*, webhook: Webhook, event: Event, by) -> None:
    """Remove the webhook (its deliveries go with it). Logged on the event whose page it was removed from."""
    event_log_record(
        event=event,
        user=by,
        action=LogAction.REMOVED,
        kind=LogKind.SETTINGS,
        message=LogText(gettext_lazy("Webhook %(url)s removed."), {"url": webhook.url}),
        data={"webhook": webhook.pk, "url": webhook.url},
    )
    webhook.delete()


def _schedule(delivery_ids: list[int]) -> None:
    """Send the delivery tasks once the rows are committed; a broker that is down leaves them pending (re-send)."""
    for delivery_id in delivery_ids:
        send_after_commit(
            DELIVER_TASK, delivery_id, what="a webhook delivery", lost="re-send it from the delivery page"
        )


@transaction.atomic
def webhook_deliveries_create(*, event_id: int, kind: str, data: dict) -> list[WebhookDelivery]:
    """Record one delivery of `kind` for each webhook of the event that wants it, and schedule their sending.
    A final Swiss result that completes its round also sends the standings (standings.changed)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return []
    deliveries = _deliveries_for(event=event, kind=kind, data=data)
    if kind == DomainEvent.RESULT_FINAL and webhooks_for_event(event=event, topic=DomainEvent.STANDINGS_CHANGED):
        match = TeamMatch.objects.select_related("round").filter(pk=data.get("match")).first()
        if match is not None and match.round.kind == RoundKind.SWISS and round_complete(round_=match.round):
            deliveries += _deliveries_for(
                event=event, kind=DomainEvent.STANDINGS_CHANGED, data={"round_number": match.round.number}
            )
    _schedule([d.pk for d in deliveries])
    return deliveries


def _deliveries_for(*, event: Event, kind: str, data: dict) -> list[WebhookDelivery]:
    hooks = webhooks_for_event(event=event, topic=kind)
    if not hooks:
        return []
    payload = webhook_payload_build(event=event, kind=kind, data=data)
    if payload is None:
        return []
    return [WebhookDelivery.objects.create(webhook=hook, event=event, topic=kind, payload=payload) for hook in hooks]


def delivery_body(*, delivery: WebhookDelivery) -> bytes:
    """The bytes sent: Hydra's payload, or Discord's message shape for a Discord webhook URL."""
    message = discord_message(delivery.payload) if is_discord_url(delivery.webhook.url) else delivery.payload
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode()


def _post(*, url: str, body: bytes, headers: dict) -> tuple[int | None, str, str]:
    """POST the body through the one outbound helper (common.outbound: public addresses only, checked before the
    connection and connected to as checked, no redirect followed); (answer code or None, the start of the answer,
    the error when the delivery failed: no answer, a refused address, a redirect)."""
    try:
        answer = outbound_request(
            url,
            method="POST",
            body=body,
            headers=headers,
            timeout=settings.HYDRA_WEBHOOK_TIMEOUT,
            max_bytes=EXCERPT_CHARS * 4,
        )
    except (OutboundRefused, OutboundError) as exc:
        return None, "", str(exc)[:EXCERPT_CHARS]
    error = ""
    if answer.redirect:
        error = _(
            "The receiver answered %(status)d, a redirect (to %(where)s); Hydra doesn't follow redirects: "
            "register the final address."
        ) % {"status": answer.status, "where": answer.headers.get("Location", "?")[:200]}
    return answer.status, answer.excerpt(EXCERPT_CHARS), error[:EXCERPT_CHARS]


def backoff_seconds(*, attempts: int) -> float:
    """How long to wait after the `attempts`-th failed attempt: the base, doubled after each failure."""
    return settings.HYDRA_WEBHOOK_BACKOFF_SECONDS * (2 ** max(0, attempts - 1))


def webhook_delivery_attempt(*, delivery_id: int) -> float | None:
    """Make one attempt at sending the delivery and record it. Returns the seconds to wait before the next attempt,
    or None when there is none (delivered, given up, or nothing left to do)."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status in (DeliveryStatus.DELIVERED, DeliveryStatus.FAILED):
        return None
    body = delivery_body(delivery=delivery)
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature_for(secret=delivery.webhook.secret, timestamp=timestamp, body=body),
        "X-Hydra-Event": delivery.topic,
        "X-Hydra-Delivery": str(delivery.pk),
    }
    code, excerpt, error = _post(url=delivery.webhook.url, body=body, headers=headers)  # checks the address again
    now = timezone.now()
    attempts = delivery.attempts + 1
    fields = {
        "attempts": attempts,
        "response_code": code,
        "response_excerpt": excerpt,
        "error": error,
        "last_attempt_at": now,
        "next_attempt_at": None,
    }
    wait = None
    if code is not None and 200 <= code < 300:
        fields["status"] = DeliveryStatus.DELIVERED
    elif attempts >= settings.HYDRA_WEBHOOK_MAX_ATTEMPTS or (code is not None and 300 <= code < 400):
        fields["status"] = DeliveryStatus.FAILED  # a redirect answers the same every time: no retry
    else:
        wait = backoff_seconds(attempts=attempts)
        fields["status"] = DeliveryStatus.RETRYING
        fields["next_attempt_at"] = now + dt.timedelta(seconds=wait)
    # Only this attempt's outcome is written; a row deleted meanwhile (the webhook removed) stays deleted.
    WebhookDelivery.objects.filter(pk=delivery.pk).update(**fields)
    return wait


def webhook_deliveries_sweep(*, stale_seconds: float = 300) -> int:
    """Send again the deliveries whose task was lost: still waiting `stale_seconds` after they were made (the broker
    was down when they were scheduled) or after their next attempt was due (a worker died holding the retry). Each
    is marked so the next sweep leaves it alone for as long. Returns how many were sent."""
    now = timezone.now()
    cutoff = now - dt.timedelta(seconds=stale_seconds)
    stuck = list(
        WebhookDelivery.objects.filter(
            Q(status=DeliveryStatus.PENDING, next_attempt_at__isnull=True, created_at__lt=cutoff)
            | Q(status__in=[DeliveryStatus.PENDING, DeliveryStatus.RETRYING], next_attempt_at__lt=cutoff)
        ).values_list("pk", flat=True)[:500]
    )
    if stuck:
        WebhookDelivery.objects.filter(pk__in=stuck).update(next_attempt_at=now)
        _schedule(stuck)
    return len(stuck)


@transaction.atomic
def webhook_delivery_resend(*, delivery: WebhookDelivery, by) -> WebhookDelivery:
    """Send the delivery's body again, as a new delivery with its own attempts (the old one stays as it was).
    Logged on the event."""
    again = WebhookDelivery.objects.create(
        webhook=delivery.webhook,
        event=delivery.event,
        topic=delivery.topic,
        payload=delivery.payload,
        resend_of=delivery,
    )
    event_log_record(
        event=delivery.event,
        user=by,
        action=LogAction.RESENT,
        kind=LogKind.SETTINGS,
        message=LogText(
            gettext_lazy("Webhook delivery %(id)d (%(topic)s) re-sent to %(url)s."),
            {"id": delivery.pk, "topic": delivery.topic, "url": delivery.webhook.url},
        ),
        data={"delivery": delivery.pk, "new_delivery": again.pk, "webhook": delivery.webhook_id},
    )
    _schedule([again.pk])
    return again
