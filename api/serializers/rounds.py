"""Rounds' shapes (api.views.rounds): the list, one round with its matches and clock, and pairing the next."""

from rest_framework import serializers

from api.serializers.clock import ClockStateSerializer
from api.serializers.common import StrictInputSerializer
from api.serializers.matches import TeamMatchSerializer
from tournaments.enums import RoundKind
from tournaments.selectors.phases import round_phase_number


class RoundOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=RoundKind.choices)
    name = serializers.CharField(help_text='"Round 3", or the playoff round: "Quarterfinal", "Semifinal", "Final".')
    is_finished = serializers.BooleanField()
    published = serializers.BooleanField(
        help_text="Players see the round. False while the organizer reviews its pairings (a draft only the staff "
        "see, the event's review_pairings): publish it with POST .../rounds/{number}/publish/."
    )
    match_count = serializers.IntegerField()
    phase = serializers.IntegerField(
        allow_null=True,
        help_text="The number of the phase that plays this Swiss round (docs/phases.md); null for a "
        "playoff round and in an event without a phase plan.",
    )


class RoundDetailSerializer(RoundOutputSerializer):
    matches = TeamMatchSerializer(many=True, help_text="By table.")
    clock = ClockStateSerializer(
        help_text="The round clock, as the desk, the players' pages and the projector show it."
    )


class PairInputSerializer(StrictInputSerializer):
    seed = serializers.IntegerField(
        min_value=0,
        max_value=2**62,
        required=False,
        help_text="The pairing's random seed (default: a fresh one; stored with the round, so it can be reproduced).",
    )
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        max_length=4096,
        help_text="A single-elimination event seeded by list, its first round only: every active team's id, seed 1 "
        "first.",
    )


class RoundListOutputSerializer(RoundOutputSerializer):
    def to_representation(self, round_):
        return {
            "number": round_.number,
            "kind": round_.kind,
            "name": round_.name,
            "is_finished": round_.is_finished,
            "published": round_.is_published,
            "match_count": round_.match_count,
            "phase": round_phase_number(
                spans=self.context.get("phase_spans", []), number=round_.number, kind=round_.kind
            ),
        }


class PublishInputSerializer(StrictInputSerializer):
    """Publishing takes no fields: an empty body (or {})."""
