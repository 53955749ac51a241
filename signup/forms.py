from django import forms
from django.utils.translation import gettext_lazy as _


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=120)


class InviteEmailForm(forms.Form):
    email = forms.EmailField(label=_("Teammate's e-mail"))
