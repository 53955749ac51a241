"""The webhook form: it only reads and shapes input; webhooks.services decides."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.signals import DomainEvent


class WebhookForm(forms.Form):
    url = forms.CharField(
        label=_("Address (URL)"),
        max_length=500,
        help_text=_(
            "Your receiver's address, or a Discord channel's webhook URL (https://discord.com/api/webhooks/…)."
        ),
    )
    topics = forms.MultipleChoiceField(
        label=_("Send when"),
        choices=DomainEvent.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[value for value, _label in DomainEvent.choices],
    )
    all_events = forms.BooleanField(label=_("For all my events (not only this one)"), required=False)
