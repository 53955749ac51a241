"""Draft tables of a team Rochester draft: the public state only (RULES.md 6).

What anyone at the table may see: the pack laid out face up, whose turn it is, the deadline, and each player's
most recent pick of the current pack. Never a player's earlier picks while the draft runs; never a pool.
"""
from django.utils import timezone
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response

from api.filters import DraftTableFilter
from api.views.base import EventScopedMixin
from common.http import etag_matches
from drafting.models import DraftStatus, DraftTable
from drafting.selectors.tables import (
    draft_seat_to_pick,
    draft_state_etag,
    draft_table_state,
    draft_tables_progress,
)
from drafting.services.picks import draft_table_refresh, draft_tables_refresh


class DraftTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The team's id in this event.")
    name = serializers.CharField()


class DraftTableListView(EventScopedMixin, generics.ListAPIView):
    """The event's draft tables and where each stands."""

    class OutputSerializer(serializers.Serializer):
        number = serializers.IntegerField(help_text="The table number; the round's match of these teams has the same.")
        round = serializers.IntegerField(allow_null=True, help_text="The round whose match these teams play; null for "
                                         "the one draft of an event that lifts the pod rule.")
        round_name = serializers.CharField(allow_null=True, help_text='"Round 2", "Semifinal" ...')
        team1 = DraftTeamSerializer()
        team2 = DraftTeamSerializer()
        status = serializers.ChoiceField(choices=DraftStatus.choices)
        picks_made = serializers.IntegerField()
        pick_count = serializers.IntegerField()
        seat_to_pick = serializers.CharField(allow_null=True, help_text='The seat whose pick the table waits for, e.g. "1B".')
        deadline = serializers.DateTimeField(allow_null=True)
        deck_building_ends_at = serializers.DateTimeField(
            allow_null=True, help_text="After the draft: when deck building ends (40 minutes by default)."
        )

        def to_representation(self, table: DraftTable) -> dict:
            running = table.status == DraftStatus.RUNNING
            ends = table.deck_building_ends_at
            return {
                "number": table.number,
                "round": table.round.number if table.round_id else None,
                "round_name": table.round.name if table.round_id else None,
                "team1": {"id": table.team1_id, "name": table.team1.team.name},
                "team2": {"id": table.team2_id, "name": table.team2.team.name},
                "status": table.status,
                "picks_made": table.picks_made,
                "pick_count": table.pick_count,
                "seat_to_pick": draft_seat_to_pick(table=table),
                "deadline": serializers.DateTimeField().to_representation(table.deadline) if running and table.deadline else None,
                "deck_building_ends_at": serializers.DateTimeField().to_representation(ends) if ends else None,
            }

    schema_tag = "drafting"
    serializer_class = OutputSerializer
    queryset = DraftTable.objects.none()
    filter_backends = [DjangoFilterBackend]
    filterset_class = DraftTableFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return DraftTable.objects.none()
        event = self.load_event()
        # A deadline that is over never shows as running, even with no worker: apply what is overdue first.
        draft_tables_refresh(event=event)
        return draft_tables_progress(event=event).order_by("round__number", "number")


class DraftCardSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 was laid out first: the card a late player gets.")
    name = serializers.CharField()
    set_code = serializers.CharField()
    rarity = serializers.CharField()
    colors = serializers.CharField()
    types = serializers.CharField()
    mana_value = serializers.FloatField()
    foil = serializers.BooleanField()


class DraftSeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text='"1A" ... "2C", clockwise.')
    player = serializers.CharField()
    latest_pick = serializers.CharField(allow_null=True, help_text="The card this seat most recently took from the current pack.")


class DraftTableDetailView(EventScopedMixin, generics.GenericAPIView):
    """One draft table as everyone at it sees it. Carries an ETag from the table's version."""

    class OutputSerializer(serializers.Serializer):
        number = serializers.IntegerField()
        round = serializers.IntegerField(allow_null=True, help_text="The event's round this table drafts for (null: "
                                         "the one draft of an event that lifts the pod rule).")
        round_name = serializers.CharField(allow_null=True)
        status = serializers.ChoiceField(choices=DraftStatus.choices)
        pack_round = serializers.IntegerField(allow_null=True, help_text="The draft's own round of packs, 1 to 3.")
        deck_building_ends_at = serializers.DateTimeField(
            allow_null=True, help_text="After the draft: when deck building ends (40 minutes by default)."
        )
        pack_number = serializers.IntegerField(allow_null=True, help_text="1-based, in the whole draft.")
        opener = serializers.CharField(allow_null=True, help_text="The seat that laid out the current pack.")
        pick_number = serializers.IntegerField(allow_null=True)
        pack_size = serializers.IntegerField(allow_null=True)
        seat_to_pick = serializers.CharField(allow_null=True)
        in_review = serializers.BooleanField(help_text="The pack is being reviewed; picks open at picks_open_at.")
        picks_open_at = serializers.DateTimeField(allow_null=True)
        deadline = serializers.DateTimeField(allow_null=True, help_text="When the current pick times out.")
        pack = DraftCardSerializer(many=True, help_text="The cards still on the table, in the order laid out.")
        seats = DraftSeatSerializer(many=True)

    schema_tag = "drafting"
    conditional_get = True
    serializer_class = OutputSerializer

    @extend_schema(parameters=[OpenApiParameter(
        "round", int, description="The round the table drafts for; without it, the latest round's table."
    )])
    def get(self, request, event_id: int, number: int):
        event = self.load_event()
        tables = DraftTable.objects.select_related("event", "round").filter(event=event, number=number)
        chosen = DraftTableFilter(request.query_params, queryset=tables)
        if not chosen.is_valid():
            raise ValidationError(chosen.errors)
        table = chosen.qs.order_by("-round__number").first()
        if table is None:
            raise NotFound(_("Event %(event)s has no draft table %(number)s.") % {"event": event.pk, "number": number})
        table = draft_table_refresh(table=table)
        now = timezone.now()
        etag = f'"d{table.pk}-{draft_state_etag(table=table, now=now)}"'
        if etag_matches(etag, request.headers.get("If-None-Match", "")):
            response = Response(status=304)
        else:
            state = draft_table_state(table=table, viewer=None, now=now)
            response = Response(self.OutputSerializer({
                "number": table.number, "status": table.status, "pack_round": state.round,
                "round": table.round.number if table.round_id else None,
                "round_name": table.round.name if table.round_id else None,
                "deck_building_ends_at": table.deck_building_ends_at,
                "pack_number": state.pack_number, "opener": state.opener, "pick_number": state.pick_number,
                "pack_size": state.pack_size, "seat_to_pick": state.seat_to_pick, "in_review": state.in_review,
                "picks_open_at": state.picks_open_at, "deadline": table.deadline if state.deadline else None,
                "pack": state.pack,
                "seats": [{"seat": s.seat, "player": s.player_name, "latest_pick": s.latest_pick} for s in state.seats],
            }).data)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
