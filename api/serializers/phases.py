"""Phases' shapes (api.views.phases): the plan of a big event, a phase's pods and the decks kept from it
(docs/phases.md)."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.enums import FormatKind, PairingScope
from tournaments.models.phases import MAX_POD_SIZE


class PhasePodSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Clockwise from 1.")
    team = serializers.IntegerField(help_text="The team's (or player's) id in this event.")
    name = serializers.CharField()


class PhasePodSerializer(serializers.Serializer):
    pod = serializers.IntegerField(help_text="Pod 1 holds the top of the standings when the phase started.")
    seats = PhasePodSeatSerializer(many=True)


class PhaseSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="From 1; phases are played in this order.")
    name = serializers.CharField(allow_blank=True)
    label = serializers.CharField(help_text='"Phase 2: Booster draft (individual)", in the caller\'s language.')
    format_kind = serializers.ChoiceField(choices=FormatKind.choices)
    constructed_format = serializers.CharField(allow_blank=True)
    rounds = serializers.IntegerField()
    first_round = serializers.IntegerField(
        help_text="The Swiss rounds are numbered through the event: this phase plays first_round to last_round."
    )
    last_round = serializers.IntegerField()
    pairing_scope = serializers.ChoiceField(choices=PairingScope.choices)
    pod_size = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    is_current = serializers.BooleanField(help_text="The phase being played (the first one before any has started).")
    pods = PhasePodSerializer(many=True, help_text="A phase in pods, once started: its pods, pod 1 first; else empty.")


class PhaseInputSerializer(StrictInputSerializer):
    number = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=30,
        help_text="Phases are added last: leave it out, or give the next number.",
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=100)
    format_kind = serializers.ChoiceField(
        choices=FormatKind.choices,
        help_text="One the event can play: its team "
        "size and structure decide (a booster draft seats single players ...).",
    )
    constructed_format = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=30,
        help_text="A constructed phase's format (standard, modern ...); empty: the event's.",
    )
    rounds = serializers.IntegerField(
        min_value=1, max_value=30, help_text="Swiss rounds of this phase; the plan's phases play 30 at most together."
    )
    pairing_scope = serializers.ChoiceField(
        choices=PairingScope.choices,
        required=False,
        help_text="field (default): the whole field; pods: within the phase's draft pods, seated by the standings "
        "(booster draft, Two-Headed Giant booster draft).",
    )
    pod_size = serializers.IntegerField(
        required=False,
        min_value=2,
        max_value=MAX_POD_SIZE,
        help_text="Pods only: at most this many a pod (default 8; a Two-Headed Giant draft: 4 teams, at most 4).",
    )


class PhaseUpdateSerializer(PhaseInputSerializer):
    format_kind = serializers.ChoiceField(choices=FormatKind.choices, required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=30, required=False)

    def validate(self, attrs):
        if "number" in attrs:
            raise serializers.ValidationError(
                {"number": ["A phase's number follows the plan's order: remove and add phases to reorder them."]}
            )
        return attrs


class PhaseStartInputSerializer(StrictInputSerializer):
    seed = serializers.IntegerField(
        min_value=0,
        max_value=2**62,
        required=False,
        help_text="The random seed of the seats within each pod (default: a fresh one; stored in the event log).",
    )


class PhaseDeckSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    team_name = serializers.CharField()
    seat = serializers.CharField(help_text="The seat letter in the team (A for a player of an individual event).")
    player = serializers.CharField()
    text = serializers.CharField(help_text="The list as typed; empty for a deck built on the pool page.")
    main = serializers.DictField(child=serializers.IntegerField())
    sideboard = serializers.DictField(child=serializers.IntegerField())
    pool = serializers.DictField(child=serializers.IntegerField(), help_text="The team's pool in that phase, if any.")
    submitted_at = serializers.DateTimeField(allow_null=True)
