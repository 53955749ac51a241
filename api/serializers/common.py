from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """Every error response (api.exceptions)."""

    status = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField(help_text="What went wrong and what to do about it, in a sentence.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="Messages per request field, e.g. {\"seats.1.wins_a\": [\"...\"]}.",
    )


class TeamRefSerializer(serializers.Serializer):
    """A team as it is registered in this event: `id` is the registration's id, used everywhere in the API."""

    id = serializers.IntegerField()
    name = serializers.CharField()
