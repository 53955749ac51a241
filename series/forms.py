"""The organizer's forms for a series (series/views.py); the services check and write."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from series.models import DEFAULT_POINTS_TABLE, Series
from series.services import MAX_WEEKS
from tournaments.models import Event


class PointsTableField(forms.CharField):
    """ "10, 8, 6, 5, 4" as [10, 8, 6, 5, 4]."""

    def prepare_value(self, value):
        return ", ".join(str(p) for p in value) if isinstance(value, list) else value

    def to_python(self, value):
        text = (value or "").replace(";", ",").strip()
        if not text:
            return []
        try:
            return [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            raise ValidationError(_("Write the points as whole numbers separated by commas: 10, 8, 6, 5.")) from None


class SeriesForm(forms.ModelForm):
    points_table = PointsTableField(
        label=_("Points by placing"),
        required=False,
        max_length=2000,
        initial=DEFAULT_POINTS_TABLE,  # a declared field takes no default of the model's
        help_text=_("Points for 1st, 2nd, 3rd, ... place, separated by commas."),
    )

    class Meta:
        model = Series
        fields = [
            "name",
            "kind",
            "is_public",
            "points_source",
            "points_table",
            "participation_points",
            "best_of",
            "qualify_top",
            "qualify_points",
        ]


class AttachForm(forms.Form):
    event = forms.ModelChoiceField(queryset=Event.objects.none(), label=_("Event"))

    def __init__(self, *args, events, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events


class WeeklyRunForm(AttachForm):
    weeks = forms.IntegerField(label=_("Weeks"), min_value=1, max_value=MAX_WEEKS, initial=8)


class InviteForm(forms.Form):
    who = forms.CharField(
        label=_("Organizer's user name or e-mail"),
        max_length=254,
        help_text=_("Once they accept, they put their own events into the series and its standings count them."),
    )
