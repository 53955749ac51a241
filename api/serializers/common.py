from django.utils.translation import gettext as _
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """Every error response (api.exceptions)."""

    status = serializers.IntegerField()
    code = serializers.CharField()
    message = serializers.CharField(help_text="What went wrong and what to do about it, in a sentence.")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text='Messages per request field, e.g. {"seats.1.wins_a": ["..."]}.',
    )


class TeamRefSerializer(serializers.Serializer):
    """A team as it is registered in this event: `id` is the registration's id, used everywhere in the API."""

    id = serializers.IntegerField()
    name = serializers.CharField()


class StrictInputSerializer(serializers.Serializer):
    """An input that refuses what it doesn't know: an unknown or misspelt field is named, never silently ignored
    (a typo in `swiss_rounds` must not leave the event with the default). The body must be a JSON object."""

    def to_internal_value(self, data):
        if not isinstance(data, dict):
            raise serializers.ValidationError(
                {"request": [_("Send a JSON object with the fields named in the documentation (/api/v1/docs/).")]},
                code="invalid",
            )
        unknown = sorted(set(data) - set(self.fields))
        if unknown:
            known = ", ".join(sorted(name for name, field in self.fields.items() if not field.read_only))
            raise serializers.ValidationError(
                {name: [_("Unknown field. The fields are: %(known)s.") % {"known": known}] for name in unknown},
                code="unknown_field",
            )
        return super().to_internal_value(data)


class StrictModelSerializer(StrictInputSerializer, serializers.ModelSerializer):
    """StrictInputSerializer over a model's fields."""
