"""Organizations' shapes (api.views.organizations; docs/organizations.md): an organization, its stores and members,
and an event's store."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from organizations.enums import OrganizationRole
from organizations.forms import TIME_ZONES


class StoreOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    address = serializers.CharField()
    time_zone = serializers.CharField()


class MemberOutputSerializer(serializers.Serializer):
    user = serializers.IntegerField(source="user_id")
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=OrganizationRole.choices)
    added_at = serializers.DateTimeField()


class OrganizationOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    created_at = serializers.DateTimeField()


class OrganizationDetailOutputSerializer(OrganizationOutputSerializer):
    stores = StoreOutputSerializer(many=True, source="locations.all")
    members = MemberOutputSerializer(many=True, source="memberships.all")


class OrganizationInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=200)


class StoreInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=200)
    address = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")
    time_zone = serializers.ChoiceField(choices=TIME_ZONES, help_text="An IANA time zone, as Europe/Berlin.")


class MemberInputSerializer(StrictInputSerializer):
    who = serializers.CharField(max_length=254, help_text="The account's user name or e-mail address.")
    role = serializers.ChoiceField(choices=OrganizationRole.choices)


class EventStoreOutputSerializer(serializers.Serializer):
    store = serializers.IntegerField(allow_null=True, help_text="The store's id; null: the organizer's own event.")
    start_time = serializers.TimeField(
        allow_null=True, required=False, default=None, help_text="Local time at the store; null: a day-long event."
    )


class EventStoreInputSerializer(StrictInputSerializer, EventStoreOutputSerializer):
    pass
