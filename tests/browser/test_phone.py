"""What a person sees on a phone (390 px): the draft table says why a tap did nothing, the review has its own
countdown, and the standings, pairings and pools fit the screen without sideways scrolling. The screenshots are
kept in docs/screenshots/."""

import shutil
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from selenium.webdriver.support.ui import WebDriverWait

from drafting.models import DraftCard, DraftTable
from drafting.selectors.tables import draft_seat_players, draft_table_plan
from drafting.services.tables import draft_table_enter_packs, draft_table_start
from sealed.models import PoolCard
from tests.factories import DraftTableFactory, PoolCardFactory, RochesterEventFactory, SealedPoolFactory
from tests.portal.scene import make_scene
from tournaments.enums import EventStatus
from tournaments.services.results import SeatGames, team_match_confirm, team_match_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GAMES = [SeatGames("A", 2, 0), SeatGames("B", 2, 1), SeatGames("C", 0, 2)]


def _keep(browser, name: str) -> None:
    """A phone screenshot, kept in the docs."""
    DOCS_SCREENSHOTS.mkdir(exist_ok=True)
    shutil.copyfile(browser.screenshot(name), DOCS_SCREENSHOTS / f"{name}-phone.png")


def _overflowing(browser) -> list[str]:
    """Elements of the page that reach past the right edge of the screen (what makes a page scroll sideways)."""
    return browser.driver.execute_script(
        "var w = document.documentElement.clientWidth; var out = [];"
        "document.querySelectorAll('main *').forEach(function (el) {"
        "  var r = el.getBoundingClientRect();"
        "  if (r.width && r.right > w + 1) { out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right)); } });"
        "if (document.documentElement.scrollWidth > w + 1) { out.push('page ' + document.documentElement.scrollWidth); }"
        "return out;"
    )


def _tap_card(browser, css: str) -> None:
    """Tap a card as a person does: scrolled to the middle of the screen, clear of the draft's sticky bar."""
    button = browser.find(css)
    browser.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()


def _table_in_review():
    event = RochesterEventFactory(team_size=3, status=EventStatus.RUNNING, name="Rochester Cup")
    table = DraftTableFactory(event=event, review_seconds=300, pick_seconds=None)
    packs = [[f"Card {p + 1:02d}-{k:02d}" for k in range(1, 16)] for p in range(table.pack_count)]
    draft_table_enter_packs(table_id=table.pk, by=None, packs=packs)
    return draft_table_start(table_id=table.pk, by=None)


def test_phone_draft_table_says_why_a_tap_picks_nothing(browsers):
    table = _table_in_review()
    seats = draft_seat_players(table=table)
    first, second = (str(seat) for seat in draft_table_plan(table=table)[0].picks[:2])
    browser = browsers()
    browser.sign_in(seats[second].player.user.username)
    browser.get(reverse("drafting:table", args=[table.pk]))

    # The review period has its own countdown; nobody's pick is running yet.
    browser.wait_for_text("Review:", css="#draft-state")
    state = browser.text("#draft-state")
    assert "Your pick!" not in state and f"{first} picks first." in state
    seconds = int(browser.text("#draft-state .review-line .countdown"))
    assert 290 <= seconds <= 300
    _keep(browser, "draft-table-review")

    # A tap in the review says when picks open, next to the card tapped.
    _tap_card(browser, "#draft-state .cards li:last-child button")
    browser.wait_for_text("picks open in", css="#draft-state .tap-refused")
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()

    # Picks open: a tap out of turn says whose pick it is.
    DraftTable.objects.filter(pk=table.pk).update(picks_open_at=None, version=table.version + 1)
    browser.wait_for_text(f"{first} is picking.", css="#draft-state .turn-line")
    _tap_card(browser, "#draft-state .cards li:nth-child(3) button")
    browser.wait_for_text(f"{first} is picking.", css="#draft-state .tap-refused")
    assert "Review:" not in browser.text("#draft-state")
    assert _overflowing(browser) == []
    _keep(browser, "draft-table")


def test_phone_standings_and_pairings_fit_the_screen(browsers):
    scene = make_scene()
    browser = browsers()
    browser.get(reverse("portal:standings", args=[scene.event.pk]))
    browser.wait_for_text("These teams are registered")  # no ranks before a result counts
    assert "Azure Ants" in browser.text("#registered-teams")
    team_match_report(match=scene.match, user=scene.alice, seats=GAMES)
    team_match_confirm(match=scene.match, user=scene.bob)
    browser.get(reverse("portal:standings", args=[scene.event.pk]))
    browser.wait_for_text("OMW%", css="table.standings")
    assert _overflowing(browser) == []
    first = browser.rows("table.standings tbody tr")[0]
    assert first[1] == "Azure Ants" and first[2] == "3"
    _keep(browser, "standings")
    for name in ("pairings", "pairings_by_team"):
        browser.get(reverse(f"portal:{name}", args=[scene.event.pk]))
        browser.wait_for_text("Round 1")
        assert _overflowing(browser) == []
    browser.get(reverse("portal:pairings", args=[scene.event.pk]))
    _keep(browser, "pairings")


def test_phone_sealed_pool_fits_the_screen(browsers):
    pool = SealedPoolFactory()
    PoolCard.objects.bulk_create(
        [
            PoolCardFactory.build(
                pool=pool, position=k, name=f"Pool Card {k:03d}", types="Artifact Creature", colors="WU", mana_value=3
            )
            for k in range(1, 25)
        ]
    )
    browser = browsers()
    browser.sign_in(pool.registration.seats.get(letter="A").player.user.username)
    browser.get(reverse("sealed:pool", args=[pool.pk]))
    browser.wait_for_text("Sort and filter")
    assert _overflowing(browser) == []
    _keep(browser, "sealed-pool")


def _in_view(browser, css: str) -> bool:
    return browser.driver.execute_script(
        "var el = document.querySelector(arguments[0]); if (!el) { return false; }"
        "var r = el.getBoundingClientRect(); return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1;",
        css,
    )


@pytest.mark.parametrize("language", ["en", "fr", "ja"])
def test_phone_draft_keeps_the_timer_and_the_chosen_card_in_view_while_the_pack_scrolls(browsers, settings, language):
    """Issue 45: a pack of text cards spans screens; the timer and the card chosen by a first tap stay on screen, in
    English, in French (long words) and in Japanese (no spaces to wrap at)."""
    table = _table_in_review()
    DraftTable.objects.filter(pk=table.pk).update(picks_open_at=None, version=table.version + 1)
    seats = draft_seat_players(table=table)
    first = str(draft_table_plan(table=table)[0].picks[0])
    browser = browsers()
    browser.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}
    )
    browser.sign_in(seats[first].player.user.username)
    browser.driver.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "path": "/"})
    browser.get(reverse("drafting:table", args=[table.pk]))
    with translation.override(language):
        browser.wait_for_text(gettext("Your pick!"), css="#draft-state .turn-line")
    assert browser.driver.execute_script("return document.documentElement.lang;") == language
    assert browser.driver.execute_script("return document.documentElement.scrollHeight;") > 740  # the pack scrolls
    last = "document.querySelector('#draft-state .cards li:last-child')"
    browser.driver.execute_script(f"{last}.scrollIntoView({{block: 'end'}});")  # the pack's end on screen
    assert _in_view(browser, "#draft-state .draft-bar .turn-line")  # the turn and its timer
    _tap_card(browser, "#draft-state .cards li:nth-child(2) button")
    WebDriverWait(browser.driver, 8, poll_frequency=0.1).until(
        lambda _driver: browser.text("#draft-state .card.chosen button.confirm").strip()
    )
    for scroll in ("window.scrollTo(0, 0)", f"{last}.scrollIntoView({{block: 'end'}})"):
        browser.driver.execute_script(scroll)
        assert _in_view(browser, "#draft-state .card.chosen button.confirm")
        assert _in_view(browser, "#draft-state .draft-bar .turn-line")
    assert _overflowing(browser) == []
