"""The installable player app (issue 41): the web app manifest, the service worker served from the site's root (so
its scope is every page) and the page it shows without network when it kept nothing better. Public: they hold no
one's data (the pages the worker keeps are the player's own, kept in their own browser). And the site's icon,
/favicon.ico."""

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from tournaments.selectors.languages import language_supported


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js (static/pwa/sw.js), never cached long: a new version reaches the browsers at their next visit."""
    path = finders.find("pwa/sw.js")
    if path is None:  # part of the code; missing, it is our fault
        raise Http404("No service worker.")
    response = FileResponse(open(path, "rb"), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def _bcp47(code: str) -> str:
    """Django's language code as the manifest's `lang` (a BCP 47 tag): "pt-br" -> "pt-BR", "zh-hans" -> "zh-Hans"."""
    head, _sep, tail = code.partition("-")
    if not tail:
        return head
    return f"{head}-{tail.upper() if len(tail) == 2 else tail.title()}"


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """/manifest.webmanifest: "Add to home screen" opens My events (the player's current event and table).

    In the page's language (issue 56): a browser fetches the manifest without the site's cookies, so the language
    cookie never reaches this view and it answered in English; every page names it with `?lang=` (base.html) and
    this view speaks that language when the site speaks it (else the request's own)."""
    with translation.override(language_supported(request.GET.get("lang")) or get_language()):
        return _manifest()


def _manifest() -> JsonResponse:
    icons = [
        {"src": staticfiles_storage.url(f"pwa/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    response = JsonResponse(
        {
            "name": _("Hydra: my events"),
            "short_name": "Hydra",
            "lang": _bcp47(get_language() or "en"),
            "start_url": reverse("portal:home"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#28468c",
            "icons": icons,
        },
        json_dumps_params={"ensure_ascii": False},
    )
    response["Content-Type"] = "application/manifest+json"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What the app shows without network when it kept no page yet."""
    return render(request, "portal/offline.html")


@require_GET
@cache_control(public=True, max_age=86400)
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on their own: Hydra's icon (static/favicon.ico)."""
    path = finders.find("favicon.ico")
    if path is None:  # the static file is part of the code; missing, it is our fault
        raise Http404("No icon.")
    return FileResponse(open(path, "rb"), content_type="image/x-icon")
