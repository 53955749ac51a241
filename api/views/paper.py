"""A paper draft through the API (issue 40; docs/drafting.md "Paper draft", docs/rochester.md and docs/2hg-draft.md
"with real packs"): the pods' seats, and the calls every page computes by itself.

GET  /api/v1/events/{id}/paper-pods/          the paper pods and their seats (whoever may see the event)
POST /api/v1/events/{id}/paper-pods/          seat them: {"pods_every_round", "confirm_five"} (whoever runs it)
GET  /api/v1/events/{id}/calls/               the event's timers: event-wide draft and build, and every pod's and
                                              table's call (`?table=<id>`: that table's only)
POST /api/v1/events/{id}/calls/               start one: {"kind": "draft", "pack_size", "packs"?, "pod"?} for the
                                              pods, {"kind": "draft", "table", "pack_size", "first_team"?, "minutes"?}
                                              for a Rochester table, {"kind": "build", "minutes"}; 201
POST /api/v1/events/{id}/calls/{call}/        {"action": "pause" | "resume" | "end"} (end: the deck building
                                              timer ends now, every deck in; a paper pod draft's
                                              call ends now, every pod drafted)
DELETE /api/v1/events/{id}/calls/{call}/      stop it (to start again); 204
Every write asks tournaments.rights: seating may_run_event, the timers may_run_timers (the organizers and the
scorekeepers, an event token included); each goes to the event's log with who did it; a refusal is a 409 with
the reason.
"""

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import IsTokenOrSessionUser
from api.selectors import event_get_to_run, event_get_visible
from api.serializers.paper import (
    CallActionInputSerializer,
    CallSerializer,
    CallsSerializer,
    CallStartInputSerializer,
    PaperPodSerializer,
    PaperPodsInputSerializer,
)
from common.params import plain_int
from drafting.models import TimerKind
from drafting.selectors.paper import event_timers_state, paper_pod_call_exists, paper_pods_for_event
from drafting.services.paper import (
    called_draft_start,
    called_draft_end,
    deck_building_end,
    deck_building_start,
    event_timer_pause,
    event_timer_resume,
    event_timer_stop,
    paper_pods_seat,
    rochester_call_start,
)
from tournaments.rights import may_run_timers


class _ReadOpenWriteSigned(APIView):
    """Reads for whoever may see the event; writes need a caller (a token or a session), then the rights. A read
    sent with a token that isn't one is answered 401 before anything else (the schema says so)."""

    extra_error_codes = (401, 403)

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method not in ("GET", "HEAD", "OPTIONS") else []


def _pods(event) -> list[dict]:
    return [
        {"id": pod.pk, "number": pod.number, "seats": [{"seat": n, "name": name} for n, name in seats]}
        for pod, seats in paper_pods_for_event(event=event)
    ]


class PaperPodsView(_ReadOpenWriteSigned):
    """The paper draft's pods with their seats ("Pod 2, seat 5"); POST seats them (a booster draft's players, or a
    Two-Headed Giant draft's teams)."""

    schema_tag = "drafting"

    @extend_schema(responses={200: PaperPodSerializer(many=True)})
    def get(self, request, event_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        return Response(PaperPodSerializer(_pods(event), many=True).data)

    @extend_schema(request=PaperPodsInputSerializer, responses={201: PaperPodSerializer(many=True)})
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id)
        data = PaperPodsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        paper_pods_seat(event=event, by=request.user, **data.validated_data)
        return Response(PaperPodSerializer(_pods(event), many=True).data, status=status.HTTP_201_CREATED)


def _state(event, table_ids=None) -> dict:
    return event_timers_state(event=event, now=timezone.now(), table_ids=table_ids)


def _one(event, timer_id: int) -> dict:
    state = _state(event)
    timers = [state["draft"], state["build"], *state["calls"]]
    return next(t for t in timers if t and t["id"] == timer_id)


class CallListView(_ReadOpenWriteSigned):
    """The event's calls: the event-wide called draft and deck building, and every pod's and every round's table's
    own call. POST starts one."""

    schema_tag = "drafting"

    @extend_schema(
        parameters=[OpenApiParameter("table", int, description="A draft table's id: only its calls.")],
        responses={200: CallsSerializer},
    )
    def get(self, request, event_id: int):
        event = event_get_visible(request=request, event_id=event_id)
        raw = request.query_params.get("table")
        table = plain_int(raw, max_digits=12)
        if raw is not None and table is None:
            raise ValidationError({"table": ["A draft table's id, a whole number."]})
        response = Response(CallsSerializer(_state(event, [table] if table is not None else None)).data)
        response["Cache-Control"] = "no-store"
        return response

    @extend_schema(request=CallStartInputSerializer, responses={201: CallSerializer})
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_run_timers)
        data = CallStartInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if values["kind"] == TimerKind.DECK_BUILDING:
            timer = deck_building_start(event=event, by=request.user, minutes=values["minutes"])
        elif "table" in values:
            timer = rochester_call_start(
                event=event,
                by=request.user,
                table_id=values["table"],
                pack_size=values["pack_size"],
                first_team=values.get("first_team"),
                build_minutes=values.get("minutes"),
            )
        else:
            timer = called_draft_start(
                event=event,
                by=request.user,
                pack_size=values["pack_size"],
                packs=values.get("packs"),
                pod_id=values.get("pod"),
            )
        return Response(CallSerializer(_one(event, timer.pk)).data, status=status.HTTP_201_CREATED)


class CallDetailView(APIView):
    """One call: POST pauses or resumes it, DELETE stops it (so it can start again)."""

    schema_tag = "drafting"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=CallActionInputSerializer, responses={200: CallSerializer}, operation_id="events_call_act")
    def post(self, request, event_id: int, call_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_run_timers)
        data = CallActionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        action = data.validated_data["action"]
        if action == "end" and paper_pod_call_exists(event=event, timer_id=call_id):  # every pod drafted (issue 56)
            called_draft_end(event=event, timer_id=call_id, by=request.user)
        elif action == "end":
            deck_building_end(event=event, timer_id=call_id, by=request.user)
        else:
            act = event_timer_pause if action == "pause" else event_timer_resume
            act(event=event, timer_id=call_id, by=request.user)
        return Response(CallSerializer(_one(event, call_id)).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, event_id: int, call_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_run_timers)
        event_timer_stop(event=event, timer_id=call_id, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
