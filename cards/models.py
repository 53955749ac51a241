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
    colors = models.CharField(
        _("colours"), max_length=5, blank=True, db_index=True, help_text=_('In WUBRG order: "UR".')
    )
    color_identity = models.CharField(
        _("colour identity"),
        max_length=5,
        blank=True,
        help_text=_('Commander\'s colour identity in WUBRG order: "UR"; empty: colourless.'),
    )
    power = models.CharField(_("power"), max_length=10, blank=True, help_text=_("The front face's, as printed."))
    toughness = models.CharField(
        _("toughness"), max_length=10, blank=True, help_text=_("The front face's, as printed.")
    )
    legalities = models.JSONField(
        _("legalities"),
        default=dict,
        blank=True,
        help_text=_('Format -> "legal", "banned" or "restricted"; a format absent is one the card is not legal in.'),
    )
    deck_limit = models.PositiveIntegerField(
        _("deck limit"),
        null=True,
        blank=True,
        help_text=_("Empty: the four-copy rule. A number: the card's own limit; 1000000 means any number."),
    )
    is_basic = models.BooleanField(_("basic"), default=False)
    oracle_id = models.CharField(_("oracle id"), max_length=36, blank=True)
    scryfall_id = models.CharField(
        _("Scryfall id"),
        max_length=36,
        blank=True,
        help_text=_("Scryfall's id of a printing of the card: its picture, where the organizer allows card images."),
    )
    layout = models.CharField(_("layout"), max_length=30, blank=True)
    mana_cost = models.CharField(
        _("mana cost"), max_length=100, blank=True, help_text=_('As printed: "{1}{U}{R}"; faces joined " // ".')
    )
    text = models.TextField(_("rules text"), blank=True)
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


class CardSet(models.Model):
    """A Magic set (or product) known from the card data: its code, name, release date and, where the data has
    it, what its boosters hold (MTGJSON's `booster` object: product name -> templates and sheets)."""

    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("name"), max_length=200)
    set_type = models.CharField(_("type"), max_length=40, blank=True)
    release_date = models.DateField(_("release date"), null=True, blank=True)
    booster = models.JSONField(
        _("booster contents"),
        default=dict,
        blank=True,
        help_text=_('Product -> templates and sheets, as in MTGJSON ("play", "draft", "set", ...).'),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["code"]
        verbose_name = _("set")
        verbose_name_plural = _("sets")

    def __str__(self) -> str:
        return f"{self.code} ({self.name})"

    @property
    def booster_kinds(self) -> list[str]:
        return sorted(self.booster)


class Printing(models.Model):
    """One printing of a card: in a set, with a collector number and a language, and its names as printed in
    other languages. Keyed by the data's own id (MTGJSON uuid or Scryfall id)."""

    uuid = models.CharField(_("id"), max_length=40, unique=True)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="printings")
    number = models.CharField(_("collector number"), max_length=20, blank=True)
    language = models.CharField(_("language"), max_length=5, default="en")
    rarity = models.CharField(_("rarity"), max_length=20, blank=True)
    scryfall_id = models.CharField(_("Scryfall id"), max_length=36, blank=True)
    foreign_names = models.JSONField(
        _("foreign names"), default=dict, blank=True, help_text=_("Language -> printed name.")
    )

    class Meta:
        verbose_name = _("printing")
        verbose_name_plural = _("printings")

    def __str__(self) -> str:
        return f"{self.card_id} {self.card_set_id} {self.number}"


class CardDataImport(models.Model):
    """One import of card data: the date the data was published (its legalities are those of that date) and what
    the import changed."""

    data_date = models.DateField(_("data date"), null=True, blank=True)
    source = models.CharField(_("source"), max_length=300)
    version = models.CharField(_("data version"), max_length=100, blank=True)
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)
    cards_created = models.PositiveIntegerField(_("new cards"), default=0)
    cards_updated = models.PositiveIntegerField(_("cards updated"), default=0)
    legalities_changed = models.PositiveIntegerField(_("changed legalities"), default=0)
    sets_created = models.PositiveIntegerField(_("new sets"), default=0)
    printings = models.PositiveIntegerField(_("printings"), default=0)
    by = models.CharField(_("by"), max_length=200, blank=True, help_text=_("Who imported it; empty: Hydra itself."))
    formats = models.JSONField(
        _("formats checked"),
        null=True,
        blank=True,
        help_text=_(
            "The formats whose legalities the data gives; empty: every format (MTGJSON's and Scryfall's files)."
        ),
    )

    class Meta:
        ordering = ["-imported_at"]
        verbose_name = _("card data import")
        verbose_name_plural = _("card data imports")

    def __str__(self) -> str:
        return f"{self.source} ({self.data_date})"


class CardDataRequest(models.Model):
    """An organizer's request that the operator update the site's card data (issue 52): the card data is the
    server's, shared by every event, so only a superuser changes it; an organizer asks. A request is open until
    the next import (`cards.selectors.card_data_requests_open`)."""

    by = models.CharField(_("by"), max_length=200, help_text=_("Who asked (their username)."))
    email = models.EmailField(_("e-mail address"), blank=True, help_text=_("Where the operator may answer."))
    note = models.TextField(_("note"), max_length=1000, blank=True)
    requested_at = models.DateTimeField(_("requested at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-requested_at"]
        verbose_name = _("card data update request")
        verbose_name_plural = _("card data update requests")

    def __str__(self) -> str:
        return f"{self.by} ({self.requested_at:%Y-%m-%d})"


class CardLegalities(models.Model):
    """A card's legalities as the data of `valid_from` gave them, kept while later data changes them, so a
    decklist is judged by the legalities of its event's date. Written only when they change."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="legality_history")
    valid_from = models.DateField(_("data date"))
    legalities = models.JSONField(_("legalities"), default=dict, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "valid_from"], name="cards_legalities_once_per_date")]
        verbose_name = _("card legalities")
        verbose_name_plural = _("card legalities")


class CardDisplaySettings(models.Model):
    """How cards are shown on Hydra's pages (one row). Remote images are off until an organizer allows them:
    a page then loads card pictures from Scryfall, which sees the players' addresses."""

    remote_images = models.BooleanField(
        _("show card images from Scryfall"),
        default=False,
        help_text=_(
            "Cards show their picture, loaded from Scryfall, when the player's device is online; the text "
            "version stays as the fallback. Off: no page makes a request outside Hydra for cards."
        ),
    )

    class Meta:
        verbose_name = _("card display")
        verbose_name_plural = _("card display")

    def __str__(self) -> str:
        return str(_("Card display"))
