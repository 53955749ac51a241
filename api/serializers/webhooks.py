"""An event's webhooks and their deliveries (api.views.webhooks)."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.signals import DomainEvent


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    topics = serializers.ListField(child=serializers.CharField())
    all_events = serializers.SerializerMethodField()
    secret = serializers.CharField()
    is_active = serializers.BooleanField()

    def get_all_events(self, hook) -> bool:
        return hook.event_id is None


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    webhook = serializers.IntegerField(source="webhook_id")
    topic = serializers.CharField()
    status = serializers.CharField()
    attempts = serializers.IntegerField()
    response_code = serializers.IntegerField(allow_null=True)
    response_excerpt = serializers.CharField()
    error = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_attempt_at = serializers.DateTimeField(allow_null=True)
    resend_of = serializers.IntegerField(source="resend_of_id", allow_null=True)


class WebhookListInputSerializer(StrictInputSerializer):
    url = serializers.CharField(max_length=500)
    topics = serializers.ListField(child=serializers.ChoiceField(choices=DomainEvent.values), allow_empty=False)
    all_events = serializers.BooleanField(default=False)
