"""Every organizer and player page fits a 360 px phone (issue 45): no sideways scrolling.

The pages come from the rights table (tests/test_rights_matrix.py), which must name every route of the project: each
route an organizer (the owner) or a player may GET is opened in Chromium emulating a 360x740 CSS px phone, signed in
as that person, and `document.documentElement.scrollWidth` must not pass 360. A page added to the URL conf is walked
as soon as it has its entry in the rights table. Answers that aren't HTML pages (JSON, CSV, streams, files) are
left out by their content type; the pages left out on purpose are in EXCLUDED, with why. The desk's pages of the
table's event (a team event) are walked again for an individual event. A word sticking out of its button, label,
heading or table header fails too.

Every walk runs in a language (the language cookie, as the footer's switcher sets it): French, Portuguese, Spanish
and Italian run 20-40 % longer than English, German has long words, Chinese and Japanese break anywhere; each page
asserts it was served in the language asked for.
"""

import os

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

import tests.test_rights_matrix as matrix
from tests.factories import EventFactory, EventStaffFactory, PlayerFactory, RegistrationFactory
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

world = matrix.world  # the rights table's events, people and rows

WIDTH, HEIGHT = 360, 740
# English, and German: of the seven translations the one that widens pages the most (measured with every
# language, docs/portal.md "Phones in every language"). HYDRA_PHONE_LANGUAGES=all walks every language of
# settings.LANGUAGES (about a minute each for both walkers), or a list: HYDRA_PHONE_LANGUAGES="fr ja".
_ASKED = os.environ.get("HYDRA_PHONE_LANGUAGES", "en de")
LANGUAGES = (
    [code for code, _name in settings.LANGUAGES]
    if _ASKED == "all"
    else [code for code in _ASKED.replace(",", " ").split() if code]
)

# Pages for a screen or for paper, not for a phone; and doors that aren't pages.
EXCLUDED = {
    "overlays:": "the stream overlays are for a broadcast at their own size",
    "desk:screen": "the projector page is for a screen across the room",
    "desk:slips": "result slips are for A4 paper (print stylesheet)",
    "desk:print_pairings": "for A4 paper (print stylesheet)",
    "desk:print_standings": "for A4 paper (print stylesheet)",
    "judging:print_": "deck registration sheets are for A4 paper",
    "api:": "the API answers JSON; its docs page is Swagger UI's own",
    "logout": "signs the walker out",
    "portal:favicon": "an icon",
}


def _excluded(name: str) -> bool:
    return any(name == key or (key.endswith((":", "_")) and name.startswith(key)) for key in EXCLUDED)


def _is_page(response) -> bool:
    """A whole HTML page (not JSON, a file, a stream or a fragment that live pages swap in)."""
    return (
        response.status_code == 200
        and response.get("Content-Type", "").startswith("text/html")
        and not getattr(response, "streaming", False)
        and b'name="viewport"' in response.content
    )


def _pages(w, caller: str) -> list[tuple[str, str]]:
    """(route name, URL) of every HTML page the caller may GET, in the table's order."""
    client = Client()
    client.force_login(w.users[caller])
    pages = []
    for name, (methods, kwargs, *_data) in matrix.ROUTES.items():
        if _excluded(name) or caller not in methods.get("GET", ()):
            continue
        url = reverse(name, kwargs=kwargs(w))
        response = client.get(url, HTTP_ACCEPT="text/html")
        if _is_page(response):
            pages.append((name, url))
    return pages


def _individual_desk_pages(w) -> list[tuple[str, str]]:
    """The desk's pages of an individual event run by the same owner: the table's event pages (pk) again."""
    owner = w.users[matrix.OWNER]
    event = EventFactory(organizer=owner, team_size=1, name="Thursday Modern")
    EventStaffFactory(event=event, user=w.users[matrix.SCOREKEEPER], role="scorekeeper")
    for _ in range(6):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    round_pair_next(event=event, seed=1)
    client = Client()
    client.force_login(owner)
    pages = []
    for name, (methods, kwargs, *_data) in matrix.ROUTES.items():
        if not name.startswith(("desk:", "judging:", "signup:", "webhooks:")) or _excluded(name):
            continue
        if matrix.OWNER not in methods.get("GET", ()) or kwargs(w) != {"pk": w.event.pk}:
            continue
        url = reverse(name, kwargs={"pk": event.pk})
        response = client.get(url)
        if _is_page(response):
            pages.append((f"{name} (individual)", url))
    return pages


def _phone(browser) -> None:
    browser.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True}
    )


def _speak(browser, language: str) -> None:
    """Every page from now on in `language`: Django's language cookie, which LocaleMiddleware reads before the
    browser's Accept-Language (the language switcher in the footer sets the same cookie)."""
    browser.driver.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "path": "/"})


# The page's width, the elements reaching past the right edge, and the words sticking out of their own box (a button,
# label, heading, table header, tab or link narrower than its text: what a long translation does before it widens the
# page, or a label squeezed beside its help text). Boxes that scroll on purpose (wide tables) and hidden ones are not
# counted.
_MEASURE = """
var w = document.documentElement.clientWidth, past = [], out = [];
function name(el) {
  return el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ?
    '.' + String(el.className).trim().replace(/\\s+/g, '.') : '');
}
function scrolls(el) {
  for (var p = el.parentElement; p; p = p.parentElement) {
    var o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll') { return true; } }
  return false;
}
document.querySelectorAll('body *').forEach(function (el) {
  var r = el.getBoundingClientRect();
  if (r.width && r.right > w + 1 && past.length < 4) { past.push(name(el) + ' ' + Math.round(r.right)); }
});
document.querySelectorAll('main :is(button, .button, label, legend, summary, h1, h2, h3, th, dt, dd, .tabs a, nav a)'
                          + ', .site-header a').forEach(function (el) {
  if (out.length >= 4 || !el.clientWidth || getComputedStyle(el).display === 'inline') { return; }
  if (el.closest('[hidden], .visually-hidden') || scrolls(el)) { return; }
  if (el.scrollWidth > el.clientWidth + 2) {
    out.push(name(el) + ' ' + el.clientWidth + ' px < "' + el.innerText.slice(0, 30).replace(/\\s+/g, ' ') + '"');
  }
});
return [document.documentElement.scrollWidth, past, out];
"""


def _too_wide(browser, pages, language: str) -> list[str]:
    """The pages wider than the phone or with words sticking out of their boxes, each with its width and the
    elements at fault."""
    from selenium.webdriver.support.ui import WebDriverWait

    wide = []
    for name, url in pages:
        browser.get(url)
        WebDriverWait(browser.driver, 10, poll_frequency=0.1).until(
            lambda driver: driver.execute_script("return document.readyState === 'complete';")
        )
        shown = browser.driver.execute_script("return document.documentElement.lang;")
        assert shown == language, f"{name} {url} is in {shown!r}, not {language!r}"
        width, past, out = browser.driver.execute_script(_MEASURE)
        if width > WIDTH:
            wide.append(f"{name} {url}: {width} px ({', '.join(past)})")
        if out:
            wide.append(f"{name} {url}: words wider than their box ({', '.join(out)})")
    return wide


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("caller", [matrix.OWNER, matrix.PLAYER])
def test_every_page_fits_a_360_px_phone(browsers, world, caller, language):
    pages = _pages(world, caller)
    if caller == matrix.OWNER:
        pages += _individual_desk_pages(world)
        must = {
            "desk:organize",
            "desk:desk",
            "desk:event_settings",
            "desk:event_new",
            "desk:import_teams",
            "desk:exports",
            "series:list",
            "desk:fees",
            "desk:drafts",
        }
    else:
        must = {
            "portal:event",
            "portal:pairings",
            "portal:standings",
            "portal:match",
            "portal:decklist",
            "drafting:table",
        }
    walked = {name for name, _url in pages}
    assert must <= walked, f"pages not walked: {sorted(must - walked)}"
    assert "desk:screen" in matrix.ROUTES and "desk:screen" not in walked  # the projector is excepted, by name
    browser = browsers()
    _phone(browser)
    browser.sign_in(caller)
    _speak(browser, language)
    wide = _too_wide(browser, pages, language)
    assert not wide, f"{len(wide)} of {len(pages)} pages don't fit {WIDTH} px in {language}:\n" + "\n".join(wide)
