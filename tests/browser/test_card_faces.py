"""A draft pack in a real browser shows its cards as cards: mana symbols drawn from Hydra's sprite, type line,
rules text on tap."""

import pytest

from cards.selectors import card_images_forget
from cards.services import cards_import_file
from drafting.selectors.tables import draft_seat_players, draft_seat_to_pick
from drafting.services.tables import draft_table_enter_packs, draft_table_start
from tests.cards.test_import_data import allprintings, write
from tests.factories import DraftTableFactory, RochesterEventFactory
from tournaments.enums import EventStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_draft_pack_shows_cards_with_mana_symbols(browsers, tmp_path):
    cards_import_file(path=write(tmp_path / "AllPrintings.json", allprintings()))
    card_images_forget()
    event = RochesterEventFactory(team_size=3, status=EventStatus.RUNNING, name="Card Faces Cup")
    table = DraftTableFactory(event=event, review_seconds=None, pick_seconds=None)
    names = ["Hydra Zap", "Night Hydra // Day Hydra"] + [f"Card {k:02d}" for k in range(3, 16)]
    draft_table_enter_packs(table_id=table.pk, by=None, packs=[names] * table.pack_count)
    table = draft_table_start(table_id=table.pk, by=None)
    seat = draft_seat_to_pick(table=table)
    browser = browsers()
    browser.sign_in(draft_seat_players(table=table)[seat].player.user.username)
    browser.link("My draft table").click()
    browser.wait_for_text("Your pick!", css="#draft-state")

    # Each mana symbol is drawn: the <use> resolves in Hydra's own sprite, to a shape with a size.
    drawn = browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#draft-state .card .mana svg.ms')).map(function (svg) {"
        "  var box = svg.querySelector('use').getBBox();"
        "  return [svg.closest('.card').querySelector('button, strong').innerText, svg.dataset.symbol,"
        "          svg.querySelector('use').getAttribute('href'), Math.round(box.width)]; });"
    )
    # (Both faces of the test's double-faced card cost {R}: "{R} // {R}".)
    assert [row[:2] for row in drawn] == [
        ["Hydra Zap", "{R}"],
        ["Night Hydra // Day Hydra", "{R}"],
        ["Night Hydra // Day Hydra", "{R}"],
    ]
    assert all(row[2] == "/static/cards/mana.svg#ms-R" and row[3] > 0 for row in drawn)
    assert (
        browser.driver.execute_script(
            "return Array.from(document.images).filter(function (i) { return !i.src.startsWith(location.origin); }).length"
        )
        == 0
    )
    # The rules text is one tap away.
    zap = browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#draft-state .card')).find(function (li) {"
        "  return li.innerText.indexOf('Hydra Zap') === 0; });"
    )
    assert "deals 3 damage" not in zap.text
    zap.find_element("css selector", "details.card-text summary").click()
    browser.wait_for_text("Hydra Zap deals 3 damage to any target.", css="#draft-state")
    browser.screenshot("draft-pack-card-faces", laptop=True)
