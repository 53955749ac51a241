"""An event's settings as the API shows them and as an organizer writes them (api.views.events)."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from api.serializers.common import StrictInputSerializer, StrictModelSerializer
from tournaments.enums import EventStatus, FormatKind, Structure
from tournaments.models import Event
from tournaments.presets import PRESETS, PRESETS_BY_KEY
from tournaments.services.events import EDITABLE_FIELDS


class EventOutputSerializer(serializers.ModelSerializer):
    structure = serializers.ChoiceField(choices=Structure.choices)
    format_kind = serializers.ChoiceField(choices=FormatKind.choices)
    status = serializers.ChoiceField(choices=EventStatus.choices)
    seat_formats = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField(help_text="Goes up with every change to pairings or results.")
    review_pairings = serializers.BooleanField(
        allow_null=True,
        help_text="Whether a paired round waits for the organizer's publish before players see it; null: as the REL "
        "says (on at Competitive and Professional REL, off at Regular).",
    )
    reviews_pairings = serializers.BooleanField(
        read_only=True, help_text="What applies now: review_pairings, or the REL's default when it is null."
    )

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "date",
            "location",
            "team_size",
            "structure",
            "format_kind",
            "constructed_format",
            "seat_formats",
            "deck_rule",
            "extra_banned",
            "decklist_deadline",
            "decklists_locked",
            "swiss_rounds",
            "top_cut",
            "bracket_seeding",
            "status",
            "is_public",
            "shared_life",
            "shared_poison",
            "shared_games_per_match",
            "version",
            "enforcement_level",
            "draft_structure",
            "rochester_teams_of_two",
            "deck_building_minutes",
            "formats_must_differ",
            "rating_importance",
            "region",
            "seed_by_rating",
            "decklists_published",
            "pods_play_across",
            "real_product",
            "decklists_at_regular",
            "signup_open",
            "signup_deadline",
            "signup_capacity",
            "signup_needs_approval",
            "pod_size",
            "pod_leftovers",
            "pod_win_points",
            "pod_draw_points",
            "pod_loss_points",
            "pod_bye_points",
            "pod_tiebreak",
            "pod_opponent_floor",
            "pod_byes_at_floor",
            "day2_cut_round",
            "day2_cut_kind",
            "day2_cut_threshold",
            "day2_cut_applied",
            "review_pairings",
            "reviews_pairings",
        ]


class EventInputSerializer(StrictModelSerializer):
    """An event's settings, named as the model's fields. Creating needs `name` and `date`; the rest default."""

    seat_formats = serializers.ListField(
        child=serializers.CharField(max_length=30),
        max_length=8,
        required=False,
        help_text='Mixed-format events: one format per seat, e.g. ["standard", "pioneer", "modern"].',
    )

    class Meta:
        model = Event
        fields = list(EDITABLE_FIELDS)


class EventCreateInputSerializer(EventInputSerializer):
    """A new event: its settings, or a `preset` (GET /api/v1/presets/) for `expected` players or teams, with any
    setting given beside it winning over the preset's."""

    preset = serializers.ChoiceField(
        choices=[p.key for p in PRESETS],
        required=False,
        write_only=True,
        help_text="A format's preset: its team size, structure, format, REL and the settings it fixes, and the "
        'Swiss rounds and top cut for `expected` (e.g. "prerelease": sealed with real product).',
    )
    expected = serializers.IntegerField(
        min_value=2,
        max_value=4096,
        required=False,
        write_only=True,
        help_text="With `preset`: the players (or teams) expected, for the suggested Swiss rounds and top cut; 8 "
        "when left out.",
    )

    class Meta(EventInputSerializer.Meta):
        fields = [*EventInputSerializer.Meta.fields, "preset", "expected"]

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if "expected" in attrs and "preset" not in attrs:
            raise serializers.ValidationError({"expected": [_("Give a preset with the number expected.")]})
        preset = PRESETS_BY_KEY.get(attrs.get("preset") or "")
        size = attrs.get("team_size")
        if preset is not None and size is not None and size not in (preset.team_size, *preset.team_sizes):
            raise serializers.ValidationError(
                {
                    "team_size": [
                        _("%(format)s is played by teams of %(sizes)s.")
                        % {
                            "format": preset.label,
                            "sizes": _(" or ").join(str(n) for n in sorted({preset.team_size, *preset.team_sizes})),
                        }
                    ]
                }
            )
        return attrs


class PresetOutputSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="What `preset` takes when creating an event.")
    label = serializers.CharField()
    explains = serializers.CharField()
    team_size = serializers.IntegerField()
    team_sizes = serializers.ListField(
        child=serializers.IntegerField(), help_text="Every team size it may be played with."
    )
    structure = serializers.ChoiceField(choices=Structure.choices)
    format_kind = serializers.ChoiceField(choices=FormatKind.choices)
    settings = serializers.DictField(
        help_text="The event settings the preset fixes (real_product, "
        "enforcement_level, decklists_at_regular, deck_building_minutes ...)."
    )


class EventCopyInputSerializer(StrictInputSerializer):
    """ "Run again": the new event's date; a week after the event when left out."""

    date = serializers.DateField(required=False, help_text="The new event's date; default: a week after the event.")


class EventImportOutputSerializer(EventOutputSerializer):
    """The imported event, and what an MTGODecklistCache file had to be read as or doesn't add up."""

    warnings = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        source="import_warnings",
        help_text="Missing round numbers, teams or players without any match, results "
        "that don't add up, byes written as a player named Bye ...",
    )

    class Meta(EventOutputSerializer.Meta):
        fields = [*EventOutputSerializer.Meta.fields, "warnings"]
