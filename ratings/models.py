"""Ratings per player per category (RULES.md 8), their history per event, and a row per category that
serialises recalculations. Every row here is derived: ratings_recalculate rebuilds them from the results."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from ratings.categories import parse_category
from tournaments.models import Event, Player


class RatingCategory(models.Model):
    """One rating category ("constructed-3", "2hg" ...). Its row is locked while the category is rebuilt, so two
    rebuilds never interleave; it also says when the category was last rebuilt and from how much."""

    slug = models.CharField(_("category"), max_length=30, primary_key=True)
    kind = models.CharField(_("kind"), max_length=20)
    team_size = models.PositiveSmallIntegerField(_("team size"))
    events = models.PositiveIntegerField(_("rated events"), default=0)
    matches = models.PositiveIntegerField(_("rated team matches"), default=0)
    players = models.PositiveIntegerField(_("rated players"), default=0)
    recalculated_at = models.DateTimeField(_("recalculated at"), null=True, blank=True)

    class Meta:
        ordering = ["slug"]
        verbose_name = _("rating category")
        verbose_name_plural = _("rating categories")

    def __str__(self) -> str:
        category = parse_category(self.slug)
        return category.label if category else self.slug

    @property
    def label(self) -> str:
        return str(self)


class PlayerRating(models.Model):
    """A player's rating in one category: the DCI Elo (`rating`) and OpenSkill's mu and sigma beside it."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player"))
    # No index of its own: the unique (category, player) leads with it (fewer indexes to fill on a rebuild).
    category = models.ForeignKey(
        RatingCategory, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("category"), db_index=False
    )
    rating = models.FloatField(_("rating"))
    peak = models.FloatField(_("peak rating"))
    matches = models.PositiveIntegerField(_("team matches"))
    wins = models.PositiveIntegerField(_("wins"))
    losses = models.PositiveIntegerField(_("losses"))
    draws = models.PositiveIntegerField(_("draws"))
    openskill_mu = models.FloatField(_("OpenSkill mu"), null=True, blank=True)
    openskill_sigma = models.FloatField(_("OpenSkill sigma"), null=True, blank=True)
    openskill_ordinal = models.FloatField(
        _("OpenSkill ordinal"), null=True, blank=True, help_text=_("mu - 3 sigma, what OpenSkill ranks by.")
    )
    last_event_date = models.DateField(_("last played"))

    class Meta:
        ordering = ["category", "-rating", "player_id"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(fields=["category", "player"], name="rating_once_per_player_and_category"),
        ]
        indexes = [
            models.Index(fields=["category", "-rating", "player"], name="rating_leaderboard"),
            models.Index(fields=["category", "-openskill_ordinal", "player"], name="rating_leaderboard_openskill"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating:.0f} ({self.category_id})"


class RatingHistory(models.Model):
    """What one event did to one player's rating in its category: the points of the player's rating plot."""

    # The three foreign keys have no index of their own: the composite indexes below lead with each of them, and a
    # rebuild fills every index of hundreds of thousands of rows.
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history", db_index=False)
    category = models.ForeignKey(RatingCategory, on_delete=models.CASCADE, related_name="history", db_index=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rating_history", db_index=False)
    date = models.DateField(_("date"))
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    matches = models.PositiveSmallIntegerField(_("team matches"))
    wins = models.PositiveSmallIntegerField(_("wins"))
    losses = models.PositiveSmallIntegerField(_("losses"))
    draws = models.PositiveSmallIntegerField(_("draws"))
    sequence = models.PositiveIntegerField(_("order"), help_text=_("The event's place in the category's replay."))

    class Meta:
        ordering = ["category", "player", "sequence"]
        verbose_name = _("rating history entry")
        verbose_name_plural = _("rating history")
        constraints = [
            models.UniqueConstraint(fields=["category", "player", "event"], name="rating_history_once_per_event"),
        ]
        indexes = [
            models.Index(fields=["player", "category", "sequence"], name="rating_history_plot"),
            models.Index(fields=["event", "category"], name="rating_history_event"),
        ]

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before
