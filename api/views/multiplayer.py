"""Multiplayer pod events (issue 43, docs/multiplayer.md): rounds of pods, a pod's result and its confirmation, and the
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
    MultiplayerTableOutputSerializer,
    TablePairInputSerializer,
    TableResultInputSerializer,
    TableRoundListOutputSerializer,
    TableRoundOutputSerializer,
    MultiplayerStandingListOutputSerializer,
)
from api.views.base import EventScopedMixin
from multiplayer.selectors import (
    multiplayer_final_places,
    multiplayer_standings_data,
    table_data,
    table_get,
    table_rounds_data,
)
from multiplayer.services import table_result_confirm, table_result_report, tables_pair_next
from tournaments.models import Event
from tournaments.rights import may_report_for_table, may_score_event


def _multiplayer_event(event: Event) -> Event:
    if not event.is_multiplayer:
        raise exceptions.NotFound(_("Event %(event)s isn't played in multiplayer pods.") % {"event": event.pk})
    return event


class TableRoundListView(EventScopedMixin, generics.GenericAPIView):
    """The event's rounds of pods, each pod with its seats (1 plays first) and final outcomes, and the byes.

    POST seats the next round (the desk's work): a Swiss round in pods by points with as few repeat opponents as
    possible, or after the last Swiss round the top pod of the first four. 201 with the round; 409 while a pod
    waits for its result or when nothing is left to seat.
    """

    schema_tag = "pairings"
    serializer_class = TableRoundListOutputSerializer
    pagination_class = None

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    def get(self, request, event_id: int):
        event = _multiplayer_event(self.load_event())
        return self.conditional(
            lambda: Response(
                TableRoundListOutputSerializer(
                    {"count": len(rounds := table_rounds_data(event=event)), "results": rounds}
                ).data
            )
        )

    @extend_schema(request=TablePairInputSerializer, responses={201: TableRoundOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = _multiplayer_event(event_get_to_run(request=request, event_id=event_id, rule=may_score_event))
        data = TablePairInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            round_ = tables_pair_next(event=event, by=request.user, seed=data.validated_data.get("seed"))
            shown = next(r for r in table_rounds_data(event=event, drafts=True) if r["number"] == round_.number)
            return Response(TableRoundOutputSerializer(shown).data, status=status.HTTP_201_CREATED)

        return work()


def _table_response(table) -> Response:
    """The pod as written, read again with its seats."""
    shown = table_get(event=table.round.event, table_id=table.pk, drafts=True)
    return Response(MultiplayerTableOutputSerializer(table_data(table=shown)).data)


class _TableWriteView(APIView):
    """Finds the pod a write is about, for a caller who may write it (`desk_may`: the desk too), without saying
    whether a pod the caller may not touch exists."""

    schema_tag = "results"
    desk_may = True

    def target(self, *, event_id: int, table_id: int):
        event = event_get_visible(request=self.request, event_id=event_id)
        who = caller(self.request)
        # The desk finds a pod of a draft round too, so the result service says why it waits (issue 53).
        table = table_get(
            event=_multiplayer_event(event), table_id=table_id, drafts=self.desk_may and may_score_event(who, event)
        )
        if table is None or not ((self.desk_may and may_score_event(who, event)) or may_report_for_table(who, table)):
            raise exceptions.NotFound(
                _("There is no pod %(pod)s in event %(event)s.") % {"pod": table_id, "event": event_id}
            )
        return table


class TableResultView(_TableWriteView):
    """A pod's result: the winner, a draw among named players, or time (a draw for those still in).

    A player seated at the pod (portal session) reports it for another player of the pod to confirm; a scorekeeper
    or organizer token enters it final (and corrects a final one).
    """

    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=TableResultInputSerializer, responses={200: MultiplayerTableOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, table_id: int):
        table = self.target(event_id=event_id, table_id=table_id)
        data = TableResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def work():
            written = table_result_report(
                table=table, by=request.user, kind=data.validated_data["result"], players=data.validated_data["players"]
            )
            return _table_response(written)

        return work()


class TableConfirmView(_TableWriteView):
    """Another player of the pod confirms the reported result; it then counts in the standings."""

    permission_classes = [IsSessionUser]
    desk_may = False

    @extend_schema(request=None, responses={200: MultiplayerTableOutputSerializer})
    @idempotent_write
    def post(self, request, event_id: int, table_id: int):
        table = self.target(event_id=event_id, table_id=table_id)

        def work():
            written = table_result_confirm(table=table, by=request.user)
            return _table_response(written)

        return work()


class MultiplayerStandingsView(EventScopedMixin, generics.GenericAPIView):
    """The Swiss standings of a pod event: points, then the event's opponents' tiebreaker (with its parts), games
    won, and the average seat (later seats rank higher)."""

    schema_tag = "standings"
    serializer_class = MultiplayerStandingListOutputSerializer
    pagination_class = None

    def get(self, request, event_id: int):
        event = _multiplayer_event(self.load_event())
        return self.conditional(
            lambda: Response(
                MultiplayerStandingListOutputSerializer(
                    {
                        "tiebreak": event.pod_tiebreak,
                        "results": multiplayer_standings_data(event=event),
                        "places": [r.pk for r in multiplayer_final_places(event=event)],
                    }
                ).data
            )
        )
