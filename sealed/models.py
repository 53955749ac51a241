"""Team sealed (RULES.md 7): the product per event, each team's pool as card rows, and who plays which card.

A SealedPool row serialises every change to its team's assignment: services lock it, never the card rows.
See docs/sealed.md.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from cards.selectors import set_code_check
from sealed.rules import MAIN, SIDE
from tournaments.models import Event, Registration


class PoolSource(models.TextChoices):
    GENERATED = "generated", _("Opened from the set's booster configuration")
    ENTERED = "entered", _("Entered from real product")


class SealedSettings(models.Model):
    """The product every team of a sealed event gets, and how strict registration is."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="sealed_settings", verbose_name=_("event")
    )
    set_code = models.CharField(
        _("set"),
        max_length=10,
        blank=True,
        help_text=_("The set boosters are opened from; empty if pools are entered."),
    )
    booster_count = models.PositiveSmallIntegerField(
        _("boosters per team"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text=_("Empty: 4 per member (12 for teams of three, 8 for teams of two and Two-Headed Giant)."),
    )
    identical_pools = models.BooleanField(
        _("identical pools"),
        default=False,
        help_text=_("Fairness variant: every team opens the same seed and so gets the very same cards."),
    )
    seed = models.CharField(
        _("event seed"),
        max_length=40,
        blank=True,
        help_text=_("The seed every team opens when pools are identical; set when the pools are opened."),
    )
    allow_changes_between_rounds = models.BooleanField(
        _("changes between rounds"),
        default=False,
        help_text=_("A registered team may move cards between its members between rounds (never during one)."),
    )
    min_main_deck = models.PositiveSmallIntegerField(
        _("minimum main deck"), default=40, validators=[MinValueValidator(1)]
    )

    class Meta:
        verbose_name = _("sealed settings")
        verbose_name_plural = _("sealed settings")

    def __str__(self) -> str:
        return f"{self.event.name}: sealed settings"

    def clean(self):
        if self.set_code:
            try:
                self.set_code = set_code_check(code=self.set_code)
            except ValidationError as unknown:
                raise ValidationError({"set_code": unknown.messages}) from None


class SealedPool(models.Model):
    """One team's pool. `registered_at` set means the assignment is registered and locked.

    `version` goes up with every change to the assignment; the pool page posts the version it shows, so a
    teammate's concurrent change is never silently overwritten.
    """

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="sealed_pool", verbose_name=_("team")
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sealed_pools", editable=False)
    source = models.CharField(_("source"), max_length=10, choices=PoolSource.choices)
    set_code = models.CharField(_("set"), max_length=10, blank=True)
    booster_count = models.PositiveSmallIntegerField(_("boosters"), default=0)
    seed = models.CharField(
        _("seed"), max_length=40, blank=True, help_text=_("Reopening this seed gives the same pool.")
    )
    basics = models.JSONField(_("basic lands added"), default=dict, blank=True, help_text=_('{"A": {"Forest": 8}}'))
    registered_at = models.DateTimeField(_("registered at"), null=True, blank=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "registration__team__name"]
        verbose_name = _("sealed pool")
        verbose_name_plural = _("sealed pools")

    def __str__(self) -> str:
        return f"{self.registration}: sealed pool"

    def save(self, *args, **kwargs):
        self.event_id = self.registration.event_id
        super().save(*args, **kwargs)

    @property
    def is_registered(self) -> bool:
        return self.registered_at is not None


class PoolCard(models.Model):
    """One card of a pool and where the team puts it (empty zone: not yet assigned; seat "" with zone side is
    the Two-Headed Giant shared sideboard)."""

    pool = models.ForeignKey(SealedPool, on_delete=models.CASCADE, related_name="cards")
    position = models.PositiveSmallIntegerField(_("position"))
    booster = models.PositiveSmallIntegerField(_("booster"), null=True, blank=True)
    name = models.CharField(_("card"), max_length=200)
    set_code = models.CharField(_("set"), max_length=10, blank=True)
    number = models.CharField(_("collector number"), max_length=12, blank=True)
    rarity = models.CharField(_("rarity"), max_length=12, blank=True)
    colors = models.CharField(_("colors"), max_length=5, blank=True, help_text=_("WUBRG letters; empty: colorless."))
    types = models.CharField(_("types"), max_length=80, blank=True)
    supertypes = models.CharField(_("supertypes"), max_length=40, blank=True)
    mana_value = models.FloatField(_("mana value"), default=0)
    foil = models.BooleanField(default=False)
    seat = models.CharField(_("seat"), max_length=1, blank=True)
    zone = models.CharField(
        _("zone"), max_length=4, blank=True, choices=[(MAIN, _("Main deck")), (SIDE, _("Sideboard"))]
    )

    class Meta:
        ordering = ["pool", "position"]
        verbose_name = _("pool card")
        verbose_name_plural = _("pool cards")
        constraints = [
            models.UniqueConstraint(
                fields=["pool", "position"],
                name="poolcard_position_once_per_pool",
                violation_error_message=_("Two cards can't share a position in a pool."),
            ),
            models.CheckConstraint(
                condition=Q(zone__in=["", MAIN, SIDE]),
                name="poolcard_zone_valid",
                violation_error_message=_("A card goes to the main deck or the sideboard."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.name}"


class PoolAction(models.TextChoices):
    OPENED = "opened", _("Pool opened")
    ENTERED = "entered", _("Pool entered")
    SAVED = "saved", _("Assignment saved")
    REGISTERED = "registered", _("Registered")
    CHANGED = "changed", _("Changed between rounds")
    UNLOCKED = "unlocked", _("Unlocked by the organizer")
