"""Events: the list, one event, and the organizer's writes (create, edit, close, run again)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent_write
from api.permissions import (
    IsTokenOrSessionUser,
    caller_may_create_events,
    events_visible,
)
from api.selectors import event_get_to_run
from api.serializers.events import (
    EventCopyInputSerializer,
    EventCreateInputSerializer,
    EventInputSerializer,
    EventOutputSerializer,
    PresetOutputSerializer,
)
from api.views.base import EventScopedMixin
from tournaments.models import Event
from tournaments.presets import DEFAULT_EXPECTED, PRESETS, PRESETS_BY_KEY, preset_event_fields
from tournaments.services.events import event_copy, event_create, event_update
from tournaments.services.rounds import event_close
from multiplayer.services import tables_event_close


class EventListView(generics.ListCreateAPIView):
    """Public events, newest first; organizers also see their own non-public events.

    POST creates an event (an organizer token, or an organizer's session): answers 201 with the event and its `id`.
    With `preset` (GET /api/v1/presets/) the event starts from that format's settings for `expected` entrants.
    """

    schema_tag = "events"
    serializer_class = EventOutputSerializer
    queryset = Event.objects.none()
    filter_backends: list = []

    def get_queryset(self):
        return events_visible(request=self.request).order_by("-date", "name", "pk")

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(request=EventCreateInputSerializer, responses={201: EventOutputSerializer})
    @idempotent_write
    def post(self, request):
        if not caller_may_create_events(request=request):
            raise exceptions.PermissionDenied(
                _(
                    "Creating events needs an organizer token (python manage.py create_api_token --user NAME "
                    "--organizer) or an organizer's account."
                )
            )
        data = EventCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        preset, expected = fields.pop("preset", None), fields.pop("expected", DEFAULT_EXPECTED)
        if preset is not None:
            fields = {
                **preset_event_fields(
                    preset=PRESETS_BY_KEY[preset], expected=expected, team_size=fields.get("team_size")
                ),
                **fields,
            }

        def work():
            event = event_create(organizer=request.user, by=request.user, **fields)
            return Response(EventOutputSerializer(event).data, status=status.HTTP_201_CREATED)

        return work()


class EventDetailView(EventScopedMixin, generics.GenericAPIView):
    """One event and its settings. PATCH changes what may still change (the event's organizer)."""

    schema_tag = "events"
    serializer_class = EventOutputSerializer

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "PATCH" else super().get_permissions()

    def get(self, request, event_id: int):
        return Response(EventOutputSerializer(self.load_event()).data)

    @extend_schema(request=EventInputSerializer, responses={200: EventOutputSerializer})
    @idempotent_write
    def patch(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = EventInputSerializer(instance=event, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(EventOutputSerializer(event_update(event=event, user=request.user, **data.validated_data)).data)


class EventCloseView(generics.GenericAPIView):
    """Close the event once its Swiss rounds are played and its top cut's final is decided: players can no longer
    report results and the placings are final. 409 with the reason while something is still open."""

    schema_tag = "events"
    serializer_class = EventOutputSerializer
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=None, responses={200: EventOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        if event.is_multiplayer:  # a Commander night closes on its pods' results (issue 56)
            return Response(EventOutputSerializer(tables_event_close(event=event, by=request.user)).data)
        return Response(EventOutputSerializer(event_close(event=event, user=request.user)).data)


class EventCopyView(generics.GenericAPIView):
    """ "Run again": a new event with this event's settings, not its teams or players, on `date` (a week later
    unless given). Answers 201 with the new event. For whoever runs the event and may create events (an organizer
    token of its owner or a co-organizer, or their session); 404 for an event the caller doesn't run."""

    schema_tag = "events"
    serializer_class = EventOutputSerializer
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=EventCopyInputSerializer, responses={201: EventOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = EventCopyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def work():
            copy = event_copy(event=event, by=request.user, date=data.validated_data.get("date"))
            return Response(EventOutputSerializer(copy).data, status=status.HTTP_201_CREATED)

        return work()


class PresetListView(APIView):
    """The formats a new event may start from (`preset` of POST /api/v1/events/): what each sets and fixes."""

    schema_tag = "events"

    @extend_schema(responses={200: PresetOutputSerializer(many=True)})
    def get(self, request):
        return Response(
            PresetOutputSerializer(
                [
                    {
                        "key": p.key,
                        "label": str(p.label),
                        "explains": str(p.explains),
                        "team_size": p.team_size,
                        "team_sizes": sorted({p.team_size, *p.team_sizes}),
                        "structure": p.structure,
                        "format_kind": p.format_kind,
                        "settings": {
                            name: str(value) if isinstance(value, str) else value for name, value in p.settings.items()
                        },
                    }
                    for p in PRESETS
                ],
                many=True,
            ).data
        )
