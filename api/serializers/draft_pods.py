"""Two-Headed Giant pods' public state (api.views.draft_pods): never a pick, a pool or a card name."""

from rest_framework import serializers

from drafting.models import DraftStatus


class PodTeamSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="1 first, clockwise; packs pass left to the next seat.")
    registration = serializers.IntegerField(help_text="The team's id in this event.")
    team = serializers.CharField()
    has_picked = serializers.BooleanField(help_text="The team has taken its two cards at the current pick.")
    cards_in_front = serializers.IntegerField(help_text="Cards in the pack in front of the team now.")


class PodSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=DraftStatus.choices)
    pack_round = serializers.IntegerField(allow_null=True, help_text="1 to 6.")
    pick = serializers.IntegerField(allow_null=True, help_text="The pick within the pack round, from 1.")
    passing = serializers.ChoiceField(choices=["left", "right"], allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the current pick times out.")
    picks_open_at = serializers.DateTimeField(allow_null=True, help_text="End of the review before a pack round.")
    packs_left = serializers.IntegerField(help_text="Packs of this and later rounds with cards in them.")
    cards_left = serializers.IntegerField(help_text="Cards not yet drafted in the whole pod.")
    teams = PodTeamSerializer(many=True)
    version = serializers.IntegerField()


class PodListOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = PodSerializer(many=True)
