from rest_framework import serializers

from api.serializers.common import TeamRefSerializer
from tournaments.enums import COUNTING_STATES, Outcome, ResultState, RoundKind
from tournaments.models import TeamMatch


class SeatResultSerializer(serializers.Serializer):
    """One seat's individual best-of-three, games counted from team A's side."""

    letter = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


class SharedGamesSerializer(serializers.Serializer):
    """A shared-game match's games (Two-Headed Giant, Three-Headed Serpent), from team A's side."""

    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


def _team(registration) -> dict | None:
    return None if registration is None else {"id": registration.pk, "name": registration.team.name}


class TeamMatchSerializer(serializers.Serializer):
    """A pairing and its result.

    A result counts, and is shown, only once confirmed or final. Until then everyone but the two teams and the
    event's scorekeepers sees the match as "pending" with no games: a reported, unconfirmed result is hidden
    information. Pass context {"full": True} for a caller who may see it.
    """

    id = serializers.IntegerField()
    round = serializers.IntegerField(help_text="The round number.")
    round_name = serializers.CharField(help_text='"Round 3"; playoff rounds "Quarterfinal", "Semifinal", "Final".')
    round_kind = serializers.ChoiceField(choices=RoundKind.choices)
    table = serializers.IntegerField()
    team_a = TeamRefSerializer()
    team_b = TeamRefSerializer(allow_null=True, help_text="null for a bye.")
    is_bye = serializers.BooleanField()
    result_state = serializers.ChoiceField(choices=ResultState.choices)
    outcome = serializers.ChoiceField(choices=Outcome.choices, allow_null=True, help_text="From team A's side.")
    seats = SeatResultSerializer(many=True, help_text="Seat-against-seat events: one entry per seat once shown.")
    games = SharedGamesSerializer(allow_null=True, help_text="Shared-game events: the games, once shown.")
    dispute_note = serializers.CharField(required=False, help_text="Only for the two teams and scorekeepers.")

    def to_representation(self, match: TeamMatch) -> dict:
        full = self.context.get("full", False)
        shared = self.context.get("shared_game", False)
        shown = full or match.result_state in COUNTING_STATES
        data = {
            "id": match.pk,
            "round": match.round.number,
            "round_name": match.round.name,
            "round_kind": match.round.kind,
            "table": match.table,
            "team_a": _team(match.team_a),
            "team_b": _team(match.team_b),
            "is_bye": match.is_bye,
            "result_state": match.result_state if shown else ResultState.PENDING.value,
            "outcome": (match.outcome or None) if shown else None,
            "seats": [],
            "games": None,
        }
        if shown and match.result_state != ResultState.PENDING and not match.is_bye:
            if shared:
                data["games"] = {"wins_a": match.games_won_a, "wins_b": match.games_won_b, "draws": match.games_drawn}
            else:
                data["seats"] = [
                    {"letter": s.letter, "wins_a": s.wins_a, "wins_b": s.wins_b, "draws": s.draws}
                    for s in sorted(match.seat_matches.all(), key=lambda s: s.letter)
                ]
        if full:
            data["dispute_note"] = match.dispute_note
        return data
