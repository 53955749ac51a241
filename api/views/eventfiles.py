"""Whole events as files: export one as a JSON document, import one under the caller (docs/event-format.md)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.response import Response

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser, caller_may_create_events
from api.selectors import event_get_to_run
from api.serializers.events import EventImportOutputSerializer, EventOutputSerializer
from eventfile.export import event_export
from eventfile.importer import event_import, event_replace


class EventExportView(generics.GenericAPIView):
    """The whole event as one JSON document (docs/event-format.md): settings, teams and seats, rounds, matches with
    seat results, drops, decklists, drafts, pods, pools, penalties, clocks, sign-ups, shared games and the log. The
    event's organizer only (it holds decklists and unconfirmed reports)."""

    schema_tag = "event files"
    permission_classes = [IsTokenOrSessionUser]
    extra_error_codes = (401, 403)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        response = Response(event_export(event=event))
        response["Content-Disposition"] = f'attachment; filename="hydra-event-{event.pk}.json"'
        response["Cache-Control"] = "private, no-store"
        return response


class EventImportView(generics.GenericAPIView):
    """Recreate an event from its exported document, with the caller as its organizer: 201 with the new event and
    its `warnings`. An MTGODecklistCache file is an individual event, or with "team_size" a team event; several
    seat files of one team event are sent as {"team_size": 3, "files": [seat A's, seat B's, seat C's]}.
    All or nothing: a document with problems writes nothing and names each problem by its place."""

    schema_tag = "event files"
    permission_classes = [IsTokenOrSessionUser]
    serializer_class = EventImportOutputSerializer

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: EventImportOutputSerializer})
    @idempotent_write
    def post(self, request):
        if not caller_may_create_events(request=request):
            raise exceptions.PermissionDenied(
                _("Importing an event creates one: it needs an organizer token or an organizer's account.")
            )
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError({"request": [_("Send the event file's JSON object as the body.")]})

        def work():
            event = event_import(document=request.data, user=request.user)
            return Response(EventImportOutputSerializer(event).data, status=status.HTTP_201_CREATED)

        return work()


class EventReplaceView(generics.GenericAPIView):
    """Make an existing event what an event file describes, keeping its id: its settings and everything of it the
    file carries (what `push_event` sends to a hosted Hydra, docs/venue.md); its staff stay. Whoever runs the event.
    All or nothing, checked as an import: a malformed file is a 400 naming the field."""

    schema_tag = "event files"
    permission_classes = [IsTokenOrSessionUser]
    serializer_class = EventOutputSerializer
    extra_error_codes = (401, 403)

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: EventOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError({"request": [_("Send the event file's JSON object as the body.")]})

        def work():
            replaced = event_replace(event=event, document=request.data, user=request.user)
            return Response(EventOutputSerializer(replaced).data, status=status.HTTP_200_OK)

        return work()
