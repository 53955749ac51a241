"""A signed-in person's chosen language, kept with their account, so their e-mails and pushes speak it and another
phone of theirs opens in it (tournaments.services.languages, docs/translating.md): remembered in the session at
sign-in and put in place of the browser's on a device without a language cookie. The language menu's view is
portal.views.languages."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from tournaments.selectors.languages import language_supported, person_language


# The session remembers the person's choice from their sign-in on (remember_at_login), so no page asks the database.
SESSION_KEY = "hydra_person_language"


def remember_at_login(sender, request, user, **kwargs) -> None:
    """user_logged_in: keep the person's chosen language ("" for none) in their new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = person_language(user=user) or ""


class PersonLanguageMiddleware:
    """A signed-in person on a device without a language cookie reads the language they chose (on another device,
    before): LocaleMiddleware chose from the browser; this puts their choice in its place and the cookie on the
    answer. After AuthenticationMiddleware. The cookie, once there, is the device's choice."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = None
        user = getattr(request, "user", None)
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES and not request.path.startswith("/api/"):
            # The session first: a person who chose no language costs no look-up of their account (a poll answered
            # 304 by common/polls.py reads no database at all).
            chosen = language_supported(request.session.get(SESSION_KEY))
            if chosen and not (user is not None and user.is_authenticated):
                chosen = None
            if chosen and chosen != request.LANGUAGE_CODE:
                translation.activate(chosen)
                request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        if chosen:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
