"""A player's own sign-up (the organizer creates accounts in the admin; a player may also register one), the
login lockout's hooks and the limited password reset.

Sign-up attempts are limited per client address (HYDRA_SIGNUP_RATE, "30/hour" unless set; "" or None for no
limit), counted in the cache: a script can't create accounts by the thousand, and a venue whose players share one
address still gets a round of sign-ups through. Password resets are limited per client address and per e-mail
address (below).
"""
import hashlib
import logging
import time

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import BaseUserCreationForm
from django.contrib.auth.views import LogoutView, PasswordResetView
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from common.clientip import client_ip
from tournaments.services.players import player_register


class SignUpForm(BaseUserCreationForm):
    """Username, the name shown on pairings, e-mail (for a password reset), and the password twice, checked by the
    site's password validators."""

    name = forms.CharField(label=_("Your name"), max_length=120, help_text=_("As it appears on pairings and standings."))
    email = forms.EmailField(label=_("E-mail"), help_text=_("Only used to reset your password."))

    class Meta(BaseUserCreationForm.Meta):
        fields = ["username", "name", "email"]


_PERIODS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600,
            "d": 86400, "day": 86400}


def rate_setting(name: str) -> tuple[int, int] | None:
    """(attempts, seconds) from the setting `name`, such as "30/hour" or "5/min"; None when it is "" or None (no
    limit)."""
    text = getattr(settings, name)
    if not text:
        return None
    count, _slash, period = str(text).partition("/")
    count, period = count.strip(), period.strip().lower()
    if not (count.isascii() and count.isdigit() and period in _PERIODS):
        raise ImproperlyConfigured(f'{name} must read like "30/hour" (s, min, hour or day), not {text!r}.')
    return int(count), _PERIODS[period]


def signup_rate() -> tuple[int, int] | None:
    """(attempts, seconds) from HYDRA_SIGNUP_RATE such as "30/hour" or "5/min"; None when sign-ups aren't limited."""
    return rate_setting("HYDRA_SIGNUP_RATE")


def attempt_wait(*, scope: str, identity: str, rate: tuple[int, int] | None) -> int:
    """Count one attempt of `scope` by `identity` (a client address, a hashed e-mail ...) in the shared cache, in a
    fixed window of the rate's seconds: 0 if it may go on, else the seconds until the window ends. With Redis down
    nothing is counted (config/cache.py), so attempts go on."""
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    key = f"portal:{scope}:{identity}:{int(now // seconds)}"
    cache.add(key, 0, timeout=seconds)
    try:
        attempts = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=seconds)
        attempts = 1
    return 0 if attempts <= count else int(seconds - now % seconds) + 1


def signup_wait(request: HttpRequest) -> int:
    """Count this sign-up attempt (here or at the door, portal.join) against the client's address: 0 if it may go
    on, else the seconds to wait."""
    return attempt_wait(scope="signup", identity=client_ip(request) or "unknown", rate=signup_rate())


def _minutes(wait: int) -> int:
    return max(1, -(-wait // 60))


def too_many_refusal(wait: int) -> str:
    """The sentence refusing one sign-up too many, with when to try again."""
    minutes = _minutes(wait)
    return ngettext(
        "Too many sign-ups from your network just now. Try again in %(n)d minute, or ask the organizer.",
        "Too many sign-ups from your network just now. Try again in %(n)d minutes, or ask the organizer.",
        minutes,
    ) % {"n": minutes}


def _too_many(request: HttpRequest, wait: int) -> HttpResponse:
    """The form again with what was typed (but no password), unchecked, and when to try again."""
    refusal = too_many_refusal(wait)
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
    if request.method == "POST" and (wait := signup_wait(request)):
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


LOCKOUT_USERNAME_LENGTH = 255  # django-axes' username columns


def axes_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """settings.AXES_USERNAME_CALLABLE: the user name a login attempt is counted under, as django-axes can store it.

    Any text may be typed there; the lockout records at most 255 characters (no account's name is longer) and no
    NUL (PostgreSQL refuses it), so a hostile user name is counted and refused like any wrong one, never a 500."""
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    if username is None:
        return None
    return str(username).replace("\x00", "\ufffd")[:LOCKOUT_USERNAME_LENGTH]


def login_locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """settings.AXES_LOCKOUT_CALLABLE: too many wrong passwords for one account from one address (django-axes).

    429 with a page that says what happened, how long it lasts and the way out (resetting the password).
    """
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)


# --- Password resets, limited (issue 29) ----------------------------------------------------------------------------
# Each request sends a mail, so a script could flood an inbox (nine mails in two seconds) or the mail server. Resets
# are counted per client address (HYDRA_PASSWORD_RESET_RATE, "10/hour") and per e-mail address asked for
# (HYDRA_PASSWORD_RESET_ACCOUNT_RATE, "3/hour"). Too many from one network: the form again with when to try, the
# same whether or not an account has the address. Too many for one address: no mail, and the same "check your
# e-mail" page as always, so the answer never tells whether an account exists.
logger = logging.getLogger("portal.accounts")


class LimitedPasswordResetView(PasswordResetView):
    def form_valid(self, form):
        wait = attempt_wait(scope="reset-address", identity=client_ip(self.request) or "unknown",
                            rate=rate_setting("HYDRA_PASSWORD_RESET_RATE"))
        if wait:
            minutes = _minutes(wait)
            form.add_error(None, ngettext(
                "Too many password resets from your network just now. Try again in %(n)d minute.",
                "Too many password resets from your network just now. Try again in %(n)d minutes.",
                minutes,
            ) % {"n": minutes})
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(wait)
            return response
        email = form.cleaned_data["email"].strip().lower()
        digest = hashlib.sha256(email.encode("utf-8", "replace")).hexdigest()[:32]
        if attempt_wait(scope="reset-account", identity=digest,
                        rate=rate_setting("HYDRA_PASSWORD_RESET_ACCOUNT_RATE")):
            logger.info("Password reset for one address refused: too many just now (no mail sent)")
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)


password_reset = LimitedPasswordResetView.as_view()


@require_http_methods(["GET", "POST"])
def logout_page(request: HttpRequest) -> HttpResponse:
    """Signing out: the form in the header POSTs here (Django's LogoutView); a GET (a typed or bookmarked
    /accounts/logout/) gets a page with the button rather than a bare 405."""
    if request.method == "POST":
        return LogoutView.as_view()(request)
    return render(request, "registration/logout_confirm.html")
