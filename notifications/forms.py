"""The choices page's form: per kind, push and the e-mail digest."""

from django import forms
from django.utils.translation import gettext as _

from notifications.kinds import NoticeKind


class PreferencesForm(forms.Form):
    """Two boxes per kind (`<kind>_push`, `<kind>_email`); the inbox always has everything."""

    def __init__(self, *args, initial_choices: dict[str, dict[str, bool]], **kwargs):
        super().__init__(*args, **kwargs)
        names = {"push": _("Push: %(kind)s"), "email": _("E-mail digest: %(kind)s")}
        for kind, label in NoticeKind.choices:
            for channel in ("push", "email"):
                # Each box says what it is: a screen reader hears "Push: Pairings, checkbox", not "checkbox" 22 times.
                self.fields[f"{kind}_{channel}"] = forms.BooleanField(
                    required=False,
                    label=label,
                    initial=initial_choices[kind][channel],
                    widget=forms.CheckboxInput(attrs={"aria-label": names[channel] % {"kind": label}}),
                )

    def rows(self):
        """(label, push field, e-mail field) per kind, for the table."""
        return [(label, self[f"{kind}_push"], self[f"{kind}_email"]) for kind, label in NoticeKind.choices]

    def choices(self) -> dict[str, dict[str, bool]]:
        return {
            kind: {channel: self.cleaned_data[f"{kind}_{channel}"] for channel in ("push", "email")}
            for kind in NoticeKind.values
        }


class SubscriptionForm(forms.Form):
    """What the browser's PushManager.subscribe() handed over (PushSubscription.toJSON())."""

    endpoint = forms.URLField(max_length=1000, assume_scheme="https")
    p256dh = forms.CharField(max_length=200)
    auth = forms.CharField(max_length=100)
