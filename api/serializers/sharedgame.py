"""A shared-game match's live totals (api.views.sharedgame)."""

from rest_framework import serializers

from api.serializers.common import TeamRefSerializer
from api.serializers.matches import SharedGamesSerializer


class _TeamTotalsSerializer(serializers.Serializer):
    life = serializers.IntegerField()
    poison = serializers.IntegerField()
    lost = serializers.BooleanField(help_text="At 0 life or at the poison limit: this team has lost the game.")


class _GameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    a = _TeamTotalsSerializer()
    b = _TeamTotalsSerializer()
    starting_life = serializers.IntegerField()
    poison_limit = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True, help_text="'A', 'B', 'D' (drawn game) or null while it goes on.")


class MatchLifeOutputSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    structure = serializers.CharField()
    starting_life = serializers.IntegerField()
    poison_limit = serializers.IntegerField()
    best_of = serializers.IntegerField()
    team_a = TeamRefSerializer()
    team_b = TeamRefSerializer(allow_null=True)
    games = _GameSerializer(many=True)
    current_game = serializers.IntegerField()
    score = SharedGamesSerializer()
    decided = serializers.BooleanField()
