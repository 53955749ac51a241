"""A Rochester draft pick in two real browsers at one table: one player picks, the other sees it appear."""

import time

import pytest
from django.urls import reverse

from drafting.models import DraftCard
from drafting.selectors.tables import draft_seat_players, draft_seat_to_pick, draft_table_plan
from drafting.services.picks import draft_pick
from drafting.services.tables import draft_table_enter_packs, draft_table_start
from tests.factories import DraftTableFactory, RochesterEventFactory
from tournaments.enums import EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _running_table():
    """A started table of two teams of three, packs of 15 named cards, no review period and no pick timer."""
    event = RochesterEventFactory(team_size=3, status=EventStatus.RUNNING, name="Rochester Cup")
    table = DraftTableFactory(event=event, review_seconds=None, pick_seconds=None)
    packs = [[f"Card {p + 1:02d}-{k:02d}" for k in range(1, 16)] for p in range(table.pack_count)]
    draft_table_enter_packs(table_id=table.pk, by=None, packs=packs)
    return draft_table_start(table_id=table.pk, by=None)


def test_draft_pick_appears_at_the_other_seat(browsers):
    from selenium.webdriver.common.keys import Keys

    table = _running_table()
    seats = draft_seat_players(table=table)
    picker_seat = draft_seat_to_pick(table=table)
    watcher_seat = next(seat for seat in seats if seat != picker_seat and seat[0] != picker_seat[0])
    picker, watcher = browsers(), browsers()

    # Both players find their table from "my events".
    for browser, seat in ((picker, picker_seat), (watcher, watcher_seat)):
        browser.sign_in(seats[seat].player.user.username)
        browser.link("My draft table").click()
        browser.wait_for_text("The pack", css="#draft-state")
    picker.wait_for_text("Your pick!", css="#draft-state")
    picker.screenshot("draft-table", laptop=True)

    # The first tap only chooses the card: nothing is recorded and the other seat sees nothing yet.
    card = picker.find("#draft-state .cards button")
    name = card.text
    card.click()
    picker.wait_for_text(f"Pick {name}", css="#draft-state .card.chosen")
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()
    picker.screenshot("draft-table-card-chosen")
    # The other seat sees no choice, only that the picker is picking.
    assert name not in watcher.text("#draft-state table") and "Pick " not in watcher.text("#draft-state")
    # The confirm button has the focus, so the keyboard confirms too: Enter is the second tap.
    confirm = picker.find("#draft-state .card.chosen button.confirm")
    assert picker.driver.switch_to.active_element == confirm
    confirm.send_keys(Keys.ENTER)
    picker.wait_for_text("is picking.", css="#draft-state")
    assert DraftCard.objects.get(table=table, pick_number=1, pack_index=0).name == name

    # The other seat's page shows the pick by itself (it polls every second).
    watcher.wait_for_text(name, css="#draft-state table", timeout=8)
    row = next(cells for cells in watcher.rows("#draft-state tbody tr") if cells[0].startswith(picker_seat))
    assert row[-1] == name
    watcher.screenshot("draft-table-after-pick")


def test_a_tap_just_as_the_pack_changes_picks_nothing(browsers):
    """The mis-tap guard: for a moment after the pack on the table changes, a tap on a card does nothing."""
    from selenium.webdriver.common.by import By

    table = _running_table()
    seats = draft_seat_players(table=table)
    first, second = (str(seat) for seat in draft_table_plan(table=table)[0].picks[:2])
    browser = browsers()
    browser.sign_in(seats[second].player.user.username)
    browser.get(reverse("drafting:table", args=[table.pk]))
    browser.wait_for_text(f"{first} is picking.", css="#draft-state")

    card = DraftCard.objects.get(table=table, pack_index=0, position=1)
    draft_pick(table_id=table.pk, seat=first, card_id=card.pk, pack_index=0, pick_number=1)
    browser.wait_for_text("Your pick!", css="#draft-state", timeout=5)
    browser.find("#draft-state .cards button").click()  # at once: meant for the pack as it was
    time.sleep(0.4)
    assert browser.driver.find_elements(By.CSS_SELECTOR, "#draft-state .card.chosen") == []

    time.sleep(0.5)  # the guard is over: a tap chooses, a second picks
    browser.find("#draft-state .cards button").click()
    browser.wait_for_text("Pick Card 01-02", css="#draft-state .card.chosen")
    assert not DraftCard.objects.filter(table=table, pick_number=2).exists()
