"""The round clock as the API shows it (api.views.clock, and each round of api.views.rounds)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.services.clock import ACTIONS


class ClockStateSerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=["not_started", "running", "paused", "over"])
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField()
    extensions = serializers.ListField(
        child=inline_serializer(
            "ClockExtension",
            {
                "table": serializers.IntegerField(allow_null=True),
                "seconds": serializers.IntegerField(),
                "reason": serializers.CharField(),
                "at": serializers.DateTimeField(),
            },
        )
    )


class RoundClockInputSerializer(StrictInputSerializer):
    action = serializers.ChoiceField(choices=list(ACTIONS))
    seconds = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=4 * 3600,
        help_text="Time to add (action add), or the clock's length (start).",
    )
    table = serializers.IntegerField(
        required=False, min_value=1, max_value=32767, help_text="With add: a time extension for this table only."
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=200,
        help_text="Why a table gets its extension (needed with table).",
    )

    def validate(self, data):
        if data["action"] == "add" and "seconds" not in data:
            raise serializers.ValidationError({"seconds": [_("Give the seconds to add.")]})
        return data
