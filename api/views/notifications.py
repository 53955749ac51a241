"""GET /api/v1/notifications/ (the caller's own, newest first; `?unread=true` only the unread) and POST
/api/v1/notifications/read/ (mark read): a person's session or their token, never anyone else's notifications. An
event token (a scorekeeper's) reads and marks only its event's (tournaments.rights.notifications_event_scope)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics
from rest_framework.response import Response

from api.permissions import IsTokenOrSessionUser, caller
from api.serializers.notifications import (
    NotificationOutputSerializer,
    NotificationReadInputSerializer,
    NotificationReadOutputSerializer,
)
from notifications.selectors import notification_view, notifications_of
from notifications.services import notifications_mark_read
from tournaments.rights import may_read_notifications, notifications_event_scope, person_of


def _reader(request) -> tuple:
    """(the person whose inbox the caller reads, the one event it is limited to or None)."""
    if not may_read_notifications(caller(request)):
        raise exceptions.PermissionDenied()
    return person_of(caller(request)), notifications_event_scope(caller(request))


class NotificationListView(generics.GenericAPIView):
    schema_tag = "notifications"
    serializer_class = NotificationOutputSerializer
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(parameters=[OpenApiParameter("unread", bool, description="true: only the unread")])
    def get(self, request):
        person, event_id = _reader(request)
        unread = {"true": True, "1": True, "false": False, "0": False}.get(request.query_params.get("unread", ""))
        page = self.paginate_queryset(notifications_of(person=person, unread=unread, event_id=event_id))
        return self.get_paginated_response(
            NotificationOutputSerializer([notification_view(n) for n in page], many=True).data
        )


class NotificationReadView(generics.GenericAPIView):
    schema_tag = "notifications"
    serializer_class = NotificationReadOutputSerializer
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=NotificationReadInputSerializer, responses={200: NotificationReadOutputSerializer})
    def post(self, request):
        person, event_id = _reader(request)
        data = NotificationReadInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        marked = notifications_mark_read(person=person, ids=data.validated_data.get("ids"), event_id=event_id)
        return Response(NotificationReadOutputSerializer({"marked": marked}).data)
