from django import forms
from django.utils.translation import gettext_lazy as _


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=120)


class InviteEmailForm(forms.Form):
    email = forms.EmailField(label=_("Teammate's e-mail"))


class WizardsAccountForm(forms.Form):
    """A player's Wizards Account e-mail and legacy DCI number (checked by tournaments.services.wizards)."""

    email = forms.CharField(
        label=_("Wizards Account e-mail"),
        max_length=254,
        required=False,
        help_text=_("The address you sign in to your Wizards Account (Companion, EventLink) with."),
    )
    dci_number = forms.CharField(
        label=_("DCI number"),
        max_length=20,
        required=False,
        help_text=_("Only if you have a legacy one: 4 to 8 or 10 digits, as printed on your card."),
    )
    shared = forms.BooleanField(
        label=_("The organizers of events I play may see these and report them to Wizards of the Coast"),
        required=False,
    )
