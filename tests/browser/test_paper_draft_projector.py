"""Issue 56: the call's projector page (/draft/event/<id>/call/?projector=1) is a full-screen page without the site's
menu, and the call's timer fits whole on a 1366x768 and a 1920x1080 screen, with the deck building timer and the pod's
eight seats; a drafter's call page fits a 360 px phone with no sideways scroll. Every wait is for a condition."""

import pytest
from django.urls import reverse
from selenium.webdriver.support.ui import WebDriverWait

from drafting.models import DraftSettings, PodTeam
from drafting.services.paper import called_draft_end, called_draft_start, deck_building_start, paper_pods_seat
from tests.drafting.boosterpods import player
from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory
from tournaments.enums import EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The box of every visible timer and of its seconds, and the viewport: [[left, top, right, bottom] ...], [w, h].
BOXES = (
    "var out = [];"
    "document.querySelectorAll('.called-timer').forEach(function (box) {"
    "  if (box.hidden || box.offsetParent === null) { return; }"
    "  [box, box.querySelector('[data-left]')].forEach(function (el) {"
    "    var r = el.getBoundingClientRect(); out.push([r.left, r.top, r.right, r.bottom, el.textContent.trim()]);"
    "  });"
    "});"
    "return [out, [window.innerWidth, window.innerHeight], document.documentElement.scrollWidth];"
)


def _viewport(browser, width: int, height: int) -> None:
    """Make the page itself (not the window around it) `width` x `height`, as a full-screen projector shows it."""
    browser.driver.set_window_size(width, height)
    inner = browser.driver.execute_script("return [window.innerWidth, window.innerHeight]")
    browser.driver.set_window_size(width + width - inner[0], height + height - inner[1])
    WebDriverWait(browser.driver, 8, poll_frequency=0.1).until(
        lambda d: d.execute_script("return [window.innerWidth, window.innerHeight]") == [width, height]
    )


def _inside(browser, width: int, height: int, *, timers: int) -> None:
    """Wait until `timers` timers show their seconds, then check each box lies inside the viewport."""
    WebDriverWait(browser.driver, 10, poll_frequency=0.1).until(
        lambda d: (
            len(d.execute_script(BOXES)[0]) == 2 * timers and all(text for *_box, text in d.execute_script(BOXES)[0])
        )
    )
    boxes, (inner_w, inner_h), scroll_w = browser.driver.execute_script(BOXES)
    assert (inner_w, inner_h) == (width, height)
    assert scroll_w <= width, scroll_w  # no sideways scroll
    for left, top, right, bottom, text in boxes:
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (
            width,
            height,
            (left, top, right, bottom),
            text,
        )


def test_the_calls_projector_page_is_full_screen_and_its_timers_fit_1366x768_and_1920x1080(browsers):
    event = BoosterDraftEventFactory(status=EventStatus.RUNNING, name="Friday Night Paper Draft at the Harbour")
    for _ in range(8):
        SoloRegistrationFactory(event=event)
    DraftSettings.objects.create(event=event, booster_pick_seconds={"15": 600, "2": 600})  # a call that lasts
    paper_pods_seat(event=event, by=event.organizer, seed=3)
    called_draft_start(event=event, by=event.organizer, pack_size=15)

    projector = browsers()
    projector.sign_in(event.organizer.username)
    projector.get(reverse("drafting:call", args=[event.pk]) + "?projector=1")
    projector.wait_for_text("Pod 1, seat 8", css="#called-projector")
    assert not projector.driver.find_elements("css selector", ".site-header, .site-footer, nav")  # no site menu
    assert projector.driver.execute_script("return document.documentElement.classList.contains('projector')")
    for width, height in ((1366, 768), (1920, 1080)):
        _viewport(projector, width, height)
        _inside(projector, width, height, timers=1)
        projector.screenshot(f"paper-draft-call-projector-{width}")

    # The call ends, deck building starts: both timers on the screen, both inside it.
    called_draft_end(event=event, by=event.organizer)
    deck_building_start(event=event, by=event.organizer, minutes=40)
    projector.wait_for_text("Deck building and registration", css="[data-kind=build]", timeout=15)
    for width, height in ((1366, 768), (1920, 1080)):
        _viewport(projector, width, height)
        _inside(projector, width, height, timers=2)

    # A drafter's own call page on a 360 px phone: their seat, the timers whole, no sideways scroll.
    row = PodTeam.objects.filter(pod__event=event).order_by("seat").first()
    phone = browsers()
    phone.sign_in(player(row).username)
    phone.get(reverse("drafting:call", args=[event.pk]))
    phone.wait_for_text(f"Pod 1, seat {row.seat + 1}", css="#my-seat")
    _viewport(phone, 360, 740)
    WebDriverWait(phone.driver, 10, poll_frequency=0.1).until(
        lambda d: any(text for *_box, text in d.execute_script(BOXES)[0])
    )
    boxes, (inner_w, _inner_h), scroll_w = phone.driver.execute_script(BOXES)
    assert inner_w == 360 and scroll_w <= 360
    for left, _top, right, _bottom, text in boxes:
        assert left >= 0 and right <= 360.5, (left, right, text)
