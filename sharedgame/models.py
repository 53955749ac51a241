"""Live life and poison of shared-game matches (Two-Headed Giant, Three-Headed Serpent, custom presets).

A GameState row holds one game's totals and serialises every change to them: services lock it, write one
LifeChange and the new totals in one short transaction. See docs/sharedgame.md.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import TeamMatch

TEAMS = [("A", _("Team A")), ("B", _("Team B"))]


class GameState(models.Model):
    """One game of a shared-game team match. Starting life and poison limit are copied from the event when the
    game starts, so changing the event's preset never rewrites a game being played.

    `winner` is 'A', 'B', 'D' (both teams lost at once) or '' while the game goes on; it follows the totals.
    `version` goes up with every change; spectators' pages poll with it.
    """

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="shared_games")
    number = models.PositiveSmallIntegerField(_("game"))
    starting_life = models.PositiveSmallIntegerField(_("starting life"))
    poison_limit = models.PositiveSmallIntegerField(_("poison limit"))
    life_a = models.IntegerField(_("life of team A"))
    poison_a = models.PositiveIntegerField(_("poison of team A"), default=0)
    life_b = models.IntegerField(_("life of team B"))
    poison_b = models.PositiveIntegerField(_("poison of team B"), default=0)
    winner = models.CharField(_("winner"), max_length=1, blank=True, choices=[*TEAMS, ("D", _("Draw"))])
    version = models.PositiveBigIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("shared game")
        verbose_name_plural = _("shared games")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"],
                name="gamestate_number_once_per_match",
                violation_error_message=_("This match already has a game with this number."),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="gamestate_number_positive",
                violation_error_message=_("Games are numbered from 1."),
            ),
            models.CheckConstraint(
                condition=Q(winner__in=["", "A", "B", "D"]),
                name="gamestate_winner_valid",
                violation_error_message=_("The winner is A, B, a draw or nobody yet."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}, game {self.number}: {self.life_a}/{self.poison_a} v {self.life_b}/{self.poison_b}"


class LifeChange(models.Model):
    """One tap: who changed which team's totals by how much, and when. Undoing it keeps the row (undone_at set)
    and applies the reverse, so the history shows both."""

    game = models.ForeignKey(GameState, on_delete=models.CASCADE, related_name="changes")
    team = models.CharField(_("team"), max_length=1, choices=TEAMS)
    life = models.IntegerField(_("life change"), default=0)
    poison = models.IntegerField(_("poison change"), default=0)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )

    class Meta:
        ordering = ["game", "pk"]
        verbose_name = _("life change")
        verbose_name_plural = _("life changes")
        indexes = [models.Index(fields=["game", "by", "undone_at"], name="lifechange_own_last")]
        constraints = [
            models.CheckConstraint(
                condition=Q(team__in=["A", "B"]),
                name="lifechange_team_valid",
                violation_error_message=_("A change is to team A or team B."),
            ),
            models.CheckConstraint(
                condition=~Q(life=0, poison=0),
                name="lifechange_not_empty",
                violation_error_message=_("A change changes life or poison."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.life:+d} life, {self.poison:+d} poison"
