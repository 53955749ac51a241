"""Multiplayer pod events (issue 43, docs/multiplayer.md): rounds of pods, a pod's result, and the standings."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from multiplayer.engine import RESULT_KINDS


class MultiplayerPlayerOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player's id in this event (a team of one).")
    name = serializers.CharField()


class MultiplayerSeatOutputSerializer(MultiplayerPlayerOutputSerializer):
    seat = serializers.IntegerField(help_text="1 plays first.")
    outcome = serializers.CharField(help_text='"W", "D", "L", or "" before a final result.')


class MultiplayerTableOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="The pod's table number in its round.")
    state = serializers.ChoiceField(choices=["pending", "reported", "final"])
    result = serializers.CharField(help_text='"win", "draw", "time", or "" before a final result.')
    seats = MultiplayerSeatOutputSerializer(many=True)


class TableRoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["swiss", "playoff"], help_text="playoff: the top pod.")
    pods = MultiplayerTableOutputSerializer(many=True)
    byes = MultiplayerPlayerOutputSerializer(many=True)


class TableRoundListOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = TableRoundOutputSerializer(many=True)


class TablePairInputSerializer(StrictInputSerializer):
    seed = serializers.IntegerField(
        required=False, min_value=0, max_value=2**31 - 1, help_text="Reproduce a seating; random when left out."
    )


class TableResultInputSerializer(StrictInputSerializer):
    result = serializers.ChoiceField(
        choices=list(RESULT_KINDS),
        help_text="win (one player), draw (the players named) or time (the players still in; none named: everyone).",
    )
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        max_length=5,
        required=False,
        default=list,
        help_text="Players' ids in this event.",
    )


class MultiplayerTiebreakPartSerializer(serializers.Serializer):
    opponent = serializers.IntegerField()
    share = serializers.CharField(help_text="The opponent's share, floored, as an exact fraction.")


class MultiplayerOpponentsOutputSerializer(serializers.Serializer):
    value = serializers.FloatField(help_text="The opponents' average share, rounded.")
    exact = serializers.CharField(help_text="The same as an exact fraction.")
    parts = MultiplayerTiebreakPartSerializer(many=True, help_text="Every opponent of every pod, with their share.")


class MultiplayerStandingOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    id = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Pods played (byes not counted).")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    opponents = MultiplayerOpponentsOutputSerializer(help_text="The first tiebreaker, with its parts.")
    seat_average = serializers.CharField(help_text="The average seat played, exact; later seats rank higher.")


class MultiplayerStandingListOutputSerializer(serializers.Serializer):
    tiebreak = serializers.CharField()
    places = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Players' ids in final order: the top pod's winner first once it is played.",
    )
    results = MultiplayerStandingOutputSerializer(many=True)
