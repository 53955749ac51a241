"""The states of a registration's entry fee and the shapes of a prize line (docs/fees.md)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PaymentStatus(models.TextChoices):
    UNPAID = "unpaid", _("Not paid")
    PAID = "paid", _("Paid")
    WAIVED = "waived", _("Waived")
    REFUNDED = "refunded", _("Refunded")


class PrizeKind(models.TextChoices):
    PLACE = "place", _("By placing")
    RECORD = "record", _("By record")


class TieSplit(models.TextChoices):
    TIEBREAKERS = "tiebreakers", _("By tiebreakers: each place gets its own prize")
    EVENLY = "evenly", _("Split evenly among the tied")
