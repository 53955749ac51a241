"""The forms of the organizations pages (organizations/views.py); the services check and write."""

import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from organizations.enums import OrganizationRole

TIME_ZONES = sorted(zoneinfo.available_timezones())


class OrganizationForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, help_text=_("The store's or the network's name."))


class LocationForm(forms.Form):
    name = forms.CharField(label=_("Store"), max_length=200)
    address = forms.CharField(label=_("Address"), max_length=500, required=False, widget=forms.Textarea({"rows": 3}))
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=[(zone, zone) for zone in TIME_ZONES], initial="Europe/Berlin"
    )


class MemberForm(forms.Form):
    who = forms.CharField(label=_("User name or e-mail"), max_length=254)
    role = forms.ChoiceField(label=_("Role"), choices=OrganizationRole.choices, initial=OrganizationRole.SCOREKEEPER)
