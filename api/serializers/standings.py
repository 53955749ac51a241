"""Standings with every tiebreaker figure, the top-cut bracket and the placings (api.views.standings)."""

from rest_framework import serializers

from tournaments.enums import EntrantStatus
from tournaments.placements import STAGES


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
        "value": str(figure.rounded),
        "exact": str(figure.value),
        "points": figure.points,
        "played": figure.played,
        "floored": figure.floored,
    }


def _average(figure) -> dict:
    return {"value": str(figure.rounded), "exact": str(figure.value)}


class StandingsQuerySerializer(serializers.Serializer):
    round = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        required=False,
        help_text="Standings after this round (default: every result so far).",
    )
    team = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="Only this team's row (its id in the event)."
    )
    status = serializers.ChoiceField(
        choices=EntrantStatus.choices,
        required=False,
        help_text='Only the rows of this status: "did_not_advance" lists those below the Day 2 cut, "active" '
        "those still in the event.",
    )


class StandingsOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.IntegerField(help_text="The team's id in this event.")
    name = serializers.CharField()
    dropped = serializers.BooleanField(help_text="Out of the event: dropped, or disqualified.")
    disqualified = serializers.BooleanField(help_text="Disqualified (its results still count for its opponents).")
    did_not_advance = serializers.BooleanField(
        help_text="Below the event's Day 2 cut: not paired after it, but not dropped; its standings stay."
    )
    status = serializers.ChoiceField(choices=EntrantStatus.choices)
    match_points = serializers.IntegerField()
    record = serializers.CharField(help_text="Wins-losses-draws, byes counted as wins.")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    mw = WinPercentageSerializer(help_text="Match-win percentage.")
    omw = OpponentAverageSerializer(help_text="Opponents' match-win percentage.")
    gw = WinPercentageSerializer(
        help_text="Game-win percentage: each team match, and each bye, counts as one game, so it equals mw."
    )
    ogw = OpponentAverageSerializer(help_text="Opponents' game-win percentage.")
    opponents = serializers.ListField(child=serializers.IntegerField(), help_text="One entry per match played.")
    tiebreak = serializers.CharField(help_text="The final, seeded tiebreak (ascending).")
    decided_by = serializers.CharField(
        help_text='"" for rank 1, else "match points", "OMW%", "GW%", "OGW%", "rating" (an event seeded by rating) or "final tiebreak".'
    )

    def to_representation(self, row) -> dict:
        context = self.context
        name, dropped, disqualified, cut = context["teams"].get(row.team, ("", False, False, False))
        state = "disqualified" if disqualified else ("dropped" if dropped else ("did_not_advance" if cut else "active"))
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
            "rank": row.rank,
            "team": row.team,
            "name": name,
            "dropped": dropped,
            "disqualified": disqualified,
            "did_not_advance": cut,
            "status": state,
            "match_points": row.match_points,
            "record": row.record,
            "wins": row.wins,
            "losses": row.losses,
            "draws": row.draws,
            "byes": row.byes,
            "rounds_played": row.rounds_played,
            "mw": shown(row.mw, _percentage),
            "omw": shown(row.omw, _average),
            "gw": shown(row.gw, _percentage),
            "ogw": shown(row.ogw, _average),
            "opponents": list(row.omw.opponents),
            "tiebreak": row.tiebreak,
            "decided_by": row.decided_by,
        }


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
    bye = serializers.BooleanField(
        help_text="A single-elimination event's first-round bye: the top seed advances without playing."
    )


class PlayoffRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="1 = the first playoff round.")
    name = serializers.CharField(help_text="Round of 32, Round of 16, Quarterfinal, Semifinal or Final.")
    matches = PlayoffMatchSerializer(many=True)


class BracketOutputSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    provisional = serializers.BooleanField()
    champion = serializers.IntegerField(allow_null=True)
    rounds = PlayoffRoundSerializer(many=True)


class PlacementsOutputSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    team = serializers.IntegerField(help_text="The team's id in this event.")
    name = serializers.CharField()
    stage = serializers.ChoiceField(choices=list(STAGES), help_text="The furthest stage the team reached.")
