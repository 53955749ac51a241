"""An event's staff (api.views.staff)."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.models import StaffRole


class StaffOutputSerializer(serializers.Serializer):
    user = serializers.IntegerField(source="user_id")
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=StaffRole.choices)
    added_at = serializers.DateTimeField()


class StaffInputSerializer(StrictInputSerializer):
    username = serializers.CharField(max_length=150, help_text="The account's username (the person signs up first).")
    role = serializers.ChoiceField(choices=StaffRole.choices)
