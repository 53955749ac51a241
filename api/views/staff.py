"""The event's staff through the API (issue 25): co-organizers, scorekeepers and judges, managed by whoever runs
the event (its owner's or a co-organizer's session or organizer token); every change in the event's log."""

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run
from api.serializers.staff import StaffInputSerializer, StaffOutputSerializer
from tournaments.models import EventStaff
from tournaments.services.staff import (
    event_staff_remove,
    event_staff_set,
    staff_user_by_name,
)


def _staff_of(event):
    return EventStaff.objects.filter(event=event).select_related("user").order_by("role", "user__username")


class StaffListView(APIView):
    """The event's staff. POST gives an account a role (or changes it): co_organizer runs everything,
    scorekeeper checks in, pairs, runs the clock and enters results, judge keeps deck checks and penalties."""

    schema_tag = "events"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)  # the list is for who runs the event: reading it needs credentials too

    @extend_schema(responses={200: StaffOutputSerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        return Response(StaffOutputSerializer(_staff_of(event), many=True).data)

    @extend_schema(request=StaffInputSerializer, responses={201: StaffOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = StaffInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = staff_user_by_name(username=data.validated_data["username"])

        def work():
            staff = event_staff_set(event=event, user=user, role=data.validated_data["role"], by=request.user)
            return Response(StaffOutputSerializer(staff).data, status=status.HTTP_201_CREATED)

        return work()


class StaffDetailView(APIView):
    """One staff member: DELETE takes their role away."""

    schema_tag = "events"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, event_id: int, user_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        user = get_user_model().objects.filter(pk=user_id, event_roles__event=event).first()
        if user is None:
            raise NotFound("This person has no role at this event.")
        event_staff_remove(event=event, user=user, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
