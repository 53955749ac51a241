"""Issue 40's prerelease evening in real browsers: sealed with real product at Competitive REL, the desk's next step
starts the deck building timer, which the desk, the projector and two phones count down together (the times read
from the pages agree within a second), paused and resumed by the organizer; the next step then collects the
decklists, two players type theirs on 360 px phones (no sideways scrolling), and round 1 is paired from the desk,
reviewed as a draft and published (issue 53)."""

import pytest
from django.urls import reverse
from selenium.webdriver.support.ui import WebDriverWait

from tests.factories import TYPED_SEALED_DECK, PrereleaseEventFactory, RegistrationFactory
from tournaments.enums import EventStatus
from tournaments.models import Decklist
from tournaments.services.decklists import decklist_submit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READ = (
    "var box = document.querySelector('[data-kind=\"build\"]');"
    "return box && !box.hidden ? [parseFloat(box.dataset.elapsed), box.dataset.paused,"
    " box.querySelector('[data-left]').textContent] : null;"
)


def timer(browser):
    return browser.driver.execute_script(READ)


def wait_until(browser, condition, timeout=20):
    WebDriverWait(browser.driver, timeout, poll_frequency=0.1).until(lambda _d: condition(browser))


def next_step(desk, label: str) -> None:
    desk.wait_for_text(label, css="#next-step")
    desk.driver.execute_script("window.confirm = function () { return true; };")
    desk.find("#next-step").click()


def no_sideways_scrolling(page) -> None:
    page.driver.set_window_size(360, 800)
    wait_until(page, lambda b: b.driver.execute_script("return window.innerWidth") <= 360)
    width = page.driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= page.driver.execute_script("return window.innerWidth")


def test_prerelease_evening_times_deck_building_everywhere_collects_decks_and_pairs(browsers):
    from cards.services import cards_ensure_loaded

    cards_ensure_loaded()  # the typed decks are read against the card data (a transactional test starts empty)
    event = PrereleaseEventFactory(status=EventStatus.RUNNING, name="Saturday Prerelease", deck_building_minutes=30)
    seats = [RegistrationFactory(event=event).seats.get() for _ in range(4)]

    desk = browsers()
    desk.sign_in(event.organizer.username)
    desk.get(reverse("desk:desk", args=[event.pk]))
    projector = browsers()
    projector.get(reverse("desk:screen", args=[event.pk]))
    projector.wait_for_text("No timer is running yet.", css="#deck-building")
    phones = []
    for seat in seats[:2]:
        phone = browsers()
        phone.sign_in(seat.player.user.username)
        phone.get(reverse("portal:event", args=[event.pk]))
        phone.wait_for_text("Hydra keeps no pools", css="#real-product")
        phones.append(phone)

    next_step(desk, "Start deck building")
    desk.wait_for_text("Deck building has started: 30 minutes.")
    pages = [desk, projector, *phones]
    for page in pages:  # the pages loaded before the start learn of it by themselves
        wait_until(page, lambda b: timer(b) is not None and timer(b)[1] == "0")
        assert timer(page)[2] in ("30:00", "29:59", "29:58")
    readings = [timer(page)[0] for page in pages]
    assert max(readings) - min(readings) < 1.0, readings

    pause = browsers()
    pause.sign_in(event.organizer.username)
    pause.get(reverse("drafting:paper_event", args=[event.pk]))
    pause.tap("Pause deck building")
    pause.wait_for_text("Paused.")
    for page in pages:
        wait_until(page, lambda b: timer(b)[1] == "1")
    frozen = [timer(page)[0] for page in pages]
    assert max(frozen) - min(frozen) < 1.0, frozen
    pause.tap("Resume deck building")
    pause.wait_for_text("Resumed.")
    for page in pages:
        wait_until(page, lambda b: timer(b)[1] == "0" and timer(b)[0] > max(frozen) + 0.2)

    desk.get(reverse("desk:desk", args=[event.pk]))
    desk.wait_for_text("0 of 4 players have registered their deck.")
    for phone, _seat in zip(phones, seats):
        no_sideways_scrolling(phone)
        phone.find("#real-product-decklist").click()
        phone.wait_for_text("Type the deck you built", css="#decklist-typed")
        phone.find("#id_text").send_keys(TYPED_SEALED_DECK)
        phone.find("form.panel button[type=submit]").click()
        phone.wait_for_text("Decklist saved. It is legal.")
        no_sideways_scrolling(phone)
    assert Decklist.objects.filter(seat__event=event).count() == 2
    desk.get(reverse("desk:desk", args=[event.pk]))
    desk.wait_for_text("2 of 4 players have registered their deck.")
    no_sideways_scrolling(desk)

    desk.get(reverse("desk:decklists", args=[event.pk]))
    desk.wait_for_text(seats[0].player.name)
    for seat in seats[2:]:  # the last two type theirs at the desk's laptop, as judges let them
        decklist_submit(seat=seat, user=seat.player.user, text=TYPED_SEALED_DECK)
    desk.driver.set_window_size(1280, 900)
    desk.get(reverse("desk:desk", args=[event.pk]))
    next_step(desk, "Pair round 1")
    desk.wait_for_text("Round 1 is paired.")
    assert event.rounds.get().matches.count() == 2
    # Competitive REL: the staff review the pairings before the players see them (issue 53).
    desk.wait_for_text("Draft: the players don't see these pairings yet.", css="#draft-notice")
    assert not event.rounds.get().is_published
    next_step(desk, "Publish round 1")
    desk.wait_for_text("Round 1 is published.")
    assert event.rounds.get().is_published
