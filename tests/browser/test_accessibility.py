"""0 axe-core violations of WCAG 2.1 A and AA on every page an organizer, a player and a visitor open (issue 56).

axe-core (tests/browser/vendor/axe-core, pinned, MPL-2.0: docs/accessibility.md) runs in one headless Chromium on
the pages the phone walker walks (tests/browser/test_every_page_on_a_phone.py: every route of the rights table an
organizer or a player may GET, and the desk's pages of an individual event), plus the pages of a visitor (home,
the event pages, sign-up, the join form) and states the table doesn't reach (a form's errors), each at a laptop's
1366x768 and a phone's 360x740. Only WCAG 2.0/2.1 A and AA rules run (the tags below); a failure lists every
violation with the page, the rule, its help and the elements at fault.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from selenium.webdriver.support.ui import WebDriverWait

import tests.test_rights_matrix as matrix
from tests.browser.conftest import SCREENSHOTS
from fees.models import EventFee
from signup.services import join_code_for
from tests.factories import EventFactory, PlayerFactory, RegistrationFactory
from tests.signup.helpers import open_event
from tests.browser.test_every_page_on_a_phone import _individual_desk_pages, _pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

world = matrix.world

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.10.3"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SIZES = {"laptop": (1366, 768), "phone": (360, 740)}

# Runs axe on the document once it is loaded and calls back with its violations, reduced to what a reader needs.
_RUN = """
var done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(function (results) {
    done(results.violations.map(function (v) {
      return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {
        return {target: n.target.join(' '), summary: (n.failureSummary || '').split('\\n').slice(1).join(' ')};
      }), count: v.nodes.length};
    }));
  })
  .catch(function (error) { done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: [], count: 0}]); });
"""


def _visitor_pages(w) -> list[tuple[str, str]]:
    """Every HTML page of the rights table a visitor may GET without signing in (home, the event pages, sign-in,
    sign-up, the join form)."""
    from django.test import Client

    from tests.browser.test_every_page_on_a_phone import _excluded, _is_page

    client = Client()
    pages = []
    for name, (methods, kwargs, *_data) in matrix.ROUTES.items():
        if _excluded(name) or matrix.ANON not in methods.get("GET", ()):
            continue
        url = reverse(name, kwargs=kwargs(w))
        if _is_page(client.get(url, HTTP_ACCEPT="text/html")):
            pages.append((f"{name} (visitor)", url))
    return pages


def _checkin_desk(w) -> list[tuple[str, str]]:
    """The desk before round 1 of an individual event with a fee: check-in and paying in one table."""
    event = EventFactory(organizer=w.users[matrix.OWNER], team_size=1, name="Friday Night Standard")
    for _ in range(4):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    EventFee.objects.create(event=event, amount=Decimal("5.00"))
    return [("desk:desk (check-in and fees)", reverse("desk:desk", args=[event.pk]))]


def _size(browser, size: str) -> None:
    """The viewport at `size`, at once and without reloading: media queries apply as on that screen."""
    width, height = SIZES[size]
    browser.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"},
    )


def _load(browser, url: str) -> None:
    browser.get(url)
    WebDriverWait(browser.driver, 10, poll_frequency=0.1).until(
        lambda driver: driver.execute_script("return document.readyState === 'complete';")
    )


def _check(browser, name: str) -> list[str]:
    """The violations of the page as it stands at each size, one readable line each (with up to five elements at
    fault)."""
    if not browser.driver.execute_script("return typeof axe !== 'undefined';"):
        browser.driver.execute_script(AXE.read_text(encoding="utf-8"))
    url = browser.driver.current_url.removeprefix(browser.base_url)
    lines = []
    for size in SIZES:
        _size(browser, size)
        for v in browser.driver.execute_async_script(_RUN, TAGS):
            lines.append(f"{name} {url} [{size}] {v['id']} ({v['impact']}, {v['count']}x): {v['help']}")
            lines.extend(f"    at {node['target']}: {node['summary']}" for node in v["nodes"])
    return lines


def _join_form_errors(browser) -> list[str]:
    """The join form refused (a password too short): its errors, announced in a role="alert" summary."""
    event = open_event(team_size=1)
    _load(browser, reverse("portal:join", args=[join_code_for(event=event)]))
    browser.find("input[name=name]").send_keys("Nia Park")
    browser.find("input[name=email]").send_keys("nia@example.org")
    browser.find("input[name=password]").send_keys("short")
    browser.find("main form button[type=submit], main form button:not([type])").click()
    WebDriverWait(browser.driver, 10, poll_frequency=0.1).until(
        lambda driver: driver.execute_script("return !!document.querySelector('[role=alert]');")
    )
    return _check(browser, "portal:join with errors (visitor)")


def _sign_out(browser) -> None:
    """A fresh start for the next person: no session, and the browser's own viewport again."""
    browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.driver.delete_all_cookies()


def _walk(browser, pages) -> list[str]:
    """Each page loaded once, checked at both sizes."""
    browser.driver.set_script_timeout(30)
    found = []
    for name, url in pages:
        _load(browser, url)
        found += _check(browser, name)
    return found


def test_axe_is_the_pinned_version():
    head = AXE.read_text(encoding="utf-8")[:200]
    assert f"axe v{AXE_VERSION}" in head and "Mozilla Public" in head


def test_every_page_has_no_wcag_21_aa_violation(browsers, world):
    """One browser signed in as the organizer, then as a player, then signed out: every page at both sizes."""
    browser = browsers()
    checkin = _checkin_desk(world)
    owner_pages = _pages(world, matrix.OWNER) + _individual_desk_pages(world) + checkin
    player_pages = _pages(world, matrix.PLAYER)
    walked = {name for name, _url in owner_pages + player_pages}
    must = {
        "desk:organize",
        "desk:desk",
        "desk:event_new",
        "desk:fees",
        "desk:drafts",
        "notifications:preferences",
        "portal:home",
        "portal:event",
        "portal:pairings",
        "portal:standings",
        "portal:match",
        "drafting:table",
    }
    assert must <= walked, f"pages not walked: {sorted(must - walked)}"
    found = []
    browser.sign_in(matrix.OWNER)
    found += _walk(browser, owner_pages)
    # The check-in table with its paid column fits the phone too (no sideways scroll).
    _load(browser, checkin[0][1])
    _size(browser, "phone")
    assert "take the fee" in browser.text("main")
    SCREENSHOTS.mkdir(exist_ok=True)
    browser.driver.execute_script("document.getElementById('check-in-fees').scrollIntoView();")
    browser.driver.save_screenshot(str(SCREENSHOTS / "checkin-fees-phone.png"))
    assert browser.driver.execute_script("return document.documentElement.scrollWidth;") <= SIZES["phone"][0]
    right = browser.driver.execute_script(
        "return document.querySelector('table.checkin').getBoundingClientRect().right;"
    )
    assert right <= SIZES["phone"][0], f"the check-in table reaches {right} px"  # not cut by its panel either
    _sign_out(browser)
    browser.sign_in(matrix.PLAYER)
    found += _walk(browser, player_pages)
    _sign_out(browser)
    visitor_pages = _visitor_pages(world)
    assert {"portal:home (visitor)", "signup (visitor)", "portal:join_code (visitor)"} <= {n for n, _u in visitor_pages}
    found += _walk(browser, visitor_pages)
    found += _join_form_errors(browser)
    print(f"axe-core: {len(owner_pages) + len(player_pages) + len(visitor_pages) + 1} page states, 2 sizes each")
    assert not found, f"{len(found)} lines of axe-core violations (WCAG 2.1 A/AA):\n" + "\n".join(found)


def test_axe_finds_a_violation_it_should(browsers):
    """The check can fail: an image without a text alternative on a page is reported (axe's image-alt rule)."""
    browser = browsers()
    browser.get(reverse("portal:home"))
    browser.driver.execute_script(
        "var img = document.createElement('img'); img.src = '/favicon.ico'; document.querySelector('main').append(img);"
    )
    browser.driver.execute_script(AXE.read_text(encoding="utf-8"))
    browser.driver.set_script_timeout(30)
    violations = browser.driver.execute_async_script(_RUN, TAGS)
    assert "image-alt" in {v["id"] for v in violations}
