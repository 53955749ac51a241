"""Draft tables of a team Rochester draft: the public state only (RULES.md 6).

What anyone at the table may see: the pack laid out face up, whose turn it is, the deadline, and each player's
most recent pick of the current pack. Never a player's earlier picks while the draft runs; never a pool.
"""

from django.utils import timezone
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response

from api.filters import SMALL, DraftTableFilter
from api.selectors import sees_drafts
from api.serializers.drafting import (
    DraftTableDetailOutputSerializer,
    DraftTableListOutputSerializer,
)
from api.views.base import EventScopedMixin
from common.http import etag_matches
from drafting.models import DraftTable
from drafting.selectors.tables import (
    draft_state_etag,
    draft_table_state,
    PLAYERS_SEE_TABLE,
    draft_tables_progress,
)
from drafting.services.picks import draft_table_refresh, draft_tables_refresh


class DraftTableListView(EventScopedMixin, generics.ListAPIView):
    """The event's draft tables and where each stands."""

    schema_tag = "drafting"
    serializer_class = DraftTableListOutputSerializer
    queryset = DraftTable.objects.none()
    filter_backends = [DjangoFilterBackend]
    filterset_class = DraftTableFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return DraftTable.objects.none()
        event = self.load_event()
        # A deadline that is over never shows as running, even with no worker: apply what is overdue first.
        draft_tables_refresh(event=event)
        return draft_tables_progress(event=event, players=True).order_by("round__number", "number")


class DraftTableDetailView(EventScopedMixin, generics.GenericAPIView):
    """One draft table as everyone at it sees it. Carries an ETag from the table's version."""

    schema_tag = "drafting"
    conditional_get = True
    serializer_class = DraftTableDetailOutputSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "round",
                {"type": "integer", "minimum": SMALL["min_value"], "maximum": SMALL["max_value"]},
                description="The round the table drafts for; without it, the latest round's table.",
            )
        ]
    )
    def get(self, request, event_id: int, number: int):
        event = self.load_event()
        tables = DraftTable.objects.select_related("event", "round").filter(event=event, number=number)
        if not sees_drafts(request=request, event=event):  # a round still a draft: its tables too (issue 53)
            tables = tables.filter(PLAYERS_SEE_TABLE)
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
            response = Response(
                DraftTableDetailOutputSerializer(
                    {
                        "number": table.number,
                        "status": table.status,
                        "pack_round": state.round,
                        "round": table.round.number if table.round_id else None,
                        "round_name": table.round.name if table.round_id else None,
                        "deck_building_ends_at": table.deck_building_ends_at,
                        "pack_number": state.pack_number,
                        "opener": state.opener,
                        "pick_number": state.pick_number,
                        "pack_size": state.pack_size,
                        "seat_to_pick": state.seat_to_pick,
                        "in_review": state.in_review,
                        "picks_open_at": state.picks_open_at,
                        "deadline": table.deadline if state.deadline else None,
                        "pack": state.pack,
                        "seats": [
                            {"seat": s.seat, "player": s.player_name, "latest_pick": s.latest_pick} for s in state.seats
                        ],
                    }
                ).data
            )
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
