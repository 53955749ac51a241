"""The judges' forms. They only read and shape input; judging.services decides."""

from django import forms
from django.utils.translation import gettext_lazy as _

from judging.enums import DeckCheckResult, Infraction, PenaltyKind
from tournaments.models import Event, Registration, Round, Seat
from tournaments.wording import entrant_noun


def _round_field(event: Event) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        label=_("Round"),
        required=False,
        queryset=Round.objects.filter(event=event).order_by("-number"),
        empty_label=_("Before round 1"),
    )


class DeckCheckForm(forms.Form):
    registration = forms.ModelChoiceField(label=_("Team"), queryset=Registration.objects.none())
    result = forms.ChoiceField(label=_("Result"), choices=DeckCheckResult.choices)
    note = forms.CharField(label=_("Note"), required=False, max_length=4000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["registration"].queryset = (
            Registration.objects.filter(event=event).select_related("team").order_by("team__name")
        )
        self.fields["registration"].label = entrant_noun(event=event, form="Singular")
        self.fields["round"] = _round_field(event)
        self.order_fields(["registration", "round", "result", "note"])


class SeatChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, seat: Seat) -> str:
        if seat.event.is_individual:
            return seat.player.name  # a team of one is named as its player
        return f"{seat.registration.team.name} · {seat.letter} · {seat.player.name}"


class PenaltyForm(forms.Form):
    seat = SeatChoiceField(label=_("Player"), queryset=Seat.objects.none())
    infraction = forms.ChoiceField(label=_("Infraction"), choices=Infraction.choices)
    penalty = forms.ChoiceField(label=_("Penalty"), choices=PenaltyKind.choices)
    note = forms.CharField(label=_("Note"), required=False, max_length=4000, widget=forms.Textarea(attrs={"rows": 2}))
    apply_to_result = forms.BooleanField(
        label=_("Apply a Game Loss or Match Loss to this round's match result now"),
        required=False,
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].queryset = (
            Seat.objects.filter(event=event)
            .select_related("registration__team", "player", "event")
            .order_by("registration__team__name", "letter")
        )
        self.fields["round"] = _round_field(event)
        self.order_fields(["seat", "round", "infraction", "penalty", "note", "apply_to_result"])


class JudgeDecklistForm(forms.Form):
    text = forms.CharField(
        label=_("Decklist"),
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false", "autocapitalize": "off"}),
    )
    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=2000,
        help_text=_("Recorded in the event's log with the list as it was."),
    )
