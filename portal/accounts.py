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

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.hashers import make_password
from django.contrib.auth.forms import BaseUserCreationForm, PasswordResetForm
from django.contrib.auth.views import LogoutView, PasswordResetView
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db.models import Sum
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template import loader
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from common.clientip import client_ip
from tournaments.selectors.languages import in_language_of, mail_language_note
from tournaments.services.mail import mail_send
from tournaments.services.players import player_register


class SignUpForm(BaseUserCreationForm):
    """Username, the name shown on pairings, e-mail (for a password reset), and the password twice, checked by the
    site's password validators."""

    name = forms.CharField(
        label=_("Your name"), max_length=120, help_text=_("As it appears on pairings and standings.")
    )
    email = forms.EmailField(label=_("E-mail"), help_text=_("Only used to reset your password."))

    class Meta(BaseUserCreationForm.Meta):
        fields = ["username", "name", "email"]

    def clean_username(self) -> str:
        """A taken username (any case) is said at once: usernames are public (pairings, profiles), and no account is
        made before the e-mail's link (issue 37), so the form checks what player_register would refuse."""
        username = self.cleaned_data.get("username", "")
        if username and get_user_model().objects.filter(username__iexact=username.strip()).exists():
            raise ValidationError(_("The username %(name)s is taken; choose another.") % {"name": username})
        return username


_PERIODS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}


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


def _window_key(scope: str, identity: str, seconds: int, now: float) -> str:
    return f"portal:{scope}:{identity}:{int(now // seconds)}"


def attempt_wait(*, scope: str, identity: str, rate: tuple[int, int] | None) -> int:
    """Count one attempt of `scope` by `identity` (a client address, a hashed e-mail ...) in the shared cache, in a
    fixed window of the rate's seconds: 0 if it may go on, else the seconds until the window ends. With Redis down
    nothing is counted (config/cache.py), so attempts go on."""
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    key = _window_key(scope, identity, seconds, now)
    cache.add(key, 0, timeout=seconds)
    try:
        attempts = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=seconds)
        attempts = 1
    return 0 if attempts <= count else int(seconds - now % seconds) + 1


def failures_wait(*, scope: str, identity: str, rate: tuple[int, int] | None) -> int:
    """Without counting anything: 0 while `identity` has had fewer failures of `scope` than the rate allows in
    this fixed window (failure_count counts them), else the seconds until the window ends. So a limit on wrong
    guesses refuses a right one too, until the window passes."""
    if rate is None:
        return 0
    count, seconds = rate
    now = time.time()
    if (cache.get(_window_key(scope, identity, seconds, now)) or 0) < count:
        return 0
    return int(seconds - now % seconds) + 1


def failure_count(*, scope: str, identity: str, rate: tuple[int, int] | None) -> None:
    """Count one failure of `scope` by `identity` in the rate's fixed window (failures_wait reads it)."""
    if rate is not None:
        attempt_wait(scope=scope, identity=identity, rate=rate)


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
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
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
        if settings.HYDRA_SIGNUP_CONFIRM_EMAIL:
            _signup_mail_send(request, data=form.cleaned_data)
            return render(request, "registration/signup_sent.html", {"email": form.cleaned_data["email"]})
        try:
            player = player_register(
                username=form.cleaned_data["username"],
                name=form.cleaned_data["name"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                language=get_language(),
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                for error in errors:
                    form.add_error(field, error)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next_url(request) or "portal:home")
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


# --- Sign-up that doesn't tell who has an account (issue 37) ---------------------------------------------------------
# The sign-up page answers every valid form the same way, "check your e-mail", and makes no account yet. A new
# address gets a link that makes the account (what was typed travels in the link, signed; the password only as its
# hash) and signs in; an address that has an account gets a note for its owner instead ("someone tried to sign up
# with your address: sign in or reset your password"). So neither the page nor the usernames left free tell whether
# an address has an account. A taken username is still said at once: usernames are shown on pairings anyway.
SIGNUP_SALT = "hydra.signup.confirm"
SIGNUP_LINK_SECONDS = 3 * 86400


def _address_digest(email: str) -> str:
    """How an e-mail address is counted in the shared cache: hashed, case and spaces ignored."""
    return hashlib.sha256(email.strip().lower().encode("utf-8", "replace")).hexdigest()[:32]


def _signup_mail_send(request: HttpRequest, *, data: dict) -> None:
    """Mail the sign-up's address: the link that finishes the sign-up, or, when an account has that address, a note
    to its owner. At most HYDRA_PASSWORD_RESET_ACCOUNT_RATE mails to one address (beyond it, none: same page)."""
    email = data["email"]
    if attempt_wait(
        scope="signup-mail", identity=_address_digest(email), rate=rate_setting("HYDRA_PASSWORD_RESET_ACCOUNT_RATE")
    ):
        logger.info("Sign-up mail for one address not sent: too many just now")
        return
    if get_user_model().objects.filter(email__iexact=email).exists():
        with in_language_of(email=email):  # the account's owner reads the language they chose, else this page's
            subject = gettext("Someone tried to sign up to Hydra with your e-mail address")
            body = gettext(
                "Someone (perhaps you) tried to create a Hydra account with this e-mail address, but you already "
                "have one. No new account was made.\n\nSign in: %(login)s\nForgot your password? Reset it: "
                "%(reset)s\n\nIf it wasn't you, you needn't do anything."
            ) % {
                "login": request.build_absolute_uri(reverse("login")),
                "reset": request.build_absolute_uri(reverse("password_reset")),
            }
            body += mail_language_note()
    else:
        # The language of the sign-up page travels with it: the new account keeps it (signup_confirm).
        token = signing.dumps(
            {
                "u": data["username"],
                "n": data["name"],
                "e": email,
                "p": make_password(data["password1"]),
                "next": _next_url(request),
                "l": get_language(),
            },
            salt=SIGNUP_SALT,
            compress=True,
        )
        subject = gettext("Finish creating your Hydra account")
        body = gettext(
            "Open this link to finish creating your Hydra account %(username)s and sign in:\n\n%(link)s\n\n"
            "The link works for three days. If you didn't sign up, you needn't do anything: no account is made."
        ) % {"username": data["username"], "link": request.build_absolute_uri(reverse("signup_confirm", args=[token]))}
        body += mail_language_note()
    mail_send(subject=subject, body=body, to=email, after_commit=False)


@require_http_methods(["GET"])
def signup_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link of the sign-up e-mail: make the account (player_register), sign in, go on (an invitation's page, or
    the player's home). A link that is broken, expired or already used says so, with the way on."""
    if not settings.HYDRA_SIGNUP_OPEN:
        raise Http404(_("Sign-up is closed: ask the organizer for an account."))
    try:
        data = signing.loads(token, salt=SIGNUP_SALT, max_age=SIGNUP_LINK_SECONDS)
        player = player_register(
            username=data["u"],
            name=data["n"],
            email=data["e"],
            password=data["p"],
            password_hashed=True,
            language=data.get("l"),
        )
    except (signing.BadSignature, KeyError, TypeError):
        refusal = gettext("This sign-up link is broken or older than three days: sign up again.")
    except ValidationError:
        refusal = gettext(
            "This sign-up link was used already, or its username or address was taken since: sign in, or sign up again."
        )
    else:
        login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
        target = data.get("next") or ""
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(target)
        return redirect("portal:home")
    return render(request, "registration/signup.html", {"form": SignUpForm(), "refusal": refusal}, status=400)


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


# --- The login lockout (django-axes; issue 19, issue 37) ------------------------------------------------------------
# Two counts, each with its own limit: wrong passwords for one account from one address (HYDRA_LOGIN_FAILURE_LIMIT,
# 5) lock that pair; wrong passwords from one address whatever the account (HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT, 50)
# lock the address, so one password sprayed across many accounts is stopped too, while a venue's players behind one
# NAT, who mistype now and then, stay far below it. django-axes counts both (AXES_LOCKOUT_PARAMETERS) and compares
# the larger with one limit (AXES_FAILURE_LIMIT): login_failure_limit picks the limit that makes that comparison
# mean "either count reached its own limit".
PAIR_AND_ADDRESS = [["username", "ip_address"], "ip_address"]


def login_lockout_parameters(request_or_attempt, credentials: dict | None = None) -> list:
    """settings.AXES_LOCKOUT_PARAMETERS: the account and address pair, and the address alone. A successful login
    (the request's user is signed in by then) clears the account's own count only: signing in to one's own account
    must not wipe the address's count of wrong passwords for other accounts."""
    user = getattr(request_or_attempt, "user", None)
    if isinstance(request_or_attempt, HttpRequest) and user is not None and user.is_authenticated:
        return [["username", "ip_address"]]
    return PAIR_AND_ADDRESS


def _pair_failures(request: HttpRequest, credentials: dict | None) -> int:
    attempts = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=getattr(request, "axes_ip_address", None),
        attempt_time__gte=get_cool_off_threshold(request),
    )
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def login_failure_limit(request: HttpRequest, credentials: dict | None = None) -> int:
    """settings.AXES_FAILURE_LIMIT. django-axes locks when max(pair failures, address failures) reaches this: the
    pair's limit once the pair reached it, else the address's (larger) limit, which only the address's count can
    reach."""
    pair_limit = settings.HYDRA_LOGIN_FAILURE_LIMIT
    if _pair_failures(request, credentials) >= pair_limit:
        return pair_limit
    return max(pair_limit, settings.HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT)


def login_locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """settings.AXES_LOCKOUT_CALLABLE: too many wrong passwords for one account from one address, or from one address
    for many accounts (django-axes).

    429 with a page that says what happened, how long it lasts and the way out (resetting the password).
    """
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    by_account = _pair_failures(request, credentials) >= settings.HYDRA_LOGIN_FAILURE_LIMIT
    context = {
        "failure_limit": settings.HYDRA_LOGIN_FAILURE_LIMIT,
        "minutes": minutes,
        "by_account": by_account,
        "address_limit": settings.HYDRA_LOGIN_ADDRESS_FAILURE_LIMIT,
    }
    return render(request, "registration/locked_out.html", context, status=429)


# --- Password resets, limited (issue 29) ----------------------------------------------------------------------------
# Each request sends a mail, so a script could flood an inbox (nine mails in two seconds) or the mail server. Resets
# are counted per client address (HYDRA_PASSWORD_RESET_RATE, "10/hour") and per e-mail address asked for
# (HYDRA_PASSWORD_RESET_ACCOUNT_RATE, "3/hour"). Too many from one network: the form again with when to try, the
# same whether or not an account has the address. Too many for one address: no mail, and the same "check your
# e-mail" page as always, so the answer never tells whether an account exists.
logger = logging.getLogger("portal.accounts")


class PersonLanguagePasswordResetForm(PasswordResetForm):
    """Django's reset form, whose mail speaks the language the account's person chose (else this page's)."""

    def send_mail(
        self, subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name=None
    ):
        # Django's form sends at once (and only logs a failure); Hydra's mail goes through the task that tries again.
        with in_language_of(context.get("user")):
            context = {**context, "language_note": mail_language_note()}
            subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
            body = loader.render_to_string(email_template_name, context)
            html = loader.render_to_string(html_email_template_name, context) if html_email_template_name else None
        mail_send(subject=subject, body=body, to=to_email, html=html, after_commit=False)


class LimitedPasswordResetView(PasswordResetView):
    form_class = PersonLanguagePasswordResetForm

    def form_valid(self, form):
        wait = attempt_wait(
            scope="reset-address",
            identity=client_ip(self.request) or "unknown",
            rate=rate_setting("HYDRA_PASSWORD_RESET_RATE"),
        )
        if wait:
            minutes = _minutes(wait)
            form.add_error(
                None,
                ngettext(
                    "Too many password resets from your network just now. Try again in %(n)d minute.",
                    "Too many password resets from your network just now. Try again in %(n)d minutes.",
                    minutes,
                )
                % {"n": minutes},
            )
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(wait)
            return response
        if attempt_wait(
            scope="reset-account",
            identity=_address_digest(form.cleaned_data["email"]),
            rate=rate_setting("HYDRA_PASSWORD_RESET_ACCOUNT_RATE"),
        ):
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
