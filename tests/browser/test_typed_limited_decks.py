"""Two players of a prerelease (real product: Hydra doesn't know the pools) register their typed sealed decks on
360 px phones (issue 40): a 39-card main deck and a mistyped card name are refused with the reason, the fixed lists
are registered, and the judge finds both on the desk. No page scrolls sideways."""

import pytest
from django.urls import reverse

from tournaments.models import Decklist

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW_PHONE = (360, 740)
ANNA = "1 Serra Angel\n2 Shock\n20 Plains\n17 Mountain\nSideboard\n1 Lightning Bolt"
BO = "3 Llanowar Elves\n1 Serra Angel\n18 Forest\n18 Plains\n\n2 Shock"


def _fits(browser) -> None:
    width = browser.driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];"
    )
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def _phone(browsers, user):
    phone = browsers()
    phone.driver.set_window_size(*NARROW_PHONE)
    phone.sign_in(user.username)
    return phone


def _type(phone, text: str) -> None:
    area = phone.find("#id_text")
    area.clear()
    area.send_keys(text)
    phone.find("form.panel button[type=submit]").click()


def test_two_players_register_typed_sealed_decks_on_phones(browsers, prerelease):
    event, (anna, bo, _third) = prerelease
    url = reverse("portal:decklist", args=[event.pk])

    first = _phone(browsers, anna.player.user)
    first.get(url)
    first.wait_for_text("Type the deck you built", css="#decklist-typed")
    _fits(first)
    _type(first, ANNA.replace("17 Mountain", "16 Mountain"))
    first.wait_for_text("the main deck has 39 cards; a limited deck has at least 40", css="form.panel")
    assert not Decklist.objects.filter(seat=anna).exists()
    assert "16 Mountain" in first.find("#id_text").get_attribute("value")  # the typed text stays to fix
    _fits(first)

    second = _phone(browsers, bo.player.user)
    second.get(url)
    _type(second, BO.replace("Llanowar Elves", "Llanowar Elfs"))
    second.wait_for_text("'Llanowar Elfs' is not a card name. Did you mean Llanowar Elves", css="form.panel")
    assert not Decklist.objects.filter(seat=bo).exists()

    _type(first, ANNA)
    first.wait_for_text("Decklist saved. It is legal.")
    assert "40 cards in the main deck, 1 in the sideboard." in first.text("section[aria-labelledby=mine-heading]")
    first.screenshot("typed-sealed-deck-registered")
    _type(second, BO)
    second.wait_for_text("Decklist saved. It is legal.")
    _fits(second)
    assert Decklist.objects.get(seat=bo).sideboard == {"Shock": 2}

    judge = _phone(browsers, event.organizer)
    judge.get(reverse("desk:decklists", args=[event.pk]))
    judge.wait_for_text("2 of 3 players have registered a decklist.", css="#decklists-count")
    _fits(judge)
    assert judge.find(f"[data-registration='{anna.registration_id}'] details").get_attribute("data-main") == "40"
    assert judge.find(f"[data-registration='{bo.registration_id}'] details").get_attribute("data-sideboard") == "2"
    judge.screenshot("desk-typed-decklists")
