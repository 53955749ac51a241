"""A paper draft's seats and calls as the API shows and takes them (api.views.paper; issue 40): the same timers the
call pages compute from (drafting.selectors.paper.event_timers_state)."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from drafting import called
from drafting.models import TimerKind


class CallSerializer(serializers.Serializer):
    """One timer: its schedule (segments of `kind` pick, review or build, each `seconds` long) and its stopwatch
    (epoch seconds); where it stands at `server_now` (`index` of the segment, null when over, `left` seconds)."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=TimerKind.choices, help_text="draft: a called draft; build: deck building.")
    schedule = serializers.ListField(
        child=serializers.DictField(),
        help_text=(
            "Segments in order: kind, seconds, pack, pick, cards, passing (left/right; clockwise/counter-clockwise at a "
            "Rochester table); take (2: a Two-Headed Giant pick); seat, round and next_opener at a Rochester table."
        ),
    )
    started = serializers.FloatField()
    paused_at = serializers.FloatField(allow_null=True)
    paused_seconds = serializers.FloatField()
    version = serializers.IntegerField()
    server_now = serializers.FloatField()
    index = serializers.IntegerField(allow_null=True)
    left = serializers.FloatField()
    pod = serializers.IntegerField(allow_null=True, help_text="The pod's number, for a pod's own call.")
    pod_id = serializers.IntegerField(allow_null=True, help_text="The pod's id (`?pod=` of the call page's state).")
    table = serializers.IntegerField(allow_null=True, help_text="The draft table's number, for a table's call.")
    table_id = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="The round of the table's call.")
    label = serializers.CharField(help_text='Whose call: "Round 2, table 3: A – B", "Pod 2", or empty.')


class CallsSerializer(serializers.Serializer):
    server_now = serializers.FloatField()
    draft = CallSerializer(allow_null=True, help_text="The event-wide called draft (all pods), or null.")
    build = CallSerializer(allow_null=True, help_text="The event-wide deck building timer, or null.")
    calls = CallSerializer(many=True, help_text="Every pod's and every round's table's own call.")


class CallStartInputSerializer(StrictInputSerializer):
    kind = serializers.ChoiceField(choices=TimerKind.choices)
    pack_size = serializers.IntegerField(
        required=False,
        min_value=called.MIN_PACK_SIZE,
        max_value=called.MAX_PACK_SIZE,
        help_text="Cards in a pack (kind draft).",
    )
    packs = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=called.MAX_PACKS,
        help_text="Packs a drafter opens; default 3 (booster), 6 (Two-Headed Giant).",
    )
    pod = serializers.IntegerField(required=False, min_value=1, help_text="A pod's id: that pod's own call.")
    table = serializers.IntegerField(
        required=False, min_value=1, help_text="A team Rochester draft table's id: that table's call."
    )
    first_team = serializers.ChoiceField(
        required=False, choices=[1, 2], help_text="At a Rochester table: the team that picks first."
    )
    minutes = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=180,
        help_text=(
            "kind build: the deck building time; at a Rochester table: the deck building that follows the draft."
        ),
    )

    def validate(self, data):
        if data["kind"] == TimerKind.CALLED_DRAFT and "pack_size" not in data:
            raise serializers.ValidationError({"pack_size": [_("Choose the number of cards in a pack.")]})
        if data["kind"] == TimerKind.DECK_BUILDING and "minutes" not in data:
            raise serializers.ValidationError({"minutes": [_("Give the deck building time in whole minutes.")]})
        if "pod" in data and "table" in data:
            raise serializers.ValidationError({"table": [_("A call is a pod's or a table's, not both.")]})
        return data


class CallActionInputSerializer(StrictInputSerializer):
    action = serializers.ChoiceField(
        choices=["pause", "resume", "end"],
        help_text=(
            "pause or resume any call; end: the deck building timer ends now, before its time is up (every deck is in)."
        ),
    )


class PaperSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()


class PaperPodSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    seats = PaperSeatSerializer(many=True)


class PaperPodsInputSerializer(StrictInputSerializer):
    pods_every_round = serializers.BooleanField(
        required=False, default=False, help_text="Booster draft: every Swiss round pairs within the pod."
    )
    confirm_five = serializers.BooleanField(
        required=False, default=False, help_text="Two-Headed Giant: five teams make one pod of five."
    )
