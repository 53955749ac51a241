"""The vocabularies of a series (docs/series.md)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class SeriesKind(models.TextChoices):
    LEAGUE = "league", _("League season")
    QUALIFICATION = "qualification", _("Qualification path")
    TEAM = "team", _("Team series")


class PointsSource(models.TextChoices):
    PLACING = "placing", _("By placing (the points table)")
    MATCH_POINTS = "match_points", _("By match points")
