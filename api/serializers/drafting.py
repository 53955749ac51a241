"""Draft tables' public state (api.views.drafting): never a player's earlier picks, never a pool."""

from rest_framework import serializers

from drafting.models import DraftStatus, DraftTable
from drafting.selectors.tables import draft_seat_to_pick


class DraftTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The team's id in this event.")
    name = serializers.CharField()


class DraftTableListOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The table number; the round's match of these teams has the same.")
    round = serializers.IntegerField(
        allow_null=True,
        help_text="The round whose match these teams play; null for the one draft of an event that lifts the pod rule.",
    )
    round_name = serializers.CharField(allow_null=True, help_text='"Round 2", "Semifinal" ...')
    team1 = DraftTeamSerializer()
    team2 = DraftTeamSerializer()
    status = serializers.ChoiceField(choices=DraftStatus.choices)
    picks_made = serializers.IntegerField()
    pick_count = serializers.IntegerField()
    seat_to_pick = serializers.CharField(
        allow_null=True, help_text='The seat whose pick the table waits for, e.g. "1B".'
    )
    deadline = serializers.DateTimeField(allow_null=True)
    deck_building_ends_at = serializers.DateTimeField(
        allow_null=True, help_text="After the draft: when deck building ends (40 minutes by default)."
    )

    def to_representation(self, table: DraftTable) -> dict:
        running = table.status == DraftStatus.RUNNING
        ends = table.deck_building_ends_at
        return {
            "number": table.number,
            "round": table.round.number if table.round_id else None,
            "round_name": table.round.name if table.round_id else None,
            "team1": {"id": table.team1_id, "name": table.team1.team.name},
            "team2": {"id": table.team2_id, "name": table.team2.team.name},
            "status": table.status,
            "picks_made": table.picks_made,
            "pick_count": table.pick_count,
            "seat_to_pick": draft_seat_to_pick(table=table),
            "deadline": serializers.DateTimeField().to_representation(table.deadline)
            if running and table.deadline
            else None,
            "deck_building_ends_at": serializers.DateTimeField().to_representation(ends) if ends else None,
        }


class DraftCardSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 was laid out first: the card a late player gets.")
    name = serializers.CharField()
    set_code = serializers.CharField()
    rarity = serializers.CharField()
    colors = serializers.CharField()
    types = serializers.CharField()
    mana_value = serializers.FloatField()
    foil = serializers.BooleanField()


class DraftSeatSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text='"1A" ... "2C", clockwise.')
    player = serializers.CharField()
    latest_pick = serializers.CharField(
        allow_null=True, help_text="The card this seat most recently took from the current pack."
    )


class DraftTableDetailOutputSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField(
        allow_null=True,
        help_text="The event's round this table drafts for (null: the one draft of an event that lifts the pod rule).",
    )
    round_name = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=DraftStatus.choices)
    pack_round = serializers.IntegerField(allow_null=True, help_text="The draft's own round of packs, 1 to 3.")
    deck_building_ends_at = serializers.DateTimeField(
        allow_null=True, help_text="After the draft: when deck building ends (40 minutes by default)."
    )
    pack_number = serializers.IntegerField(allow_null=True, help_text="1-based, in the whole draft.")
    opener = serializers.CharField(allow_null=True, help_text="The seat that laid out the current pack.")
    pick_number = serializers.IntegerField(allow_null=True)
    pack_size = serializers.IntegerField(allow_null=True)
    seat_to_pick = serializers.CharField(allow_null=True)
    in_review = serializers.BooleanField(help_text="The pack is being reviewed; picks open at picks_open_at.")
    picks_open_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the current pick times out.")
    pack = DraftCardSerializer(many=True, help_text="The cards still on the table, in the order laid out.")
    seats = DraftSeatSerializer(many=True)
