"""Entry fees, who has paid, and the prizes by place or record (issue 44; docs/fees.md).

The fields of a payment are what an online payment provider would fill later (amount, method, reference); today the
desk marks them by hand."""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from fees.enums import PaymentStatus, PrizeKind, TieSplit
from tournaments.models import Event, Player, Registration


class EventFee(models.Model):
    """An event's entry fee per player (a team of three owes it three times) and how its prizes split ties."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="fee", verbose_name=_("event"))
    amount = models.DecimalField(
        _("entry fee per player"), max_digits=8, decimal_places=2, default=0, validators=[MinValueValidator(0)]
    )
    currency = models.CharField(_("currency"), max_length=3, default="EUR", help_text=_("ISO 4217 code, e.g. EUR."))
    prize_ties = models.CharField(
        _("tied placings"), max_length=12, choices=TieSplit.choices, default=TieSplit.TIEBREAKERS
    )

    class Meta:
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")


class Payment(models.Model):
    """A registration's entry fee: paid, not paid, waived or refunded, with who marked it and when. A team's
    captain (or any member) may pay for the whole team: `paid_by` is that player."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="payment", verbose_name=_("registration")
    )
    status = models.CharField(_("status"), max_length=10, choices=PaymentStatus.choices, default=PaymentStatus.UNPAID)
    amount = models.DecimalField(_("amount"), max_digits=8, decimal_places=2, default=0)
    paid_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("paid by")
    )
    method = models.CharField(_("method"), max_length=40, blank=True, help_text=_("Cash, card, or a provider's name."))
    reference = models.CharField(_("reference"), max_length=100, blank=True)
    marked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    marked_at = models.DateTimeField(_("marked at"), null=True)

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")


class PrizeLineFields(models.Model):
    """One line of a prize structure (an event's, or a series' by its final standings): an item (packs, store
    credit, a trophy, an invitation) and its quantity or amount, for each place of a range or for every entrant with
    at least a number of points (match points at an event, series points in a series)."""

    kind = models.CharField(_("kind"), max_length=8, choices=PrizeKind.choices, default=PrizeKind.PLACE)
    place_from = models.PositiveSmallIntegerField(_("from place"), null=True, blank=True)
    place_to = models.PositiveSmallIntegerField(_("to place"), null=True, blank=True)
    min_match_points = models.PositiveSmallIntegerField(_("at least match points"), null=True, blank=True)
    item = models.CharField(_("item"), max_length=120)
    amount = models.DecimalField(
        _("quantity or amount"), max_digits=10, decimal_places=2, validators=[MinValueValidator(0)]
    )
    divisible = models.BooleanField(
        _("divisible"), default=False, help_text=_("Money such as store credit splits to the cent; items split whole.")
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True


class Prize(PrizeLineFields):
    """One line of an event's prize structure (PrizeLineFields)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("event"))

    class Meta:
        ordering = ["event", "position", "pk"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
