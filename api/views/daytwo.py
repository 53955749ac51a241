"""The Day 2 cut (issue 42): see it, make it, undo it (docs/api.md)."""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.response import Response

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run
from api.serializers.daytwo import CutInputSerializer, CutOutputSerializer
from tournaments.models import Event
from tournaments.selectors.daytwo import day2_cut_state
from tournaments.services.daytwo import event_day2_cut_make, event_day2_cut_undo

_FIELDS = {"round": "round_number", "kind": "kind", "threshold": "threshold"}


def _state(event_id: int) -> dict:
    return asdict(day2_cut_state(event=Event.objects.get(pk=event_id)))


class CutView(generics.GenericAPIView):
    """The event's Day 2 cut, for whoever runs the event. GET: its settings, whether it is made and who advances
    (before it is made, a preview, with `problem` saying why it can't be made yet). POST makes it after its round
    (every result in): those below the threshold are marked "did not advance", keep their standings and placings,
    and are no longer paired; the body may set the round, kind and threshold at once. DELETE undoes it while the
    next round is not paired. 400 for a cut that lets nobody through or bad settings (a single-elimination event,
    the last round); 409 while the round waits for results (with its `tables`), when it is made already or a later
    round is paired."""

    schema_tag = "events"
    serializer_class = CutOutputSerializer
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(responses={200: CutOutputSerializer})
    def get(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        return Response(CutOutputSerializer(_state(event.pk)).data)

    @extend_schema(request=CutInputSerializer, responses={200: CutOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = CutInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        given = {_FIELDS[name]: value for name, value in data.validated_data.items()}

        def work():
            event_day2_cut_make(event=event, user=request.user, **given)
            return Response(CutOutputSerializer(_state(event.pk)).data)

        return work()

    @extend_schema(request=None, responses={200: CutOutputSerializer})
    @idempotent_write
    def delete(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        event_day2_cut_undo(event=event, user=request.user)
        return Response(CutOutputSerializer(_state(event.pk)).data)
