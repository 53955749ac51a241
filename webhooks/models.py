"""Webhooks: URLs an organizer registers for one event or all their events, and every delivery made to them."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(models.Model):
    """A receiver of an event's news. `event` None: every event its owner organizes (now and later)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks", verbose_name=_("owner")
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="webhooks",
        verbose_name=_("event"),
        help_text=_("Empty: every event the owner organizes."),
    )
    url = models.URLField(_("URL"), max_length=500)
    secret = models.CharField(_("signing secret"), max_length=100, default=new_secret)
    topics = models.JSONField(_("what it receives"), default=list)
    is_active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("Waiting to be sent")
    RETRYING = "retrying", _("Failed, will be retried")
    DELIVERED = "delivered", _("Delivered")
    FAILED = "failed", _("Failed (gave up)")


class WebhookDelivery(models.Model):
    """One message to one webhook: its JSON body as built when it happened, and what the receiver answered."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries", verbose_name=_("webhook"))
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="webhook_deliveries", verbose_name=_("event")
    )
    topic = models.CharField(_("what happened"), max_length=40)
    payload = models.JSONField(_("body"))
    status = models.CharField(
        _("status"), max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    response_code = models.PositiveSmallIntegerField(_("answer code"), null=True, blank=True)
    response_excerpt = models.TextField(_("answer (start)"), blank=True)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    last_attempt_at = models.DateTimeField(_("last attempt"), null=True, blank=True)
    next_attempt_at = models.DateTimeField(_("next attempt"), null=True, blank=True)
    resend_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("re-sent from")
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("webhook delivery")
        verbose_name_plural = _("webhook deliveries")
        indexes = [models.Index(fields=["event", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.topic} -> {self.webhook.url} ({self.status})"
