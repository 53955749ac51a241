"""Series' shapes (api.views.series; docs/series.md): a series, its settings and its standings."""

from rest_framework import serializers

from api.serializers.common import StrictModelSerializer
from series.models import Series


class SeriesEventRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="Empty for a private event the caller may not see.")
    date = serializers.DateField()
    status = serializers.CharField()


class SeriesOutputSerializer(serializers.ModelSerializer):
    organizer = serializers.CharField(source="owner.get_username", read_only=True)

    class Meta:
        model = Series
        fields = [
            "id",
            "name",
            "kind",
            "is_public",
            "organizer",
            "points_source",
            "points_table",
            "participation_points",
            "best_of",
            "qualify_top",
            "qualify_points",
            "created_at",
        ]
        read_only_fields = fields


class SeriesInputSerializer(StrictModelSerializer):
    """A new series' settings; the service checks them (series.services.series_create)."""

    points_table = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=10000),
        max_length=256,
        required=False,
        help_text="Points for 1st, 2nd, 3rd, ... place.",
    )

    class Meta:
        model = Series
        fields = [
            "name",
            "kind",
            "is_public",
            "points_source",
            "points_table",
            "participation_points",
            "best_of",
            "qualify_top",
            "qualify_points",
        ]


class SeriesDetailOutputSerializer(SeriesOutputSerializer):
    events = SeriesEventRefSerializer(many=True, read_only=True)

    class Meta(SeriesOutputSerializer.Meta):
        fields = [*SeriesOutputSerializer.Meta.fields, "events"]
        read_only_fields = fields


class SeriesStandingsEventSerializer(serializers.Serializer):
    event = serializers.IntegerField(help_text="The event's id.")
    points = serializers.IntegerField(allow_null=True, help_text="Series points earned there; null: not played.")
    counted = serializers.BooleanField(help_text="Among the player's best events that count.")


class SeriesStandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True, help_text="The player's id (null in a team series).")
    team = serializers.IntegerField(allow_null=True, help_text="The team's id in a team series (else null).")
    name = serializers.CharField(help_text="The player's or the team's name.")
    total = serializers.IntegerField(help_text="Points of the counted events.")
    events_played = serializers.IntegerField()
    best_place = serializers.IntegerField()
    match_points = serializers.IntegerField()
    qualified = serializers.BooleanField()
    events = SeriesStandingsEventSerializer(many=True)


class SeriesStandingsOutputSerializer(serializers.Serializer):
    series = serializers.IntegerField()
    events = SeriesEventRefSerializer(many=True)
    rows = SeriesStandingsRowSerializer(many=True)


def standings_data(standings) -> dict:
    """series.selectors.SeriesStandings as SeriesStandingsOutputSerializer's plain data."""
    return {
        "series": standings.series.pk,
        "events": standings.events,
        "rows": [
            {
                "rank": line.row.rank,
                "name": line.entrant.name,
                "player": None if standings.by_team else line.entrant.pk,
                "team": line.entrant.pk if standings.by_team else None,
                "total": line.row.total,
                "events_played": line.row.events_played,
                "best_place": line.row.best_place,
                "match_points": line.row.match_points,
                "qualified": line.row.qualified,
                "events": [
                    {"event": event.pk, "points": points, "counted": counted} for event, points, counted in line.cells
                ],
            }
            for line in standings.lines
        ],
    }


class SeriesPrizeSerializer(serializers.Serializer):
    """One line of a series' prize structure (fees' prize lines, by the standings)."""

    item = serializers.CharField()
    amount = serializers.DecimalField(max_digits=10, decimal_places=2)
    place_from = serializers.IntegerField(allow_null=True)
    place_to = serializers.IntegerField(allow_null=True)
    min_points = serializers.IntegerField(
        source="min_match_points",
        allow_null=True,
        help_text="Set for a line by points: every entrant with at least these series points.",
    )
    divisible = serializers.BooleanField()


class SeriesPayoutSerializer(serializers.Serializer):
    """One award of the series' payout list (fees.selectors.payout_rows over the standings)."""

    place = serializers.IntegerField(help_text="The entrant's place in the standings (a shared rank covers places).")
    entrant = serializers.IntegerField(source="registration", help_text="A player's id (a team's in a team series).")
    name = serializers.CharField()
    events_played = serializers.CharField(source="record")
    points = serializers.IntegerField(source="match_points", help_text="The entrant's series points.")
    item = serializers.CharField()
    amount = serializers.DecimalField(max_digits=10, decimal_places=2)
    shared_by = serializers.IntegerField(help_text="How many tied entrants shared this prize's pool (1: not shared).")


class SeriesPayoutsOutputSerializer(serializers.Serializer):
    prize_ties = serializers.CharField(help_text="tiebreakers (rank order) or evenly.")
    prizes = SeriesPrizeSerializer(many=True)
    payouts = SeriesPayoutSerializer(many=True)
