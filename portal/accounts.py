"""A player's own sign-up (the organizer creates accounts in the admin; a player may also register one)."""
from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import BaseUserCreationForm
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from tournaments.services.players import player_register


class SignUpForm(BaseUserCreationForm):
    """Username, the name shown on pairings, e-mail (for a password reset), and the password twice, checked by the
    site's password validators."""

    name = forms.CharField(label=_("Your name"), max_length=120, help_text=_("As it appears on pairings and standings."))
    email = forms.EmailField(label=_("E-mail"), help_text=_("Only used to reset your password."))

    class Meta(BaseUserCreationForm.Meta):
        fields = ["username", "name", "email"]


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.HYDRA_SIGNUP_OPEN:
        raise Http404(_("Sign-up is closed: ask the organizer for an account."))
    if request.user.is_authenticated:
        return redirect("portal:home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = player_register(
                username=form.cleaned_data["username"], name=form.cleaned_data["name"],
                email=form.cleaned_data["email"], password=form.cleaned_data["password1"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                for error in errors:
                    form.add_error(field, error)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("portal:home")
    return render(request, "registration/signup.html", {"form": form})
