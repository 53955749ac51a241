"""Multiplayer pods (issue 43, docs/multiplayer.md): a round of a pod event seats its players at pods of three to five.

A Pod belongs to one of the event's rounds (tournaments.Round, so the round clock, its name and the event's
progress are the core's); its seats say who sits where (position 1 plays first) and, once a result is in, each
player's outcome. A player left over with a bye has a PodBye for the round.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Registration, Round


class MultiplayerTableState(models.TextChoices):
    PENDING = "pending", _("Playing")
    REPORTED = "reported", _("Reported, waiting for a confirmation")
    FINAL = "final", _("Final")


class MultiplayerResultKind(models.TextChoices):
    WIN = "win", _("A winner")
    DRAW = "draw", _("A draw among named players")
    TIME = "time", _("Time: a draw for those still in")


class MultiplayerTable(models.Model):
    """One table of a round: three to five players, one game, one result."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="multiplayer_tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("pod"))
    state = models.CharField(
        _("result"), max_length=10, choices=MultiplayerTableState.choices, default=MultiplayerTableState.PENDING
    )
    result_kind = models.CharField(_("result kind"), max_length=10, choices=MultiplayerResultKind.choices, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reporter = models.ForeignKey(
        Registration,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reporting player"),
        help_text=_("Empty when the desk entered the result."),
    )
    reported_at = models.DateTimeField(_("reported at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("pod")
        verbose_name_plural = _("pods")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"],
                name="multiplayer_table_number_once_per_round",
                violation_error_message=_("This round already has a pod with this number."),
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1),
                name="multiplayer_table_number_positive",
                violation_error_message=_("Pods are numbered from 1."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}, {_('pod')} {self.number}"


class MultiplayerSeat(models.Model):
    """A player's seat at a pod; position 1 plays first. `outcome` is W, D or L once a result is reported."""

    table = models.ForeignKey(MultiplayerTable, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="multiplayer_seats", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    outcome = models.CharField(
        _("outcome"), max_length=1, blank=True, choices=[("W", _("Won")), ("D", _("Drew")), ("L", _("Lost"))]
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("pod seat")
        verbose_name_plural = _("pod seats")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"],
                name="multiplayer_table_seat_once",
                violation_error_message=_("Each seat of a pod holds one player."),
            ),
            models.UniqueConstraint(
                fields=["table", "registration"],
                name="multiplayer_table_player_once",
                violation_error_message=_("A player sits once at a pod."),
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=5),
                name="multiplayer_table_seat_range",
                violation_error_message=_("A pod's seats are numbered 1 to 5."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.position}. {self.registration}"


class MultiplayerBye(models.Model):
    """A player left over in a round of pods (the event's leftovers are byes)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="multiplayer_byes")
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="multiplayer_byes", verbose_name=_("player")
    )

    class Meta:
        ordering = ["round", "registration"]
        verbose_name = _("pod bye")
        verbose_name_plural = _("pod byes")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "registration"],
                name="multiplayer_bye_once",
                violation_error_message=_("This player already has a bye this round."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.registration}"
