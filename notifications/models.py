"""A person's notifications, their push subscriptions and their choices (docs/portal.md, "Notifications")."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from notifications.kinds import NoticeKind
from tournaments.models import Event


class Notification(models.Model):
    """One thing told to one person. `source` names what it comes from (the event log entry and, for a round, the
    match), unique with the person and kind: a task run twice for one change writes and sends nothing twice.
    `params` holds the values of the sentence, which is read in the reader's language (notifications.texts)."""

    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+", verbose_name=_("event"))
    kind = models.CharField(_("kind"), max_length=24, choices=NoticeKind.choices)
    source = models.CharField(max_length=60)
    params = models.JSONField(default=dict)
    link = models.CharField(_("link"), max_length=200)
    created_at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)
    # Where the channels are: null until handed to the push service / put into a digest (or found not wanted).
    pushed_at = models.DateTimeField(null=True, blank=True)
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        constraints = [models.UniqueConstraint(fields=["person", "kind", "source"], name="notification_once")]
        indexes = [
            models.Index(fields=["person", "read_at"], name="notification_unread"),
            models.Index(fields=["pushed_at"], condition=models.Q(pushed_at__isnull=True), name="notification_to_push"),
            models.Index(fields=["mailed_at"], condition=models.Q(mailed_at__isnull=True), name="notification_to_mail"),
        ]

    def __str__(self) -> str:
        return f"{self.person_id} {self.kind} {self.source}"


class PushSubscription(models.Model):
    """A browser that allowed Web Push for a person (the PushSubscription the browser handed over). Forgotten when
    the push service answers 404 or 410 (the browser dropped it)."""

    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    language = models.CharField(max_length=10, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.person_id} {self.endpoint[:60]}"


class NotificationPreference(models.Model):
    """A person's choice for one kind: by push, by the e-mail digest (the inbox always has it)."""

    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(_("kind"), max_length=24, choices=NoticeKind.choices)
    push = models.BooleanField(_("push"), default=True)
    email = models.BooleanField(_("e-mail digest"), default=False)

    class Meta:
        verbose_name = _("notification preference")
        verbose_name_plural = _("notification preferences")
        constraints = [models.UniqueConstraint(fields=["person", "kind"], name="notification_preference_once")]

    def __str__(self) -> str:
        return f"{self.person_id} {self.kind}"
