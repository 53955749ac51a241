"""The language menu (every page's footer): Django's set_language, and for a signed-in person the choice kept with
their account (portal.languages), so their e-mails and pushes speak it and another phone of theirs opens in it
(tournaments.services.languages, docs/translating.md)."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from portal.languages import SESSION_KEY
from tournaments.selectors.languages import language_supported
from tournaments.services.languages import person_language_set


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """POST language (and next): the cookie for this browser (Django's view), and the person's kept choice."""
    response = set_language(request)
    code = language_supported(request.POST.get("language"))
    if code and request.user.is_authenticated:
        person_language_set(user=request.user, language=code)
        request.session[SESSION_KEY] = code
    return response
