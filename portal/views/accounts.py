"""A player's own sign-up (the organizer creates accounts in the admin; a player may also register one), the
limited password reset and signing out. The limits and the login lockout's hooks are portal.accounts.
"""

import logging

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.hashers import make_password
from django.contrib.auth.forms import BaseUserCreationForm, PasswordResetForm
from django.contrib.auth.views import LogoutView, PasswordResetView
from django.core import signing
from django.core.exceptions import ValidationError
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
from portal.accounts import address_digest, attempt_wait, rate_setting, signup_wait, too_many_refusal, wait_minutes
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


def _signup_mail_send(request: HttpRequest, *, data: dict) -> None:
    """Mail the sign-up's address: the link that finishes the sign-up, or, when an account has that address, a note
    to its owner. At most HYDRA_PASSWORD_RESET_ACCOUNT_RATE mails to one address (beyond it, none: same page)."""
    email = data["email"]
    if attempt_wait(
        scope="signup-mail", identity=address_digest(email), rate=rate_setting("HYDRA_PASSWORD_RESET_ACCOUNT_RATE")
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
            minutes = wait_minutes(wait)
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
            identity=address_digest(form.cleaned_data["email"]),
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
