"""Entry fees, paid status, prizes and payouts (api.views.fees; issue 44, docs/fees.md)."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from fees.enums import PaymentStatus, TieSplit


class FeeSettingsOutputSerializer(serializers.Serializer):
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, help_text="The entry fee per player.")
    currency = serializers.CharField()
    prize_ties = serializers.ChoiceField(choices=TieSplit.choices)


class PaymentOutputSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=PaymentStatus.choices)
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, help_text="Paid, or given back when refunded.")
    due = serializers.DecimalField(max_digits=10, decimal_places=2, help_text="The fee per player times the seats.")
    paid_by = serializers.CharField(help_text="The player who paid for the team (its captain), or empty.")
    marked_by = serializers.CharField()
    marked_at = serializers.DateTimeField(allow_null=True)


class FeeTotalsOutputSerializer(serializers.Serializer):
    collected = serializers.DecimalField(max_digits=12, decimal_places=2)
    refunded = serializers.DecimalField(max_digits=12, decimal_places=2)
    outstanding = serializers.DecimalField(max_digits=12, decimal_places=2)
    unpaid = serializers.IntegerField()
    currency = serializers.CharField()


class FeesOutputSerializer(serializers.Serializer):
    fee = FeeSettingsOutputSerializer()
    totals = FeeTotalsOutputSerializer(allow_null=True, help_text="For the event's organizers and scorekeepers.")
    payments = PaymentOutputSerializer(
        many=True,
        help_text="Every registration for the organizers and scorekeepers; a player's own only, for a player.",
    )


class FeesInputSerializer(StrictInputSerializer):
    amount = serializers.DecimalField(max_digits=8, decimal_places=2, min_value=0, required=False)
    currency = serializers.CharField(min_length=3, max_length=3, required=False)
    prize_ties = serializers.ChoiceField(choices=TieSplit.choices, required=False)


class PaymentInputSerializer(StrictInputSerializer):
    status = serializers.ChoiceField(choices=PaymentStatus.choices)
    amount = serializers.DecimalField(
        max_digits=8,
        decimal_places=2,
        min_value=0,
        required=False,
        help_text="Paid: defaults to what is due. Refunded: defaults to what was paid.",
    )
    paid_by = serializers.IntegerField(required=False, help_text="The player (id) of the team who paid for it.")
    method = serializers.CharField(max_length=40, required=False, allow_blank=True)
    reference = serializers.CharField(max_length=100, required=False, allow_blank=True)


class PrizeLineSerializer(StrictInputSerializer):
    item = serializers.CharField(max_length=120)
    amount = serializers.DecimalField(max_digits=10, decimal_places=2, min_value=0)
    place_from = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    place_to = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    min_match_points = serializers.IntegerField(
        min_value=0,
        required=False,
        allow_null=True,
        help_text="A record prize: every entrant with at least these points.",
    )
    divisible = serializers.BooleanField(
        required=False, default=False, help_text="Money (store credit) splits to the cent; items split whole."
    )


class PrizesOutputSerializer(serializers.Serializer):
    prize_ties = serializers.ChoiceField(choices=TieSplit.choices)
    lines = PrizeLineSerializer(many=True)


class PrizesInputSerializer(StrictInputSerializer):
    lines = PrizeLineSerializer(many=True)


class PayoutOutputSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    record = serializers.CharField()
    match_points = serializers.IntegerField()
    item = serializers.CharField()
    amount = serializers.DecimalField(max_digits=10, decimal_places=2)
    shared_by = serializers.IntegerField(help_text="How many tied entrants shared this prize's pool (1: not shared).")
