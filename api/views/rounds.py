"""Rounds: the list, one round with its matches, and the organizer's writes (pair the next round, take one back)."""

from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent_write
from api.permissions import IsTokenOrSessionUser, event_runs
from api.selectors import event_get_to_run, round_get, rounds_for_event, sees_drafts
from api.serializers.matches import round_matches_data
from api.serializers.rounds import (
    PairInputSerializer,
    PublishInputSerializer,
    RoundDetailSerializer,
    RoundListOutputSerializer,
)
from api.views.base import EventScopedMixin, ScoreboardListView
from tournaments.models import Event, Round
from tournaments.rights import may_publish_pairings, may_score_event
from tournaments.selectors.clock import round_clock_state
from tournaments.selectors.phases import event_phase_spans, round_phase_number
from tournaments.services.publishing import round_publish
from tournaments.services.rounds import event_pair_next, round_take_back


def round_detail_data(*, request, event: Event, round_: Round) -> dict:
    """A round with its matches as the API shows it to this caller (unconfirmed results only to who runs it).
    A fixed number of queries whatever the round's size."""
    round_.event = event
    matches = round_matches_data(
        round_=round_, full=event_runs(request=request, event=event), shared=event.is_shared_game
    )
    return {
        "number": round_.number,
        "kind": round_.kind,
        "name": round_.name,
        "is_finished": round_.is_finished,
        "published": round_.is_published,
        "match_count": len(matches),
        "phase": round_phase_number(spans=event_phase_spans(event=event), number=round_.number, kind=round_.kind),
        "matches": matches,
        "clock": round_clock_state(round_=round_),
    }


class RoundListView(ScoreboardListView):
    """The event's rounds, Swiss and playoff, with how many matches each has.

    POST pairs the next round (the event's organizer): the next Swiss round, or once the Swiss rounds are done and
    the event has a top cut, the next playoff round. 201 with the round and its matches; 409 with `tables` while
    the latest round still waits for results, or when nothing is left to pair.
    """

    schema_tag = "pairings"
    conditional_get = True
    serializer_class = RoundListOutputSerializer
    queryset = Round.objects.none()
    filter_backends: list = []

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "POST" else super().get_permissions()

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        return rounds_for_event(event=self.event)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False) and self.request.method == "GET":
            context["phase_spans"] = event_phase_spans(event=self.event)  # one query for the page, not one a round
        return context

    @extend_schema(request=PairInputSerializer, responses={201: RoundDetailSerializer})
    @idempotent_write
    def post(self, request, event_id: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_score_event)  # the desk's work
        data = PairInputSerializer(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)

        def work():
            round_ = event_pair_next(
                event=event,
                seed=data.validated_data.get("seed"),
                user=request.user,
                order=data.validated_data.get("order"),
            )
            return Response(
                round_detail_data(request=request, event=event, round_=round_), status=status.HTTP_201_CREATED
            )

        return work()


class RoundDetailView(EventScopedMixin, generics.GenericAPIView):
    """One round with its matches. DELETE takes back the latest round while it has no results (to pair it again,
    e.g. after a late drop): 204."""

    schema_tag = "pairings"
    serializer_class = RoundDetailSerializer

    def get_permissions(self):
        return [IsTokenOrSessionUser()] if self.request.method == "DELETE" else super().get_permissions()

    def get(self, request, event_id: int, number: int):
        event = self.load_event()
        round_ = round_get(event=event, number=number, drafts=sees_drafts(request=request, event=event))
        response = Response(round_detail_data(request=request, event=event, round_=round_))
        response["Cache-Control"] = "private, no-cache"
        return response

    @extend_schema(request=None, responses={204: None})
    @idempotent_write
    def delete(self, request, event_id: int, number: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_score_event)
        round_ = round_get(event=event, number=number, drafts=True)

        def work():
            round_take_back(round_=round_, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)

        return work()


class RoundPublishView(APIView):
    """Publish a round whose pairings the organizer reviewed (the event's review_pairings, issue 53): from now on
    the players' pages, the screen, the public reads of the API and the live pages show it, and its players are
    told where they sit (notifications, webhooks). The event's organizers and scorekeepers (and its tokens).
    200 with the round; 409 when it is published already or the event is closed; 404 for a round that isn't there.
    """

    schema_tag = "pairings"
    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=PublishInputSerializer, responses={200: RoundDetailSerializer})
    @idempotent_write
    def post(self, request, event_id: int, number: int):
        event = event_get_to_run(request=request, event_id=event_id, rule=may_publish_pairings)
        PublishInputSerializer(data=request.data if request.data else {}).is_valid(raise_exception=True)
        round_ = round_get(event=event, number=number, drafts=True)

        def work():
            published = round_publish(round_=round_, user=request.user)
            return Response(round_detail_data(request=request, event=event, round_=published))

        return work()
