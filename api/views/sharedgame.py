"""Live life and poison totals of a shared-game match (Two-Headed Giant, Three-Headed Serpent), for spectators."""
from django.utils.translation import gettext as _
from rest_framework import generics, serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.selectors import match_get
from api.views.base import EventScopedMixin
from common.http import etag_matches
from sharedgame.selectors import shared_game_etag, shared_game_match, shared_game_state


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


class _TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class _ScoreSerializer(serializers.Serializer):
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


class MatchLifeView(EventScopedMixin, generics.GenericAPIView):
    """A shared-game match's live totals, every game of it, as the players keep them. ETag; 304 when unchanged."""

    class OutputSerializer(serializers.Serializer):
        match = serializers.IntegerField()
        round = serializers.IntegerField()
        table = serializers.IntegerField()
        structure = serializers.CharField()
        starting_life = serializers.IntegerField()
        poison_limit = serializers.IntegerField()
        best_of = serializers.IntegerField()
        team_a = _TeamSerializer()
        team_b = _TeamSerializer(allow_null=True)
        games = _GameSerializer(many=True)
        current_game = serializers.IntegerField()
        score = _ScoreSerializer()
        decided = serializers.BooleanField()

    schema_tag = "pairings"
    serializer_class = OutputSerializer

    def get(self, request, event_id: int, match_id: int):
        event = self.load_event()
        if not event.is_shared_game:
            raise NotFound(_("Event %(event)s is seat against seat: its matches have no shared life totals.") % {"event": event.pk})
        match = shared_game_match(pk=match_get(event=event, match_id=match_id).pk)
        etag = f'"life-{shared_game_etag(match=match)}"'
        if etag_matches(etag, request.headers.get("If-None-Match", "")):
            response = Response(status=304)
        else:
            response = Response(self.OutputSerializer(shared_game_state(match=match)).data)
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if event.is_public else "private, no-cache"
        return response
