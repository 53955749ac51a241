"""Decklists as the API shows them and as a player registers one (api.views.decklists; docs/decklists-and-judging.md)."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.services.decklists import MAX_UPLOAD_BYTES


class DecklistOutputSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="The seat's letter (A in an individual event).")
    player = serializers.CharField()
    submitted = serializers.BooleanField(help_text="Whether the seat's player has registered a list.")
    text = serializers.CharField(help_text="The list as it was typed or pasted.")
    main = serializers.DictField(child=serializers.IntegerField(), help_text="English card name -> copies.")
    sideboard = serializers.DictField(child=serializers.IntegerField())
    commanders = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="A Commander deck's commander(s), English name -> count: those of its Commander section (not in "
        "main or sideboard), or MTGO's commander in the sideboard (there too); {} in other formats.",
    )
    main_count = serializers.IntegerField()
    sideboard_count = serializers.IntegerField()
    submitted_at = serializers.DateTimeField(allow_null=True)
    unread_lines = serializers.ListField(
        child=serializers.CharField(), help_text="The lines Hydra could not read, each with the reason."
    )


class TeamDecklistsOutputSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    name = serializers.CharField()
    decklists = DecklistOutputSerializer(many=True)
    problems = serializers.ListField(
        child=serializers.CharField(), help_text="The team's deck problems, in the caller's language."
    )


class MyDecklistOutputSerializer(serializers.Serializer):
    open = serializers.BooleanField(help_text="Whether the caller may register (again) now.")
    closed_reason = serializers.CharField(help_text="Why not, when not; empty when open.")
    real_product = serializers.BooleanField(
        help_text="A limited event with real product: a typed list (a main deck of at least 40, the rest "
        "sideboard) with no pool to check against."
    )
    decklist = DecklistOutputSerializer()
    problems = serializers.ListField(child=serializers.CharField())


class DecklistInputSerializer(StrictInputSerializer):
    text = serializers.CharField(
        max_length=MAX_UPLOAD_BYTES,
        trim_whitespace=False,
        help_text='One card per line, "4 Lightning Bolt"; a "Sideboard" line or a blank line before the sideboard.',
    )
    commanders = serializers.ListField(
        child=serializers.CharField(max_length=200),
        required=False,
        max_length=2,
        help_text='A Commander deck\'s commander, or two partners: each becomes a line "Commander: <name>" at the top '
        'of the list. The list may name them itself instead (a "Commander" section, "*CMDR*").',
    )
