"""The projector on a 1366x768 screen (issue 32): pairings never run off the screen; the server's pages are cut
into screens that fit the window, and every pairing is seen on one of them, whole."""

from pathlib import Path

import pytest

from tests.browser.conftest import SCREENSHOTS, browsers  # noqa: F401 - the fixture
from tests.desk.conftest import TEAM_NAMES
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlayerFactory,
    RegistrationFactory,
    TeamFactory,
    UserFactory,
)
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREEN = (1366, 768)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
VISIBLE_ROWS = """
    var rows = Array.from(document.querySelectorAll('[data-page]:not([hidden]) tbody tr'));
    return rows.filter(function (row) {
        var box = row.getBoundingClientRect();
        return row.offsetParent !== null && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }).map(function (row) { return Array.from(row.cells).map(function (cell) { return cell.innerText.trim(); }); });
"""


def _event_in_round_one(teams: int):
    organizer = OrganizerFactory(username="olivia", is_staff=False, is_superuser=False)
    event = EventFactory(name="Harbour Team Open", organizer=organizer, swiss_rounds=3, top_cut=0)
    names = TEAM_NAMES if teams == len(TEAM_NAMES) else [f"Harbour Crew {i:02d}" for i in range(1, teams + 1)]
    for n, name in enumerate(names):
        players = [PlayerFactory(user=UserFactory(username=f"p{n}x{i}"), name=f"Player {n}-{i}") for i in (1, 2, 3)]
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=players)
    round_pair_next(event=event, seed=3)
    return event, names


def _viewport(browser, width: int, height: int) -> None:
    """Make the page itself (not the window around it) `width` x `height`, as a full-screen projector shows it."""
    browser.driver.set_window_size(width, height)
    inner = browser.driver.execute_script("return [window.innerWidth, window.innerHeight]")
    browser.driver.set_window_size(width + width - inner[0], height + height - inner[1])


def _next_screen(projector) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    before = projector.find("#screen-live").get_attribute("data-shown-screen")
    projector.find("body").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(projector.driver, 8, poll_frequency=0.1).until(
        lambda _d: projector.find("#screen-live").get_attribute("data-shown-screen") != before
    )


@pytest.mark.parametrize("teams", [8, 32])
def test_every_pairing_is_seen_whole_on_a_1366x768_projector(browsers, teams):  # noqa: F811
    event, names = _event_in_round_one(teams)
    projector = browsers()
    projector.get(f"/events/{event.pk}/screen/")
    projector.wait_for_text("Pairings by team name")
    _viewport(projector, *SCREEN)
    assert projector.driver.execute_script("return [window.innerWidth, window.innerHeight]") == list(SCREEN)
    seen: dict[str, list[str]] = {"Pairings": [], "Standings": [], "Report": []}
    headings = []
    screens = 2 * (teams // 4 + 2)  # around all the screens at least once
    for _ in range(screens):
        heading = projector.text("[data-page]:not([hidden]) h2")
        runs_off = projector.driver.execute_script(
            "return document.documentElement.scrollHeight > window.innerHeight + 1"
        )
        assert not runs_off, f"the screen runs off the bottom: {heading}"
        headings.append(heading)
        kind = heading.split(" ")[0]
        team_cell = 1 if kind == "Standings" else 0  # pairings: team, table, opponent; standings: rank, team ...;
        # the table list (issue 41): table, its two sides, the QR code of the match's page
        seen[kind].extend(cells[team_cell] for cells in projector.driver.execute_script(VISIBLE_ROWS))
        _next_screen(projector)
    assert set(seen["Pairings"]) == set(names), headings  # every team's pairing line, whole, on some screen
    assert set(seen["Standings"]) == set(names), headings
    tables = {str(t) for t in event.rounds.get(number=1).matches.exclude(team_b=None).values_list("table", flat=True)}
    assert set(seen["Report"]) == tables, headings  # every table's QR code, whole, on some screen
    if teams > len(TEAM_NAMES):  # more than a screen holds: the screens say which of how many
        assert "Pairings by team name 1/" in headings[0], headings
    SCREENSHOTS.mkdir(exist_ok=True)
    projector.driver.save_screenshot(str(SCREENSHOTS / f"projector-1366x768-{teams}-teams.png"))
    if teams == len(TEAM_NAMES):  # the docs show the first screen of the eight teams' pairings
        while "Pairings by team name" not in projector.text("[data-page]:not([hidden]) h2"):
            _next_screen(projector)
        projector.driver.save_screenshot(str(DOCS / "projector-1366x768.png"))
