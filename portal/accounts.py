"""A player's own sign-up (the organizer creates accounts in the admin; a player may also register one).

Sign-up attempts are limited per client address (HYDRA_SIGNUP_RATE, "30/hour" unless set; "" or None for no
limit), counted in the cache: a script can't create accounts by the thousand, and a venue whose players share one
address still gets a round of sign-ups through.
"""
import time

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import BaseUserCreationForm
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from config.clientip import client_ip
from tournaments.services.players import player_register


class SignUpForm(BaseUserCreationForm):
    """Username, the name shown on pairings, e-mail (for a password reset), and the password twice, checked by the
    site's password validators."""

    name = forms.CharField(label=_("Your name"), max_length=120, help_text=_("As it appears on pairings and standings."))
    email = forms.EmailField(label=_("E-mail"), help_text=_("Only used to reset your password."))

    class Meta(BaseUserCreationForm.Meta):
        fields = ["username", "name", "email"]


DEFAULT_SIGNUP_RATE = "30/hour"
_PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600,
            "d": 86400, "day": 86400}


def signup_rate() -> tuple[int, int] | None:
    """(attempts, seconds) from HYDRA_SIGNUP_RATE such as "30/hour" or "5/min"; None when sign-ups aren't limited."""
    text = getattr(settings, "HYDRA_SIGNUP_RATE", DEFAULT_SIGNUP_RATE)
    if not text:
        return None
    count, _slash, period = str(text).partition("/")
    count, period = count.strip(), period.strip().lower()
    if not (count.isascii() and count.isdigit() and period in _PERIODS):
        raise ImproperlyConfigured(f'HYDRA_SIGNUP_RATE must read like "30/hour" (s, min, hour or day), not {text!r}.')
    return int(count), _PERIODS[period]


def _signup_wait(request: HttpRequest) -> int:
    """Count this sign-up attempt against the client's address: 0 if it may go on, else the seconds to wait."""
    rate = signup_rate()
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    address = client_ip(request) or "unknown"
    key = f"portal:signup:{address}:{int(now // seconds)}"  # a fixed window of `seconds`
    cache.add(key, 0, timeout=seconds)
    try:
        attempts = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=seconds)
        attempts = 1
    return 0 if attempts <= count else int(seconds - now % seconds) + 1


def _too_many(request: HttpRequest, wait: int) -> HttpResponse:
    """The form again with what was typed (but no password), unchecked, and when to try again."""
    minutes = max(1, -(-wait // 60))
    refusal = ngettext(
        "Too many sign-ups from your network just now. Try again in %(n)d minute, or ask the organizer.",
        "Too many sign-ups from your network just now. Try again in %(n)d minutes, or ask the organizer.",
        minutes,
    ) % {"n": minutes}
    form = SignUpForm(initial={name: request.POST.get(name, "")[:200] for name in ("username", "name", "email")})
    response = render(request, "registration/signup.html", {"form": form, "refusal": refusal}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: a local `next` (an invitation link), else the player's home."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return ""


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if not settings.HYDRA_SIGNUP_OPEN:
        raise Http404(_("Sign-up is closed: ask the organizer for an account."))
    if request.user.is_authenticated:
        return redirect(_next_url(request) or "portal:home")
    if request.method == "POST" and (wait := _signup_wait(request)):
        return _too_many(request, wait)
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
            return redirect(_next_url(request) or "portal:home")
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


def login_locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """settings.AXES_LOCKOUT_CALLABLE: too many wrong passwords for one account from one address (django-axes).

    429 with a page that says what happened, how long it lasts and the way out (resetting the password).
    """
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)
