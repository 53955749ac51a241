"""A series (issue 44; docs/series.md): events of one organizer that add up to a season's standings.

The link lives here (SeriesEvent), so tournaments knows nothing of series; an event belongs to at most one series.
What each player made of an attached event (place and match points) is kept in SeriesResult when the event
finishes, so the standings read three tables whatever the number of events."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from fees.enums import TieSplit
from fees.models import PrizeLineFields
from series.enums import PointsSource, SeriesKind
from tournaments.models import Event, Player, Team

DEFAULT_POINTS_TABLE = [10, 8, 6, 5, 4, 3, 2]


def _default_points_table() -> list[int]:
    return list(DEFAULT_POINTS_TABLE)


def validate_points_table(value) -> None:
    if not isinstance(value, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 10000 for p in value
    ):
        raise ValidationError(_("The points table is a list of whole numbers from 0 to 10000, 1st place first."))
    if len(value) > 256:
        raise ValidationError(_("The points table has at most 256 places."))


class Series(models.Model):
    name = models.CharField(_("name"), max_length=200)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="series", verbose_name=_("organizer")
    )
    kind = models.CharField(_("kind"), max_length=20, choices=SeriesKind.choices, default=SeriesKind.LEAGUE)
    is_public = models.BooleanField(
        _("public"), default=True, help_text=_("The series' page and standings are visible to everyone.")
    )
    points_source = models.CharField(
        _("points from"), max_length=20, choices=PointsSource.choices, default=PointsSource.PLACING
    )
    points_table = models.JSONField(
        _("points by placing"),
        default=_default_points_table,
        validators=[validate_points_table],
        help_text=_("Points for 1st, 2nd, 3rd, ... place."),
    )
    participation_points = models.PositiveIntegerField(
        _("participation points"),
        default=1,
        validators=[MinValueValidator(0)],
        help_text=_("Points for playing in an event, for every place below the table."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("events counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Count each player's best N events; empty counts every event."),
    )
    qualify_top = models.PositiveSmallIntegerField(
        _("qualify: top places"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("The top N of the standings qualify."),
    )
    qualify_points = models.PositiveIntegerField(
        _("qualify: points"), null=True, blank=True, help_text=_("Everyone with at least these points qualifies.")
    )
    prize_ties = models.CharField(
        _("tied places"),
        max_length=12,
        choices=TieSplit.choices,
        default=TieSplit.TIEBREAKERS,
        help_text=_("How players sharing a rank share the prizes of their places."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="series_events")
    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="series_link", verbose_name=_("event"))
    recorded_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["event__date", "event_id"]
        verbose_name = _("event of a series")
        verbose_name_plural = _("events of a series")

    def __str__(self) -> str:
        return f"{self.series}: {self.event}"


class SeriesResult(models.Model):
    """One player's place and match points at one event of the series (with their team), as the event finished."""

    series_event = models.ForeignKey(SeriesEvent, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="series_results")
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The team the player played for (a team series ranks teams).",
    )
    place = models.PositiveIntegerField()
    match_points = models.PositiveIntegerField()

    class Meta:
        ordering = ["series_event", "place"]
        verbose_name = _("series result")
        verbose_name_plural = _("series results")
        constraints = [models.UniqueConstraint(fields=["series_event", "player"], name="series_result_once")]

    def __str__(self) -> str:
        return f"{self.series_event}: {self.player} #{self.place}"


class SeriesPrize(PrizeLineFields):
    """One line of a series' prize structure, by its final standings (fees' prize lines: a range of places, or every
    entrant with at least a number of series points)."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("series"))

    class Meta:
        ordering = ["series", "position", "pk"]
        verbose_name = _("series prize")
        verbose_name_plural = _("series prizes")


class SeriesInvitation(models.Model):
    """An invitation to another organizer to put their own events into the series (issue 53: a series across
    organizations). Until they accept, none of their events can be put into it; once accepted they attach and
    detach their own events (tournaments.rights.may_attach_event), and the series' owner still manages the rest."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("series"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="series_invitations",
        verbose_name=_("organizer invited"),
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("invited by")
    )
    invited_at = models.DateTimeField(_("invited"), auto_now_add=True)
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)

    class Meta:
        ordering = ["series", "invited_at", "pk"]
        verbose_name = _("series invitation")
        verbose_name_plural = _("series invitations")
        constraints = [models.UniqueConstraint(fields=["series", "user"], name="series_invitation_once")]

    def __str__(self) -> str:
        return f"{self.series} → {self.user}"
