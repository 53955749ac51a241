"""Questions asked before an action that can't be taken back: asked once, and asked at all."""

import time

import pytest
from django.urls import reverse

from sealed.models import PoolCard
from sharedgame.services import life_change_apply
from tests.factories import PoolCardFactory, SealedPoolFactory, SharedMatchFactory
from tournaments.enums import ResultState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _alert(browser, timeout: float = 3):
    """The open alert, waited for up to `timeout` seconds; None if none opens."""
    from selenium.common.exceptions import NoAlertPresentException

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            return browser.driver.switch_to.alert
        except NoAlertPresentException:
            time.sleep(0.05)
    return None


def test_shared_game_report_asks_once(browsers):
    match = SharedMatchFactory()
    user_a = match.team_a.seats.get(letter="A").player.user
    user_b = match.team_b.seats.get(letter="A").player.user
    life_change_apply(match=match, user=user_b, game=1, team="A", life=-30)  # team B won: the match is decided
    browser = browsers()
    browser.sign_in(user_a.username)
    browser.get(reverse("sharedgame:match", args=[match.pk]))
    browser.button("Report the result").click()
    first = _alert(browser)
    assert first is not None and first.text == "Report this result? The other team then confirms it."
    first.accept()
    assert _alert(browser, timeout=1.5) is None  # no second question
    for _ in range(50):
        match.refresh_from_db()
        if match.result_state == ResultState.REPORTED:
            break
        time.sleep(0.1)
    assert match.result_state == ResultState.REPORTED, browser.text("#live-state")


def test_sealed_pool_register_asks_first_and_cancel_registers_nothing(browsers):
    pool = SealedPoolFactory()
    PoolCard.objects.bulk_create([PoolCardFactory.build(pool=pool, position=k, name=f"Card {k}") for k in (1, 2)])
    browser = browsers()
    browser.sign_in(pool.registration.seats.get(letter="A").player.user.username)
    browser.get(reverse("sealed:pool", args=[pool.pk]))
    browser.button("Register").click()
    alert = _alert(browser)
    assert alert is not None and alert.text.startswith("Register these decks?")
    alert.dismiss()
    time.sleep(0.5)
    pool.refresh_from_db()
    assert not pool.is_registered and _alert(browser, timeout=0.5) is None
    browser.button("Register").click()
    _alert(browser).accept()
    browser.wait_for_text("Not registered. Fix these and try again:")  # asked, then sent: the server checks the decks
