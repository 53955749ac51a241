"""The organizer's console forms: a new event from a preset, every setting of an event and its phase plan. Forms only read and
check what was typed; tournaments.services.events creates and changes the event (and says what the rules refuse)."""

from django import forms
from django.forms.models import fields_for_model, model_to_dict
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from cards.deckrules import CHECKED_FORMATS, FORMAT_NAMES
from tournaments.presets import (
    POD_FORMAT,
    POD_SCORING_CHOICES,
    PRESETS,
    PRESETS_BY_KEY,
    preset_event_fields,
    suggested_top_pod,
)
from multiplayer.engine import SCORING_PRESETS
from organizations.models import Location
from series.models import Series
from tournaments.enums import (
    SEAT_LETTERS,
    DeckRule,
    DraftStructure,
    EnforcementLevel,
    FormatKind,
    PairingScope,
    PodLeftovers,
)
from tournaments.models import DEFAULT_ROUND_MINUTES, Event
from tournaments.models.phases import MAX_POD_SIZE
from tournaments.services.events import EDITABLE_FIELDS
from tournaments.wording import INDIVIDUAL_HIDDEN_SETTINGS, individual_format_choices, individual_setting_words

# The formats cards/ checks decks for, by their proper names (Standard, Pioneer, Modern ...), in the reader's language.
FORMAT_CHOICES = [(name, FORMAT_NAMES[name]) for name in CHECKED_FORMATS]
DEFAULT_CONSTRUCTED_FORMAT = "standard"  # the format a store runs most
TOP_CUT_CHOICES = [
    ("", _("Suggested for the number expected")),
    ("0", _("None")),
    ("2", _("Top 2")),
    ("4", _("Top 4")),
    ("8", _("Top 8")),
    ("16", _("Top 16")),
    ("32", _("Top 32")),
]
# A Commander night's top pod (issue 56) or playoff of pods (issue 50): multiplayer.engine.PLAYOFF_PLANS (the event's
# checks refuse any other), never a bracket of 2, 8 or 32.
TOP_POD_CHOICES = [
    ("", _("Suggested for the number expected")),
    ("0", _("No top pod: the standings decide")),
    ("4", _("A top pod of the first 4: its winner wins")),
    ("10", _("A top 10: seeds 3 to 10 play two pods, their winners join seeds 1 and 2 at the top pod")),
    ("16", _("A top 16: four pods, their winners play the top pod")),
    ("40", _("A top 40: ten pods, their winners play a top 10")),
]
MIXED_SEATS = 3  # the mixed-format preset's teams of three; other sizes on the settings page
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DATETIME_INPUT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


# The team sizes some preset may be played with (issue 45: never offer a size every preset refuses).
PRESET_TEAM_SIZES = sorted({size for p in PRESETS if not p.is_individual for size in (p.team_size, *p.team_sizes)})


def _seat_format_field(letter: str, required: bool = False) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("Seat %(letter)s's format") % {"letter": letter},
        required=required,
        choices=[("", "—")] + FORMAT_CHOICES,
    )


class EventNewForm(forms.Form):
    """A new event: its name, date (today unless changed) and place, one of the presets, and the few questions the
    preset asks."""

    name = forms.CharField(label=_("Name"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT, initial=timezone.localdate)
    location = forms.CharField(label=_("Location"), max_length=200, required=False)
    # Nothing chosen until the organizer chooses (issue 56: "Create" without a choice made a team event).
    preset = forms.ChoiceField(
        label=_("Format"),
        choices=[(p.key, p.label) for p in PRESETS],
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose a format: one of the players' events or of the team events.")},
    )
    team_size = forms.TypedChoiceField(
        label=_("Team size"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("The format's own"))] + [(str(n), str(n)) for n in PRESET_TEAM_SIZES],
        help_text=_("Team constructed and Three-Headed Serpent may be played by teams of 2 to 4."),
    )
    expected_teams = forms.IntegerField(
        label=_("Players or teams expected"),
        min_value=2,
        max_value=4096,
        initial=8,
        help_text=_(
            "Players in an individual event, teams in a team event. Sets the suggested Swiss rounds and top cut."
        ),
    )
    swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"),
        min_value=1,
        max_value=30,
        required=False,
        help_text=_("Empty: as the Magic Tournament Rules suggest for the number expected (8: 3 rounds, 16: 4)."),
    )
    top_cut = forms.ChoiceField(label=_("Top cut"), choices=TOP_CUT_CHOICES, required=False)
    round_minutes = forms.IntegerField(
        label=_("Minutes per round"), min_value=1, max_value=600, initial=DEFAULT_ROUND_MINUTES
    )
    constructed_format = forms.ChoiceField(
        label=_("Constructed format"), choices=FORMAT_CHOICES, initial=DEFAULT_CONSTRUCTED_FORMAT, required=False
    )
    deck_rule = forms.ChoiceField(
        label=_("Unified deck construction"),
        choices=DeckRule.choices,
        required=False,
        help_text=_("Empty: the format's default (four copies per team; no shared cards in Two-Headed Giant)."),
    )
    draft_structure = forms.ChoiceField(
        label=_("Draft structure"), choices=DraftStructure.choices, initial=DraftStructure.EVERY_ROUND, required=False
    )
    pod_size = forms.TypedChoiceField(
        label=_("Players a pod"), coerce=int, required=False, initial=4, choices=[(3, "3"), (4, "4"), (5, "5")]
    )
    pod_leftovers = forms.ChoiceField(
        label=_("Players left over"), choices=PodLeftovers.choices, initial=PodLeftovers.SMALLER, required=False
    )
    pod_scoring = forms.ChoiceField(
        label=_("Points"), choices=POD_SCORING_CHOICES, initial="competitive", required=False
    )
    top_pod = forms.ChoiceField(label=_("Top pod"), choices=TOP_POD_CHOICES, required=False)
    enforcement_level = forms.ChoiceField(
        label=_("Rules enforcement level"), choices=EnforcementLevel.choices, initial=EnforcementLevel.REGULAR
    )
    is_public = forms.BooleanField(
        label=_("Public: pairings and standings visible to everyone"), required=False, initial=True
    )
    series = forms.ModelChoiceField(
        label=_("Series"),
        queryset=Series.objects.none(),
        required=False,
        help_text=_("Put the new event straight into one of your series."),
    )
    store = forms.ModelChoiceField(
        label=_("Store"),
        queryset=Location.objects.none(),
        required=False,
        empty_label=_("None: my own event"),
        help_text=_("Held at one of your organization's stores: its staff help at it and its calendar lists it."),
    )
    start_time = forms.TimeField(
        label=_("Starts at"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text=_("The store's local time, for its calendar; empty: a day-long event."),
    )

    def __init__(self, *args, series=None, stores=None, **kwargs):
        super().__init__(*args, **kwargs)
        if series is not None:
            self.fields["series"].queryset = series
        if stores is not None:
            self.fields["store"].queryset = stores
            self.fields["store"].label_from_instance = lambda store: (
                store.name if store.name == store.organization.name else f"{store.organization.name}: {store.name}"
            )
        self.fields["deck_rule"].choices = [("", _("The format's default"))] + list(DeckRule.choices)
        for letter in SEAT_LETTERS[:MIXED_SEATS]:
            self.fields[f"seat_format_{letter}"] = _seat_format_field(letter)

    def clean(self):
        data = super().clean()
        preset = PRESETS_BY_KEY.get(data.get("preset") or "")
        if preset is None:
            return data
        size = data.get("team_size")
        if size is not None and size != preset.team_size and size not in preset.team_sizes:
            if preset.is_individual:
                self.add_error(
                    "team_size",
                    _("%(format)s is an event of single players: leave the team size empty.")
                    % {"format": preset.label},
                )
            else:
                self.add_error(
                    "team_size",
                    _("%(format)s is played by teams of %(n)d.") % {"format": preset.label, "n": preset.team_size},
                )
        if "constructed_format" in preset.asks and not data.get("constructed_format"):
            self.add_error("constructed_format", _("Pick the constructed format."))
        if "seat_formats" in preset.asks:
            for letter in SEAT_LETTERS[:MIXED_SEATS]:
                if not data.get(f"seat_format_{letter}"):
                    self.add_error(f"seat_format_{letter}", _("Pick seat %(letter)s's format.") % {"letter": letter})
        return data

    @property
    def chosen_preset(self):
        return PRESETS_BY_KEY[self.cleaned_data["preset"]]

    def event_fields(self) -> dict:
        """The settings for tournaments.services.events.event_create (the organizer aside)."""
        data, preset = self.cleaned_data, self.chosen_preset
        teams = data["expected_teams"]
        fields = {
            "name": data["name"],
            "date": data["date"],
            "location": data["location"],
            "is_public": data["is_public"],
            **preset_event_fields(
                preset=preset,
                expected=teams,
                team_size=data.get("team_size"),
                enforcement_level=data["enforcement_level"],
            ),
        }
        if data.get("swiss_rounds"):
            fields["swiss_rounds"] = data["swiss_rounds"]
        if data.get("top_cut") not in (None, ""):
            fields["top_cut"] = int(data["top_cut"])
        if "constructed_format" in preset.asks:
            fields["constructed_format"] = data["constructed_format"]
        elif preset.constructed_format:
            fields["constructed_format"] = preset.constructed_format
        if "deck_rule" in preset.asks and data.get("deck_rule"):
            fields["deck_rule"] = data["deck_rule"]
        if "seat_formats" in preset.asks:
            fields["seat_formats"] = [data[f"seat_format_{letter}"] for letter in SEAT_LETTERS[:MIXED_SEATS]]
        if "draft_structure" in preset.asks and data.get("draft_structure"):
            fields["draft_structure"] = data["draft_structure"]
        if "pod_size" in preset.asks:
            scoring = SCORING_PRESETS[data.get("pod_scoring") or "competitive"]
            fields.update(
                constructed_format=POD_FORMAT,
                pod_size=data.get("pod_size") or 4,
                pod_leftovers=data.get("pod_leftovers") or PodLeftovers.SMALLER,
                pod_win_points=scoring.win,
                pod_draw_points=scoring.draw,
                pod_loss_points=scoring.loss,
                pod_bye_points=scoring.bye,
                top_cut=_top_pod(data, teams),
            )
        return fields


def _top_pod(data: dict, players: int) -> int:
    """A Commander night's top pod: the *Top pod* answer, else a top cut of 0 or 4 asked the old way, else the
    suggestion for the players expected."""
    if data.get("top_pod") not in (None, ""):
        return int(data["top_pod"])
    if data.get("top_cut") in ("0", "4"):
        return int(data["top_cut"])
    return suggested_top_pod(players)


class EventCopyForm(forms.Form):
    """ "Run again": the new event's date (the rest is the event's own settings)."""

    date = forms.DateField(label=_("Date of the new event"), widget=DATE_INPUT)


# Every setting the organizer may change (tournaments.services.events.EDITABLE_FIELDS), in the page's order; the
# formats per seat are asked one choice per seat instead of as a list.
SETTINGS_FIELDS = tuple(name for name in EDITABLE_FIELDS if name != "seat_formats")
POD_SETTINGS = (
    "pod_size",
    "pod_leftovers",
    "pod_win_points",
    "pod_draw_points",
    "pod_loss_points",
    "pod_bye_points",
    "pod_tiebreak",
    "pod_opponent_floor",
    "pod_byes_at_floor",
)


class ByRelSelect(forms.NullBooleanSelect):
    """The event's review_pairings: empty follows the REL (issue 53), or always, or never."""

    def __init__(self, attrs=None):
        super().__init__(attrs)
        self.choices = [
            ("unknown", _("As the REL says (on at Competitive and Professional)")),
            ("true", _("Yes, always")),
            ("false", _("No, never")),
        ]


_SETTINGS_WIDGETS = {
    "review_pairings": ByRelSelect(),
    "date": DATE_INPUT,
    "decklist_deadline": DATETIME_INPUT,
    "signup_deadline": DATETIME_INPUT,
    "extra_banned": forms.Textarea(attrs={"rows": 4}),
}


class EventSettingsForm(forms.Form):
    """Every setting of one event. Settings the event's progress has fixed are shown disabled, with the reason
    (`locks`: field name to reason); the service refuses any other change the rules don't allow."""

    round_minutes = forms.IntegerField(label=_("Minutes per round"), min_value=1, max_value=600)

    def __init__(self, *args, event: Event, round_minutes: int, locks: dict[str, str], **kwargs):
        initial = model_to_dict(event, fields=list(SETTINGS_FIELDS))
        initial["round_minutes"] = round_minutes
        for letter, name in zip(SEAT_LETTERS, event.seat_formats or []):
            initial[f"seat_format_{letter}"] = name
        super().__init__(*args, initial=initial, **kwargs)
        self.fields.update(fields_for_model(Event, fields=list(SETTINGS_FIELDS), widgets=_SETTINGS_WIDGETS))
        formats = FORMAT_CHOICES + (
            [(event.constructed_format, event.constructed_format.capitalize())]
            if event.constructed_format and event.constructed_format not in FORMAT_NAMES
            else []
        )
        self.fields["constructed_format"] = forms.ChoiceField(
            label=_("Constructed format"), required=False, choices=[("", "—")] + formats
        )
        if not event.is_multiplayer:  # the pods' settings mean nothing to other events
            for name in POD_SETTINGS:
                self.fields.pop(name, None)
        elif "top_cut" in self.fields:  # a top pod of four or none, in the players' words (issue 56)
            self.fields["top_cut"] = forms.TypedChoiceField(
                label=_("Top pod"), coerce=int, choices=[(int(v), label) for v, label in TOP_POD_CHOICES if v]
            )
        if event.format_kind == FormatKind.TEAM_CONSTRUCTED_MIXED:
            for letter in SEAT_LETTERS[: event.team_size]:
                self.fields[f"seat_format_{letter}"] = _seat_format_field(letter, required=True)
        if event.is_individual:  # players' words, and no team-only settings (tournaments.wording)
            for name in INDIVIDUAL_HIDDEN_SETTINGS:
                self.fields.pop(name, None)
            for name, (label, help_text) in individual_setting_words().items():
                if name in self.fields:
                    self.fields[name].label, self.fields[name].help_text = capfirst(label), help_text
            self.fields["format_kind"].choices = individual_format_choices(current=event.format_kind)
        self.locks = locks
        for name, reason in locks.items():
            if name in self.fields:
                self.fields[name].disabled = True
                self.fields[name].help_text = reason

    def event_changes(self, *, event: Event) -> dict:
        """The settings that differ from the event's, for tournaments.services.events.event_update."""
        data = self.cleaned_data
        changes = {
            name: data[name] for name in SETTINGS_FIELDS if name in self.changed_data and not self.fields[name].disabled
        }
        seats = [data[name] for name in sorted(self.fields) if name.startswith("seat_format_")]
        if seats and seats != list(event.seat_formats or []):
            changes["seat_formats"] = seats
        return changes


# --- Card data from the browser (docs/cards.md) ------------------------------------------------------------------
CARD_DOWNLOAD_CHOICES = [
    ("mtgjson", _("MTGJSON AllPrintings (cards, sets, printings; about 100 MB)")),
    ("mtgjson-atomic", _("MTGJSON AtomicCards (cards only; about 30 MB)")),
    ("scryfall-oracle", _("Scryfall oracle cards (cards only)")),
]


class CardDataUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Card data file"),
        help_text=_(
            "MTGJSON AllPrintings or AtomicCards, or Scryfall oracle-cards or default-cards; plain JSON or "
            "compressed (.xz, .gz, .bz2, .zip)."
        ),
    )


class CardDataRequestForm(forms.Form):
    note = forms.CharField(
        label=_("Note for the operator"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Optional: what is missing (a new set, a banned list change) and by when you need it."),
    )


class CardDataDownloadForm(forms.Form):
    source = forms.ChoiceField(label=_("Download"), choices=CARD_DOWNLOAD_CHOICES, widget=forms.RadioSelect)


class PhaseForm(forms.Form):
    """One phase of a big event's plan (docs/phases.md), as the settings page adds or changes it; the service
    (tournaments.services.phases) says what the event can't play."""

    name = forms.CharField(
        label=_("Name"),
        max_length=100,
        required=False,
        help_text=_('Optional: "Day 1 sealed". Empty: the format\'s name.'),
    )
    format_kind = forms.ChoiceField(label=_("Format"), choices=FormatKind.choices)
    constructed_format = forms.ChoiceField(
        label=_("Constructed format"), required=False, choices=[("", _("The event's")), *FORMAT_CHOICES]
    )
    rounds = forms.IntegerField(label=_("Swiss rounds"), min_value=1, max_value=30)
    pairing_scope = forms.ChoiceField(label=_("Pairing"), choices=PairingScope.choices, initial=PairingScope.FIELD)
    pod_size = forms.IntegerField(
        label=_("Pod size"),
        min_value=2,
        max_value=MAX_POD_SIZE,
        initial=MAX_POD_SIZE,
        help_text=_("Draft pods only: pod 1 holds the top of the standings."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        if event.is_individual:
            current = self.initial.get("format_kind") or event.format_kind
            self.fields["format_kind"].choices = individual_format_choices(current=current)
