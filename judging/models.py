"""The judges' records of an event: deck checks and penalties (issue 17). Never public: see judging.selectors."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from judging.enums import DeckCheckResult, Infraction, PenaltyKind
from tournaments.models import Event, Player, Registration, Round


class DeckCheck(models.Model):
    """A judge checked a team's decklists against its decks in a round: all well, or a problem (the note says
    which; a penalty is recorded on its own)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deck_checks", verbose_name=_("event"))
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="deck_checks", verbose_name=_("team")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("round"),
        help_text=_("Empty: before round 1."),
    )
    result = models.CharField(_("result"), max_length=10, choices=DeckCheckResult.choices)
    note = models.TextField(_("note"), blank=True)
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("judge")
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["event", "-at", "-pk"]
        verbose_name = _("deck check")
        verbose_name_plural = _("deck checks")

    def __str__(self) -> str:
        return f"{self.registration} {self.get_result_display()}"


class Penalty(models.Model):
    """An infraction and its penalty for one player in a round, with the judge's note. `applied_to` is the team
    match whose result the penalty changed (Game Loss, Match Loss), if it was applied."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties", verbose_name=_("event"))
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties", verbose_name=_("team")
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties", verbose_name=_("player"))
    round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("round"),
        help_text=_("Empty: before round 1."),
    )
    infraction = models.CharField(_("infraction"), max_length=40, choices=Infraction.choices)
    penalty = models.CharField(_("penalty"), max_length=20, choices=PenaltyKind.choices)
    note = models.TextField(_("note"), blank=True)
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("judge")
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    applied_to = models.ForeignKey(
        "tournaments.TeamMatch",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("applied to the match"),
    )

    class Meta:
        ordering = ["event", "-at", "-pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.player}: {self.get_penalty_display()} ({self.get_infraction_display()})"
