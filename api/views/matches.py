"""Pairings and results: the list a scoreboard polls, one match, and result entry."""

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics
from rest_framework.response import Response
from rest_framework.views import APIView

from api.authentication import token_of
from api.filters import TeamMatchFilter
from api.idempotency import idempotent_write
from api.permissions import (
    IsSessionUser,
    IsTokenOrSessionUser,
    caller,
    event_organizes,
    event_visible,
)
from api.selectors import match_get, matches_for_event, sees_drafts
from api.serializers.matches import (
    MatchDisputeInputSerializer,
    MatchResultInputSerializer,
    TeamMatchSerializer,
)
from api.views.base import EventScopedMixin, ScoreboardListView
from tournaments.models import Event, TeamMatch
from tournaments.rights import may_report_for_match, may_score_event
from tournaments.services.results import (
    SeatGames,
    SharedGames,
    team_match_confirm,
    team_match_dispute,
    team_match_record_final,
    team_match_report,
    typed_result_read,
)


class MatchListView(ScoreboardListView):
    """The pairings of the event with their public results; filter by round, team or table."""

    schema_tag = "pairings"
    conditional_get = True
    serializer_class = TeamMatchSerializer
    queryset = TeamMatch.objects.none()
    filter_backends = [DjangoFilterBackend]
    filterset_class = TeamMatchFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return TeamMatch.objects.none()
        return matches_for_event(event=self.event)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["shared_game"] = getattr(self, "event", None) is not None and self.event.is_shared_game
        return context


def _may_see_unconfirmed(*, request, event: Event, match: TeamMatch) -> bool:
    who = caller(request)
    return may_score_event(who, event) or may_report_for_match(who, match)


def _match_response(*, event: Event, match: TeamMatch, full: bool) -> Response:
    return Response(TeamMatchSerializer(match, context={"full": full, "shared_game": event.is_shared_game}).data)


class MatchDetailView(EventScopedMixin, generics.GenericAPIView):
    """One match. Its two teams and the event's scorekeepers also see a reported, unconfirmed result."""

    schema_tag = "pairings"
    serializer_class = TeamMatchSerializer

    def get(self, request, event_id: int, match_id: int):
        event = self.load_event()
        match = match_get(event=event, match_id=match_id, drafts=sees_drafts(request=request, event=event))
        full = _may_see_unconfirmed(request=request, event=event, match=match)
        response = _match_response(event=event, match=match, full=full)
        response["Cache-Control"] = "private, no-cache"
        return response


def _no_such_match(*, event_id: int, match_id: int) -> exceptions.NotFound:
    return exceptions.NotFound(
        _("There is no match %(match)s in event %(event)s.") % {"match": match_id, "event": event_id}
    )


class _MatchWriteView(APIView):
    """Finds the match a write is about without saying whether a hidden one exists."""

    schema_tag = "results"

    def write_target(self, *, event_id: int, match_id: int) -> tuple[Event, TeamMatch]:
        event = Event.objects.filter(pk=event_id).first()
        match = None if event is None else TeamMatch.objects.filter(pk=match_id, round__event=event).first()
        if match is None:
            raise _no_such_match(event_id=event_id, match_id=match_id)
        who = caller(self.request)
        token = token_of(self.request)
        if token is not None:
            if may_score_event(who, event):
                return event, match
            if not token.is_organizer and event_visible(request=self.request, event=event):
                raise exceptions.PermissionDenied(
                    _("This API token is for event %(token_event)s; it can't enter results for event %(event)s.")
                    % {"token_event": token.event_id, "event": event.pk}
                )
            raise _no_such_match(event_id=event_id, match_id=match_id)
        if not may_report_for_match(who, match):
            if event_organizes(request=self.request, event=event):
                raise exceptions.PermissionDenied(
                    _(
                        "Only the players of this match report it through the portal. Enter final results with a "
                        "scorekeeper API token or in the admin."
                    )
                )
            # Players of other matches learn nothing about this one, not even whether it exists.
            raise _no_such_match(event_id=event_id, match_id=match_id)
        return event, match


class MatchResultView(_MatchWriteView):
    """Enter a match's result.

    With a scorekeeper token of the event, or an organizer token of its organizer, the result is final at once
    (and may correct an earlier one). With a
    player's portal session (and its CSRF token) it is a report, which a player of the other team confirms or
    disputes. Seat-against-seat events send `seats`, one entry per seat; shared-game events send `games`.
    """

    permission_classes = [IsTokenOrSessionUser]

    @extend_schema(request=MatchResultInputSerializer, responses={200: TeamMatchSerializer})
    @idempotent_write
    def post(self, request, event_id: int, match_id: int):
        event, match = self.write_target(event_id=event_id, match_id=match_id)
        data = MatchResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seats = [SeatGames(**seat) for seat in data.validated_data.get("seats", [])]
        games = SharedGames(**data.validated_data["games"]) if "games" in data.validated_data else None
        if "result" in data.validated_data:
            try:
                seats, games = typed_result_read(event=event, text=data.validated_data["result"])
            except DjangoValidationError as exc:
                raise exceptions.ValidationError({"result": exc.messages}) from exc

        def work():
            if token_of(request) is not None:
                written = team_match_record_final(match=match, user=request.user, seats=seats, games=games)
            else:
                written = team_match_report(match=match, user=request.user, seats=seats, games=games)
            return _match_response(event=event, match=written, full=True)

        return work()


class MatchConfirmView(_MatchWriteView):
    """A player of the other team confirms the reported result; it then counts in the standings."""

    permission_classes = [IsSessionUser]

    @extend_schema(request=None, responses={200: TeamMatchSerializer})
    @idempotent_write
    def post(self, request, event_id: int, match_id: int):
        event, match = self.write_target(event_id=event_id, match_id=match_id)
        return _match_response(event=event, match=team_match_confirm(match=match, user=request.user), full=True)


class MatchDisputeView(_MatchWriteView):
    """A player of the other team disputes the reported result; the organizer settles it."""

    permission_classes = [IsSessionUser]

    @extend_schema(request=MatchDisputeInputSerializer, responses={200: TeamMatchSerializer})
    @idempotent_write
    def post(self, request, event_id: int, match_id: int):
        event, match = self.write_target(event_id=event_id, match_id=match_id)
        data = MatchDisputeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note = data.validated_data.get("note", "")
        return _match_response(
            event=event, match=team_match_dispute(match=match, user=request.user, note=note), full=True
        )
