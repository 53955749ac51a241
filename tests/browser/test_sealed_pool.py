"""A team's 180-card sealed pool on a laptop in real Chromium: sort and filter by colour, type and mana value."""

import pytest

from sealed.models import PoolCard
from tests.factories import PoolCardFactory, SealedPoolFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLORS = ["W", "U", "B", "R", "G", "", "WU"]
TYPES = ["Creature", "Instant", "Sorcery", "Land", "Artifact Creature"]


def _pool():
    pool = SealedPoolFactory()
    PoolCard.objects.bulk_create(
        [
            PoolCardFactory.build(
                pool=pool,
                position=k,
                name=f"Pool Card {k:03d}",
                colors=COLORS[k % 7],
                types=TYPES[k % 5],
                mana_value=k % 8,
            )
            for k in range(1, 181)
        ]
    )
    return pool


def _visible(browser) -> list[dict]:
    return browser.driver.execute_script(
        "return Array.from(document.querySelectorAll('#pool-table tbody tr')).filter(function (r) { return !r.hidden; })"
        ".map(function (r) { return {position: Number(r.dataset.position), color: r.dataset.color,"
        " type: r.dataset.type, mv: Number(r.dataset.mv)}; });"
    )


def _select(browser, css: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(browser.find(css)).select_by_visible_text(value)


def test_sealed_pool_sorts_and_filters_by_colour_type_and_mana_value(browsers):
    pool = _pool()
    browser = browsers()
    browser.driver.set_window_size(1280, 800)
    browser.sign_in(pool.registration.seats.get(letter="A").player.user.username)
    browser.driver.set_window_size(1280, 800)
    browser.get(f"/sealed/pool/{pool.pk}/")
    browser.wait_for_text("180 / 180", css="#pool-shown")
    assert [row["position"] for row in _visible(browser)] == list(range(1, 181))

    # Colour: blue cards, the mono-blue and the white-blue ones.
    browser.find("[data-filter=color][value=U]").click()
    blue = _visible(browser)
    assert {row["position"] for row in blue} == {k for k in range(1, 181) if "U" in COLORS[k % 7]}
    browser.wait_for_text(f"{len(blue)} / 180", css="#pool-shown")

    # And type: the blue instants.
    _select(browser, "[data-filter=type]", "Instant")
    rows = _visible(browser)
    assert rows and {row["position"] for row in rows} == {
        k for k in range(1, 181) if "U" in COLORS[k % 7] and TYPES[k % 5] == "Instant"
    }

    # Mana value, after clearing colour and type: every card of mana value 3, whatever its type.
    browser.find("[data-filter=color][value=U]").click()
    _select(browser, "[data-filter=type]", "any")
    _select(browser, "[data-filter=mv]", "3")
    assert {row["position"] for row in _visible(browser)} == {k for k in range(1, 181) if k % 8 == 3}
    _select(browser, "[data-filter=mv]", "any")

    # Sort by mana value, then again for descending; ties keep the pool's order.
    browser.find("button[data-sort=mv]").click()
    rows = _visible(browser)
    assert [row["mv"] for row in rows] == sorted(row["mv"] for row in rows)
    assert rows[0]["position"] == 8  # the first card of mana value 0
    browser.find("button[data-sort=mv]").click()
    assert [row["mv"] for row in _visible(browser)] == sorted((row["mv"] for row in rows), reverse=True)
    assert browser.find("button[data-sort=mv]").find_element("xpath", "..").get_attribute("aria-sort") == "descending"
    browser.screenshot("sealed-pool", laptop=True)


COLOR_ORDER = {"W": 0, "U": 1, "B": 2, "R": 3, "G": 4, "WU": 5, "C": 9}  # multicolour after the five, colourless last


def _displayed_positions(browser) -> set[int]:
    """The rows Chromium actually draws (not just the ones without the hidden attribute)."""
    from selenium.webdriver.common.by import By

    return {
        int(row.get_attribute("data-position"))
        for row in browser.driver.find_elements(By.CSS_SELECTOR, "#pool-table tbody tr")
        if row.is_displayed()
    }


def test_sealed_pool_sorts_by_colour_and_type_and_filters_multicolour_colourless_and_subtypes(browsers):
    pool = _pool()
    browser = browsers()
    browser.sign_in(pool.registration.seats.get(letter="A").player.user.username)
    browser.driver.set_window_size(1280, 800)
    browser.get(f"/sealed/pool/{pool.pk}/")
    browser.wait_for_text("180 / 180", css="#pool-shown")
    every = range(1, 181)

    # Sort by colour: W, U, B, R, G, then multicolour, then colourless; the pool's order within a colour.
    browser.find("button[data-sort=color]").click()
    rows = _visible(browser)
    assert [row["position"] for row in rows] == sorted(every, key=lambda k: (COLOR_ORDER[COLORS[k % 7] or "C"], k))
    assert rows[0]["color"] == "W" and rows[-1]["color"] == "C"

    # Sort by type: alphabetical ("Artifact Creature" first, "Sorcery" last), the sort's direction shown.
    browser.find("button[data-sort=type]").click()
    rows = _visible(browser)
    assert [row["position"] for row in rows] == sorted(every, key=lambda k: (TYPES[k % 5], k))
    assert browser.find("button[data-sort=type]").find_element("xpath", "..").get_attribute("aria-sort") == "ascending"
    assert browser.find("button[data-sort=color]").find_element("xpath", "..").get_attribute("aria-sort") is None

    # Filter multicolour, then add colourless: the chips add up (either colour shows).
    browser.find("[data-filter=color][value=M]").click()
    assert _displayed_positions(browser) == {k for k in every if COLORS[k % 7] == "WU"}
    browser.find("[data-filter=color][value=C]").click()
    expected = {k for k in every if COLORS[k % 7] in ("WU", "")}
    assert _displayed_positions(browser) == expected
    browser.wait_for_text(f"{len(expected)} / 180", css="#pool-shown")

    # Type "Creature" includes the artifact creatures; with mana value 2 on top, only those.
    for chip in ("M", "C"):
        browser.find(f"[data-filter=color][value={chip}]").click()
    _select(browser, "[data-filter=type]", "Creature")
    assert _displayed_positions(browser) == {k for k in every if TYPES[k % 5].endswith("Creature")}
    _select(browser, "[data-filter=mv]", "2")
    expected = {k for k in every if TYPES[k % 5].endswith("Creature") and k % 8 == 2}
    assert expected and _displayed_positions(browser) == expected
    browser.wait_for_text(f"{len(expected)} / 180", css="#pool-shown")
    browser.screenshot("sealed-pool-filtered", laptop=True)
