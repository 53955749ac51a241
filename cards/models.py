"""The card catalogue: one `Card` per English card name, and the names a player may type for it (`CardName`)."""
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.deckrules import DECK_LIMIT_ANY


class Card(models.Model):
    """A Magic card as the tournament rules see it: its English name decides (RULES.md 5).

    Written only by `cards.services.cards_import`; rows are updated in place by name, so their ids stay stable
    across imports."""

    name = models.CharField(_("English name"), max_length=300, unique=True, help_text=_('Faces joined: "Fire // Ice".'))
    ascii_name = models.CharField(_("ASCII name"), max_length=300, blank=True)
    name_key = models.CharField(_("lookup key"), max_length=300, db_index=True, editable=False)
    face_names = models.JSONField(_("face names"), default=list, blank=True)
    type_line = models.CharField(_("type line"), max_length=300, blank=True)
    supertypes = models.JSONField(_("supertypes"), default=list, blank=True)
    types = models.JSONField(_("types"), default=list, blank=True)
    mana_value = models.FloatField(_("mana value"), default=0)
    colors = models.CharField(_("colours"), max_length=5, blank=True, db_index=True, help_text=_('In WUBRG order: "UR".'))
    legalities = models.JSONField(
        _("legalities"), default=dict, blank=True,
        help_text=_('Format -> "legal", "banned" or "restricted"; a format absent is one the card is not legal in.'),
    )
    deck_limit = models.PositiveIntegerField(
        _("deck limit"), null=True, blank=True,
        help_text=_("Empty: the four-copy rule. A number: the card's own limit; 1000000 means any number."),
    )
    is_basic = models.BooleanField(_("basic"), default=False)
    oracle_id = models.CharField(_("oracle id"), max_length=36, blank=True)
    layout = models.CharField(_("layout"), max_length=30, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return self.name

    @property
    def any_number_allowed(self) -> bool:
        return self.deck_limit == DECK_LIMIT_ANY


class CardName(models.Model):
    """A name a player may write for a card: its English name, a face name, or a name printed in another
    language. Looked up by `name_key` (see `cards.names.name_key`)."""

    class Kind(models.TextChoices):
        NAME = "name", _("English name")
        FACE = "face", _("Face name")
        PRINTED = "printed", _("Printed name in another language")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="names")
    language = models.CharField(_("language"), max_length=5, help_text=_('"en", "de", "fr", "zhs", ...'))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=300)
    name_key = models.CharField(_("lookup key"), max_length=300, db_index=True)

    class Meta:
        # No unique constraint on (card, language, name): cards_import writes each name once, and a fifth
        # index on 200,000 rows would double the import time.
        verbose_name = _("card name")
        verbose_name_plural = _("card names")

    def __str__(self) -> str:
        return f"{self.name} ({self.language})"
