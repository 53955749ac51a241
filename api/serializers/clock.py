"""The round clock as the API shows it (api.views.clock, and each round of api.views.rounds)."""
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers


class ClockStateSerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=["not_started", "running", "paused", "over"])
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField()
    extensions = serializers.ListField(child=inline_serializer("ClockExtension", {
        "table": serializers.IntegerField(allow_null=True), "seconds": serializers.IntegerField(),
        "reason": serializers.CharField(), "at": serializers.DateTimeField(),
    }))
