"""Multiplayer pod events (issue 43, docs/pods.md): rounds of pods, a pod's result and its confirmation, and the
standings. The services decide who may do what (tournaments.rights); these views read the request and answer."""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent_write
from api.permissions import IsSessionUser, IsTokenOrSessionUser, caller
from api.selectors import event_get_to_run, event_get_visible
from api.serializers.multiplayer import (
    PodOutputSerializer,
    PodPairInputSerializer,
    PodResultInputSerializer,
    PodRoundListOutputSerializer,
    PodRoundOutputSerializer,
    PodStandingListOutputSerializer,
)
from api.views.base import EventScopedMixin
from pods.selectors import pod_data, pod_final_places, pod_get, pod_rounds_data, pod_standings_data
from pods.services import pod_result_confirm, pod_result_report, pods_pair_next
from tournaments.models import Event
from tournaments.rights import may_report_for_pod, may_score_event


def _pod_event(event: Event) -> Event:
    if not event.is_pods:
        raise exceptions.NotFound(_("Event %(event)s isn't played in multiplayer pods.") % {"event": event.pk})
    return event


class PodRoundListView(EventScopedMixin, generics.GenericAPIView):
    """The event's rounds of pods, each pod with its seats (1 plays first) and final outcomes, and the byes.

    POST seats the next round (the desk's work): a Swiss round in pods by points with as few repeat opponents as
    possible, or after the last Swiss round the top pod of the first four. 201 with the round; 409 while a pod
    waits for its result or when nothing is left to seat.
    """

    schema_tag = "pairings"
    serializer_class = PodRoundListOutputSerializer
    pagination_class = None

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    def get(self, request, event_id: int):
        event = _pod_event(self.load_event())
        return self.conditional(lambda: Response(PodRoundListOutputSerializer(
            {"count": event.rounds.count(), "results": pod_rounds_data(event=event)}).data))

    @extend_schema(request=PodPairInputSerializer, responses={201: PodRoundOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = _pod_event(event_get_to_run(request=request, event_id=event_id, rule=may_score_event))
        data = PodPairInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            round_ = pods_pair_next(event=event, by=request.user, seed=data.validated_data.get("seed"))
            shown = next(r for r in pod_rounds_data(event=event) if r["number"] == round_.number)
            return Response(PodRoundOutputSerializer(shown).data, status=status.HTTP_201_CREATED)

        return work()


def _pod_response(pod) -> Response:
    """The pod as written, read again with its seats."""
    return Response(PodOutputSerializer(pod_data(pod=pod_get(event=pod.round.event, pod_id=pod.pk))).data)


class _PodWriteView(APIView):
    """Finds the pod a write is about, for a caller who may write it (`desk_may`: the desk too), without saying
    whether a pod the caller may not touch exists."""

    schema_tag = "results"
    desk_may = True

    def target(self, *, event_id: int, pod_id: int):
        event = event_get_visible(request=self.request, event_id=event_id)
        pod = pod_get(event=_pod_event(event), pod_id=pod_id)
        who = caller(self.request)
        if pod is None or not ((self.desk_may and may_score_event(who, event)) or may_report_for_pod(who, pod)):
            raise exceptions.NotFound(_("There is no pod %(pod)s in event %(event)s.") % {"pod": pod_id, "event": event_id})
        return pod


class PodResultView(_PodWriteView):
    """A pod's result: the winner, a draw among named players, or time (a draw for those still in).

    A player seated at the pod (portal session) reports it for another player of the pod to confirm; a scorekeeper
    or organizer token enters it final (and corrects a final one).
    """

    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=PodResultInputSerializer, responses={200: PodOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, pod_id: int):
        pod = self.target(event_id=event_id, pod_id=pod_id)
        data = PodResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def work():
            written = pod_result_report(pod=pod, by=request.user, kind=data.validated_data["result"],
                                        players=data.validated_data["players"])
            return _pod_response(written)

        return work()


class PodConfirmView(_PodWriteView):
    """Another player of the pod confirms the reported result; it then counts in the standings."""

    permission_classes = [IsSessionUser]
    desk_may = False

    @extend_schema(request=None, responses={200: PodOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, pod_id: int):
        pod = self.target(event_id=event_id, pod_id=pod_id)

        def work():
            written = pod_result_confirm(pod=pod, by=request.user)
            return _pod_response(written)

        return work()


class PodStandingsView(EventScopedMixin, generics.GenericAPIView):
    """The Swiss standings of a pod event: points, then the event's opponents' tiebreaker (with its parts), games
    won, and the average seat (later seats rank higher)."""

    schema_tag = "standings"
    serializer_class = PodStandingListOutputSerializer
    pagination_class = None

    def get(self, request, event_id: int):
        event = _pod_event(self.load_event())
        return self.conditional(lambda: Response(PodStandingListOutputSerializer(
            {"tiebreak": event.pod_tiebreak, "results": pod_standings_data(event=event),
             "places": [r.pk for r in pod_final_places(event=event)]}).data))
