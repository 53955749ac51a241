"""A person's notifications (api.views.notifications; docs/portal.md, "Notifications")."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer


class NotificationOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(
        help_text="round_paired, result_to_confirm, result_disputed, penalty, announcement, "
        "draft_started, place, time_nearly_up, day2_cut, phase_started, "
        "paper_draft."
    )
    event = serializers.IntegerField(help_text="The event's id.")
    title = serializers.CharField(help_text="The event's name.")
    body = serializers.CharField(help_text="What happened, in the caller's language.")
    link = serializers.CharField(help_text="The page that acts on it (a path of this site).")
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NotificationReadInputSerializer(StrictInputSerializer):
    """Which notifications to mark read: `ids`, or all of the caller's when `ids` is left out."""

    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10**18), required=False, max_length=1000
    )


class NotificationReadOutputSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are read now.")
