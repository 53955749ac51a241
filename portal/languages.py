"""The language menu (every page's footer): Django's set_language, and for a signed-in person the choice kept with
their account, so their e-mails and pushes speak it and another phone of theirs opens in it
(tournaments.services.languages, docs/translating.md)."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from tournaments.selectors.languages import language_supported, person_language
from tournaments.services.languages import person_language_set


# The session remembers the person's choice from their sign-in on (remember_at_login), so no page asks the database.
SESSION_KEY = "hydra_person_language"


def remember_at_login(sender, request, user, **kwargs) -> None:
    """user_logged_in: keep the person's chosen language ("" for none) in their new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = person_language(user=user) or ""


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """POST language (and next): the cookie for this browser (Django's view), and the person's kept choice."""
    response = set_language(request)
    code = language_supported(request.POST.get("language"))
    if code and request.user.is_authenticated:
        person_language_set(user=request.user, language=code)
        request.session[SESSION_KEY] = code
    return response


class PersonLanguageMiddleware:
    """A signed-in person on a device without a language cookie reads the language they chose (on another device,
    before): LocaleMiddleware chose from the browser; this puts their choice in its place and the cookie on the
    answer. After AuthenticationMiddleware. The cookie, once there, is the device's choice."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = None
        user = getattr(request, "user", None)
        if (
            settings.LANGUAGE_COOKIE_NAME not in request.COOKIES
            and user is not None
            and user.is_authenticated
            and not request.path.startswith("/api/")
        ):
            chosen = language_supported(request.session.get(SESSION_KEY))
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
