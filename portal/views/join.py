"""Joining an individual event at the door (issue 38; docs/registration.md, "At the door").

The projector and the desk show the event's join code and its QR code, which opens `/join/<code>/`. A signed-in
player joins with one tap; a new player fills one form (name, e-mail, password: the e-mail is the username), which
creates the account, signs them in and signs them up (signup.services.signup_player: the event's capacity,
waitlist and approval as on the sign-up page), then lands on "My events" with the check-in button. `/join/` takes
a code typed by hand. A team event's code opens its sign-up page (a team is formed there).

A code is a capability: it shows the event (a private one too) and seats whoever has it. So it can't be enumerated
(ten characters of 31, signup.services.join_code_for) nor guessed: wrong codes are counted per client address
(HYDRA_JOIN_CODE_RATE) and per signed-in account (HYDRA_JOIN_CODE_ACCOUNT_RATE) in the cache, at both doors that
take one (the typed code and the QR's page, looking or joining); past either limit every code is refused, a right
one too, with 429, Retry-After and a sentence saying when to try again, until the window ends. Right codes aren't
counted: a venue's players behind one address all join. No API door takes a join code.
"""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, password_validation
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from common.clientip import client_ip
from portal.accounts import failure_count, failures_wait, rate_setting, signup_wait, too_many_refusal
from signup import services as signup_services
from signup.selectors import event_of_join_code, signup_of_player
from tournaments.services.players import player_register


class JoinForm(forms.Form):
    """The one form of a new player at the door: the name on pairings, the e-mail (also the username) and a
    password, checked by the site's password validators."""

    name = forms.CharField(
        label=_("Your name"), max_length=120, help_text=_("As it appears on pairings and standings.")
    )
    email = forms.EmailField(label=_("E-mail"), max_length=150, help_text=_("You sign in with it next time."))
    password = forms.CharField(
        label=_("Password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("email"):
            try:
                password_validation.validate_password(
                    data["password"], user=get_user_model()(username=data["email"], email=data["email"])
                )
            except ValidationError as exc:
                self.add_error("password", exc)
        return data


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
        help_text=_("The letters and digits on the screen or at the desk."),
    )


def _guess_limits(request: HttpRequest) -> list[tuple[str, str, tuple[int, int] | None]]:
    """(scope, identity, rate) of the counts of wrong codes this request is under: its address, its account."""
    limits = [("join-address", client_ip(request) or "unknown", rate_setting("HYDRA_JOIN_CODE_RATE"))]
    if request.user.is_authenticated:
        limits.append(("join-account", str(request.user.pk), rate_setting("HYDRA_JOIN_CODE_ACCOUNT_RATE")))
    return limits


def _guess_wait(request: HttpRequest) -> int:
    """0 while this address and this account may try a code, else the seconds until they may again."""
    return max(
        failures_wait(scope=scope, identity=identity, rate=rate) for scope, identity, rate in _guess_limits(request)
    )


def _wrong_code(request: HttpRequest) -> None:
    for scope, identity, rate in _guess_limits(request):
        failure_count(scope=scope, identity=identity, rate=rate)


def _too_many_guesses(request: HttpRequest, wait: int, code: str = "") -> HttpResponse:
    """The typed-code form with when to try again: 429, and nothing of any event."""
    minutes = max(1, -(-wait // 60))
    form = CodeForm(initial={"code": code[:20]})
    refusal = ngettext(
        "Too many wrong join codes just now. Try again in %(n)d minute, or ask at the desk.",
        "Too many wrong join codes just now. Try again in %(n)d minutes, or ask at the desk.",
        minutes,
    ) % {"n": minutes}
    response = render(request, "portal/join_code.html", {"form": form, "refusal": refusal}, status=429)
    response["Retry-After"] = str(wait)
    return response


@require_http_methods(["GET"])
def join_by_code(request: HttpRequest) -> HttpResponse:
    """A code typed by hand: its event's join page, or the form again saying no event has it (a wrong code
    counted; too many: 429)."""
    form = CodeForm(request.GET or None)
    if form.is_valid():
        if wait := _guess_wait(request):
            return _too_many_guesses(request, wait, form.cleaned_data["code"])
        event = event_of_join_code(form.cleaned_data["code"])
        if event is not None:
            return redirect("portal:join", code=event.join_code.code)
        _wrong_code(request)
        form.add_error("code", _("No event has this code: check it on the screen or ask at the desk."))
    return render(request, "portal/join_code.html", {"form": form}, status=400 if form.errors else 200)


def _player(request):
    return getattr(request.user, "player", None) if request.user.is_authenticated else None


def _sign_up(request: HttpRequest, *, event, player) -> HttpResponse:
    try:
        signup = signup_services.signup_player(event=event, player=player)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("portal:join", code=event.join_code.code)
    messages.success(request, signup_services.signup_player_done(signup=signup))
    return redirect("portal:home")


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    """The page a join code opens: one tap for a signed-in player, one form for a new one (a wrong code counted;
    too many: 429)."""
    if wait := _guess_wait(request):
        return _too_many_guesses(request, wait)
    event = event_of_join_code(code)
    if event is None:
        _wrong_code(request)
        raise Http404("No event has this join code.")
    if not event.is_individual:
        return redirect("signup:event", event.pk)
    player = _player(request)
    closed = signup_services.signup_closed_reason(event=event)
    form = None if request.user.is_authenticated else JoinForm(request.POST or None)
    status = 200
    if request.method == "POST" and closed is None:
        if request.user.is_authenticated:
            if player is None:
                messages.error(request, _("This account has no player profile: sign in with your player account."))
            else:
                return _sign_up(request, event=event, player=player)
        elif not settings.HYDRA_SIGNUP_OPEN:
            raise Http404("Sign-up is closed.")
        elif wait := signup_wait(request):
            form.add_error(None, too_many_refusal(wait))
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                player = player_register(
                    username=data["email"], name=data["name"], email=data["email"], password=data["password"]
                )
            except ValidationError as exc:
                for field, errors in exc.message_dict.items():
                    for error in errors:
                        form.add_error(field if field in form.fields else None, error)
            else:
                login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
                return _sign_up(request, event=event, player=player)
        if status == 200:
            status = 400
    context = {
        "event": event,
        "code": event.join_code.code,
        "form": form,
        "closed": closed,
        "mine": signup_of_player(event=event, player=player),
        "has_player": player is not None,
        "places_taken": signup_services.places_taken(event=event),
        "accounts_open": settings.HYDRA_SIGNUP_OPEN,
    }
    return render(request, "portal/join.html", context, status=status)
