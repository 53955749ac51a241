"""The API's own records: scorekeeper tokens and the responses kept for Idempotency-Key retries."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event


class TokenKind(models.TextChoices):
    SCOREKEEPER = "event", _("Scorekeeper: final results of one event")
    ORGANIZER = "organizer", _("Organizer: creates events and runs every event of its person")


class ApiToken(models.Model):
    """An API token. A scorekeeper's token enters final results for one event, and nothing else; an organizer's
    token (no event) creates events and acts on every event its person organizes, and on nothing else.

    Only a SHA-256 hash of the secret is stored. The secret is 256 random bits, so a slow password hash would
    add nothing but cost on every request; what matters is that a leaked database row can't be replayed.
    """

    kind = models.CharField(_("kind"), max_length=10, choices=TokenKind.choices, default=TokenKind.SCOREKEEPER)
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("event"),
        null=True,
        blank=True,
        help_text=_("Scorekeeper tokens only: the one event they enter results for."),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("acts as"),
        help_text=_("Results entered with this token are recorded under this person's name."),
    )
    name = models.CharField(
        _("label"), max_length=100, help_text=_('Which device or person holds it, e.g. "Scorekeeper desk 2".')
    )
    prefix = models.CharField(_("prefix"), max_length=16, unique=True, editable=False)
    secret_hash = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["event", "name"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(kind="event") & models.Q(event__isnull=False))
                | (models.Q(kind="organizer") & models.Q(event__isnull=True)),
                name="apitoken_event_iff_scorekeeper",
                violation_error_message=_("A scorekeeper token names its event; an organizer token names none."),
            ),
        ]

    def __str__(self) -> str:
        scope = self.event.name if self.event_id else _("organizer of %(user)s") % {"user": self.user}
        return f"{self.name} ({scope}, hydra_{self.prefix}_…)"

    # tournaments.rights tells a token from a person by this mark (it doesn't import the API).
    is_api_token = True

    @property
    def is_organizer(self) -> bool:
        return self.kind == TokenKind.ORGANIZER

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class IdempotencyKey(models.Model):
    """The response to a write sent with an Idempotency-Key, so a retry replays it instead of writing again.

    `owner` is "token:<id>" or "user:<id>": keys of different clients never collide. `fingerprint` is a hash of
    the method, path and body, so a key reused for a different request is refused rather than replayed.
    """

    owner = models.CharField(max_length=40)
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("idempotency key")
        verbose_name_plural = _("idempotency keys")
        constraints = [models.UniqueConstraint(fields=["owner", "key"], name="idempotency_key_once_per_owner")]

    def __str__(self) -> str:
        return f"{self.owner}: {self.key}"
