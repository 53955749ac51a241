"""Standings with every tiebreaker figure, and the top-cut bracket."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.conditional import (
    versioned_value,
    versioned_value_ahead,
    versioned_value_shared,
)
from api.exceptions import Conflict
from api.pagination import CappedPagination
from api.serializers.standings import (
    BracketOutputSerializer,
    PlacementsOutputSerializer,
    StandingsOutputSerializer,
    StandingsQuerySerializer,
)
from api.views.base import EventScopedMixin, ScoreboardListView
from tournaments.enums import EventStatus
from tournaments.models import Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds
from tournaments.topcut import TopCutError


@extend_schema(parameters=[StandingsQuerySerializer])
class StandingsView(ScoreboardListView):
    """Swiss standings (RULES.md 3): match points, OMW%, GW%, OGW%, then the final tiebreak, with every figure.

    Only confirmed and final results count. `decided_by` names the criterion that puts a team below the one
    ranked just above it.
    """

    schema_tag = "standings"
    conditional_get = True
    serializer_class = StandingsOutputSerializer
    pagination_class = CappedPagination
    filter_backends: list = []
    query_serializer_class = StandingsQuerySerializer

    def get_queryset(self):
        return []  # the rows come from standings_table (list); this is for the schema only

    def list(self, request, *args, **kwargs):
        self.load_event()
        return self.conditional(self.page)

    def page(self) -> Response:
        query = StandingsQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        rows = standings_table(event=self.event, upto_round=query.validated_data.get("round"))
        team = query.validated_data.get("team")
        if team is not None:
            rows = [row for row in rows if row["team"] == team]
        status = query.validated_data.get("status")
        if status is not None:
            rows = [row for row in rows if row["status"] == status]
        return self.get_paginated_response(self.paginate_queryset(rows))


def _standings_key(*, event, upto_round: int | None) -> str:
    return f"api:standings:{event.pk}:{event.version}:{upto_round or 0}"


def _standings_rows(*, event, upto_round: int | None) -> "list[dict]":
    rows = list(
        Registration.objects.filter(event=event).values_list(
            "id", "team__name", "dropped_round", "disqualified_at", "day2_cut_round", "tiebreak"
        )
    )
    teams = {
        pk: (name, dropped is not None, disqualified is not None, cut is not None)
        for pk, name, dropped, disqualified, cut, _k in rows
    }
    serializer = StandingsOutputSerializer(context={"teams": teams})
    return [
        serializer.to_representation(row)
        for row in standings_for_event(
            event=event, upto_round=upto_round, teams=list(teams), tiebreaks={pk: key for pk, *_r, key in rows if key}
        )
    ]


def standings_table(*, event, upto_round: int | None) -> "list[dict]":
    """Every row of the event's standings as StandingsView shows them, computed once per event version and round
    for every page, filter and process (api.conditional.versioned_value): from this process's memory, else from
    the shared cache (where standings_ahead put it right after the change), else computed. Read-only."""
    return versioned_value(
        key=_standings_key(event=event, upto_round=upto_round),
        build=lambda: _standings_rows(event=event, upto_round=upto_round),
        shared=True,
    )


def standings_ahead_ready(*, event) -> bool:
    """Whether the standings of the event's current version are in the shared cache (computed ahead)."""
    return versioned_value_shared(key=_standings_key(event=event, upto_round=None))


def standings_ahead(*, event) -> bool:
    """Compute the standings of the event's current version (every result so far) into the shared cache, unless
    they are there already; True when computed here (api.tasks.standings_ahead, after each change)."""
    return versioned_value_ahead(
        key=_standings_key(event=event, upto_round=None), build=lambda: _standings_rows(event=event, upto_round=None)
    )


class BracketView(EventScopedMixin, generics.GenericAPIView):
    """The top-cut bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6). Before the top cut starts it is provisional: the seeds are
    the current Swiss standings."""

    schema_tag = "standings"
    conditional_get = True
    extra_error_codes = (409,)
    pagination_class = None
    serializer_class = BracketOutputSerializer

    def get(self, request, event_id: int):
        event = self.load_event()
        if not event.top_cut:
            raise NotFound(_("Event %(id)s has no top cut.") % {"id": event.pk})
        return self.conditional(lambda: Response(self.bracket_data(event)))

    @staticmethod
    def bracket_data(event) -> dict:
        try:
            bracket = bracket_for_event(event=event, seeds=topcut_seeds(event=event))
        except TopCutError as exc:
            raise Conflict(str(exc)) from exc
        names = dict(Registration.objects.filter(event=event).values_list("id", "team__name"))

        def team(team_id, seed):
            return None if team_id is None else {"id": team_id, "name": names.get(team_id, ""), "seed": seed}

        return {
            "size": bracket.size,
            "provisional": event.status not in (EventStatus.TOP_CUT, EventStatus.FINISHED),
            "champion": bracket.champion,
            "rounds": [
                {
                    "round": matches[0].round,
                    "name": matches[0].name,
                    "matches": [
                        {
                            "slot": m.slot,
                            "team_a": team(m.team_a, m.seed_a),
                            "team_b": team(m.team_b, m.seed_b),
                            "winner": m.winner,
                            "ready": m.ready,
                            "bye": m.bye,
                        }
                        for m in matches
                    ],
                }
                for matches in bracket.rounds
            ],
        }


class PlacementsView(EventScopedMixin, generics.GenericAPIView):
    """The final placings (RULES.md 4): the playoff first (winner, finalist, semi-final losers by Swiss rank ...),
    then the other teams in Swiss order; before the end, the placings so far. Not paginated: one entry per team."""

    schema_tag = "standings"
    serializer_class = PlacementsOutputSerializer
    queryset = Registration.objects.none()
    extra_error_codes = (409,)
    pagination_class = None

    @extend_schema(responses={200: PlacementsOutputSerializer(many=True)})
    def get(self, request, event_id: int):
        event = self.load_event()

        def build():
            names = team_names_for_event(event=event)
            try:
                placings = placements_for_event(event=event)
            except TopCutError as exc:
                raise Conflict(str(exc)) from exc
            return Response(
                [{"place": p.place, "team": p.team, "name": names[p.team], "stage": p.stage} for p in placings]
            )

        return self.conditional(build)
