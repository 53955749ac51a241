"""Choices of the ratings app. An event's importance (its K) lives with the event: tournaments.enums."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingModel(models.TextChoices):
    """The two models every category is computed with; pages and the API show either."""

    ELO = "elo", _("DCI Elo")
    OPENSKILL = "openskill", _("OpenSkill")
