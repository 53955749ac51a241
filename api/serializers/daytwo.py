"""The Day 2 cut's shapes (api.views.daytwo): making it, and the cut as it stands."""

from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.enums import CutKind


class CutInputSerializer(StrictInputSerializer):
    """Make the cut; each field left out is the event's setting (day2_cut_round, day2_cut_kind,
    day2_cut_threshold), and each one sent becomes it."""

    round = serializers.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        help_text="The Swiss round after which the cut is made (not the last one).",
    )
    kind = serializers.ChoiceField(
        choices=CutKind.choices,
        required=False,
        help_text='"record": the threshold is the losses allowed ("X-2 or better"); '
        '"points": the match points needed ("18 points or more").',
    )
    threshold = serializers.IntegerField(
        min_value=0,
        max_value=90,
        required=False,
        help_text="The losses allowed (record) or the match points needed (points).",
    )


class CutOutputSerializer(serializers.Serializer):
    round = serializers.IntegerField(allow_null=True, help_text="The round the cut comes after; null: no cut set.")
    kind = serializers.CharField(help_text='"record", "points", or "" when no cut is set.')
    threshold = serializers.IntegerField(allow_null=True)
    applied = serializers.BooleanField(help_text="The cut is made: those below it are no longer paired.")
    min_points = serializers.IntegerField(
        allow_null=True, help_text="The match points the threshold asks for (before the cut is made, in a preview)."
    )
    advanced = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Team ids (in the event) that "
        "advance, in standings order after the cut's round; a preview before it is made.",
    )
    not_advanced = serializers.ListField(
        child=serializers.IntegerField(), help_text="Team ids that did not (or would not) advance."
    )
    problem = serializers.CharField(help_text='Why the cut can\'t be made now; "" when it can (or is made).')
