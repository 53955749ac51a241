"""Standings with every tiebreaker figure, and the top-cut bracket."""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.conditional import (
    versioned_value,
    versioned_value_ahead,
    versioned_value_shared,
)
from api.exceptions import Conflict
from api.pagination import CappedPagination
from api.views.base import EventScopedMixin, ScoreboardListView
from tournaments.enums import EventStatus
from tournaments.models import Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds
from tournaments.topcut import TopCutError


class WinPercentageSerializer(serializers.Serializer):
    value = serializers.CharField(help_text='Rounded half-up to 4 decimals, e.g. "0.6667".')
    exact = serializers.CharField(help_text='The exact fraction, e.g. "2/3".')
    points = serializers.IntegerField()
    played = serializers.IntegerField()
    floored = serializers.BooleanField(help_text="Raised to the 0.33 floor (MTR Appendix C).")


class OpponentAverageSerializer(serializers.Serializer):
    value = serializers.CharField(help_text='Rounded half-up to 4 decimals, e.g. "0.5556".')
    exact = serializers.CharField(help_text='The exact fraction, e.g. "5/9".')


def _percentage(figure) -> dict:
    return {
        "value": str(figure.rounded), "exact": str(figure.value), "points": figure.points,
        "played": figure.played, "floored": figure.floored,
    }


def _average(figure) -> dict:
    return {"value": str(figure.rounded), "exact": str(figure.value)}


class StandingsQuerySerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=32767, required=False,
                                     help_text="Standings after this round (default: every result so far).")
    team = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False,
                                    help_text="Only this team's row (its id in the event).")


@extend_schema(parameters=[StandingsQuerySerializer])
class StandingsView(ScoreboardListView):
    """Swiss standings (RULES.md 3): match points, OMW%, GW%, OGW%, then the final tiebreak, with every figure.

    Only confirmed and final results count. `decided_by` names the criterion that puts a team below the one
    ranked just above it.
    """

    class OutputSerializer(serializers.Serializer):
        rank = serializers.IntegerField()
        team = serializers.IntegerField(help_text="The team's id in this event.")
        name = serializers.CharField()
        dropped = serializers.BooleanField(help_text="Out of the event: dropped, or disqualified.")
        disqualified = serializers.BooleanField(help_text="Disqualified (its results still count for its opponents).")
        match_points = serializers.IntegerField()
        record = serializers.CharField(help_text="Wins-losses-draws, byes counted as wins.")
        wins = serializers.IntegerField()
        losses = serializers.IntegerField()
        draws = serializers.IntegerField()
        byes = serializers.IntegerField()
        rounds_played = serializers.IntegerField()
        mw = WinPercentageSerializer(help_text="Match-win percentage.")
        omw = OpponentAverageSerializer(help_text="Opponents' match-win percentage.")
        gw = WinPercentageSerializer(help_text="Game-win percentage: each team match, and each bye, counts as one game, so it equals mw.")
        ogw = OpponentAverageSerializer(help_text="Opponents' game-win percentage.")
        opponents = serializers.ListField(child=serializers.IntegerField(), help_text="One entry per match played.")
        tiebreak = serializers.CharField(help_text="The final, seeded tiebreak (ascending).")
        decided_by = serializers.CharField(help_text='"" for rank 1, else "match points", "OMW%", "GW%", "OGW%", "rating" (an event seeded by rating) or "final tiebreak".')

        def to_representation(self, row) -> dict:
            context = self.context
            name, dropped, disqualified = context["teams"].get(row.team, ("", False, False))
            # Teams share figures (every team on 6 points of 3 rounds has the same MW%; a team event's GW% is its
            # MW% and its OGW% its OMW%), so each figure is written out once per table, not once per row: the
            # table is read-only.
            memo = context.setdefault("figures", {})

            def shown(figure, as_dict) -> dict:
                written = memo.get(id(figure))
                if written is None:
                    written = memo[id(figure)] = as_dict(figure)
                return written

            return {
                "rank": row.rank, "team": row.team, "name": name, "dropped": dropped, "disqualified": disqualified,
                "match_points": row.match_points, "record": row.record, "wins": row.wins, "losses": row.losses,
                "draws": row.draws, "byes": row.byes, "rounds_played": row.rounds_played,
                "mw": shown(row.mw, _percentage), "omw": shown(row.omw, _average),
                "gw": shown(row.gw, _percentage), "ogw": shown(row.ogw, _average),
                "opponents": list(row.omw.opponents), "tiebreak": row.tiebreak,
                "decided_by": row.decided_by,
            }

    schema_tag = "standings"
    conditional_get = True
    serializer_class = OutputSerializer
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
        return self.get_paginated_response(self.paginate_queryset(rows))

def _standings_key(*, event, upto_round: int | None) -> str:
    return f"api:standings:{event.pk}:{event.version}:{upto_round or 0}"


def _standings_rows(*, event, upto_round: int | None) -> "list[dict]":
    teams = {
        pk: (name, dropped is not None, disqualified is not None)
        for pk, name, dropped, disqualified in Registration.objects.filter(event=event).values_list(
            "id", "team__name", "dropped_round", "disqualified_at"
        )
    }
    serializer = StandingsView.OutputSerializer(context={"teams": teams})
    return [serializer.to_representation(row)
            for row in standings_for_event(event=event, upto_round=upto_round, teams=list(teams))]


def standings_table(*, event, upto_round: int | None) -> "list[dict]":
    """Every row of the event's standings as StandingsView shows them, computed once per event version and round
    for every page, filter and process (api.conditional.versioned_value): from this process's memory, else from
    the shared cache (where standings_ahead put it right after the change), else computed. Read-only."""
    return versioned_value(key=_standings_key(event=event, upto_round=upto_round),
                           build=lambda: _standings_rows(event=event, upto_round=upto_round), shared=True)


def standings_ahead_ready(*, event) -> bool:
    """Whether the standings of the event's current version are in the shared cache (computed ahead)."""
    return versioned_value_shared(key=_standings_key(event=event, upto_round=None))


def standings_ahead(*, event) -> bool:
    """Compute the standings of the event's current version (every result so far) into the shared cache, unless
    they are there already; True when computed here (api.tasks.standings_ahead, after each change)."""
    return versioned_value_ahead(key=_standings_key(event=event, upto_round=None),
                                 build=lambda: _standings_rows(event=event, upto_round=None))


class PlayoffTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField()


class PlayoffMatchSerializer(serializers.Serializer):
    slot = serializers.IntegerField(help_text="Position in its round, top of the bracket first, from 0.")
    team_a = PlayoffTeamSerializer(allow_null=True, help_text="null until the match feeding it has a winner.")
    team_b = PlayoffTeamSerializer(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    ready = serializers.BooleanField(help_text="Both teams known, no result yet: it can be played now.")


class PlayoffRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="1 = the first playoff round.")
    name = serializers.CharField(help_text="Quarterfinal, Semifinal or Final.")
    matches = PlayoffMatchSerializer(many=True)


class BracketView(EventScopedMixin, generics.GenericAPIView):
    """The top-cut bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6). Before the top cut starts it is provisional: the seeds are
    the current Swiss standings."""

    class OutputSerializer(serializers.Serializer):
        size = serializers.IntegerField()
        provisional = serializers.BooleanField()
        champion = serializers.IntegerField(allow_null=True)
        rounds = PlayoffRoundSerializer(many=True)

    schema_tag = "standings"
    conditional_get = True
    extra_error_codes = (409,)
    pagination_class = None
    serializer_class = OutputSerializer

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
                        {"slot": m.slot, "team_a": team(m.team_a, m.seed_a), "team_b": team(m.team_b, m.seed_b),
                         "winner": m.winner, "ready": m.ready}
                        for m in matches
                    ],
                }
                for matches in bracket.rounds
            ],
        }


class PlacementsView(EventScopedMixin, generics.GenericAPIView):
    """The final placings (RULES.md 4): the playoff first (winner, finalist, semi-final losers by Swiss rank ...),
    then the other teams in Swiss order; before the end, the placings so far. Not paginated: one entry per team."""

    class OutputSerializer(serializers.Serializer):
        place = serializers.IntegerField()
        team = serializers.IntegerField(help_text="The team's id in this event.")
        name = serializers.CharField()
        stage = serializers.ChoiceField(choices=["final", "semifinal", "quarterfinal", "swiss"],
                                        help_text="The furthest stage the team reached.")

    schema_tag = "standings"
    serializer_class = OutputSerializer
    queryset = Registration.objects.none()
    extra_error_codes = (409,)
    pagination_class = None

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request, event_id: int):
        event = self.load_event()

        def build():
            names = team_names_for_event(event=event)
            try:
                placings = placements_for_event(event=event)
            except TopCutError as exc:
                raise Conflict(str(exc)) from exc
            return Response([
                {"place": p.place, "team": p.team, "name": names[p.team], "stage": p.stage} for p in placings
            ])

        return self.conditional(build)
