"""An 8-team event from check-in to final standings, run in real Chromium windows with only the desk and the
players' phones: check-in (a captain on the portal, the rest ticked at the desk), pairing with its warnings,
the round clock, a result reported and confirmed on two phones, the rest typed at the desk's keyboard, three
rounds, closing the event. Screenshots of the desk, projector and slips go to docs/screenshots/."""

import shutil
from pathlib import Path

import pytest

from tests.browser.conftest import SCREENSHOTS, browsers  # noqa: F401 - the fixture
from tests.desk.conftest import TEAM_NAMES
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, TeamFactory, UserFactory
from tournaments.enums import EventStatus, ResultState
from tournaments.models import Event, TeamMatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _event() -> Event:
    organizer = OrganizerFactory(username="olivia", is_staff=False, is_superuser=False)
    event = EventFactory(name="Harbour Team Open", organizer=organizer, swiss_rounds=3, top_cut=0)
    for name in TEAM_NAMES:
        first = name.split()[0].lower()
        players = [
            PlayerFactory(user=UserFactory(username=f"{first}{i}"), name=f"{name.split()[0]} {i}") for i in (1, 2, 3)
        ]
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=players)
    return event


def _keep(browser, name: str, size: tuple[int, int]) -> None:
    """A screenshot at `size`, kept under docs/screenshots/."""
    DOCS.mkdir(parents=True, exist_ok=True)
    browser._shoot(DOCS / f"{name}.png", size)


def _accept_confirms(browser) -> None:
    browser.driver.execute_script("window.confirm = function () { return true; };")


def _check_in(desk, name: str) -> None:
    """Tick one team at the desk and wait until its row says so (the live region may be swapped meanwhile)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    def clicked(_driver) -> bool:
        try:
            desk.button(f"Check in {name}").click()
        except (NoSuchElementException, StaleElementReferenceException):
            return False
        return True

    WebDriverWait(desk.driver, 8, poll_frequency=0.1).until(clicked)
    xpath = f"//button[normalize-space()='Check in {name}']"
    WebDriverWait(desk.driver, 8, poll_frequency=0.1).until(lambda d: not d.find_elements("xpath", xpath))


def _next_step(desk, label: str) -> None:
    desk.wait_for_text(label, css="#next-step")
    _accept_confirms(desk)
    desk.find("#next-step").click()


def _type_result(desk, table: int, result: str) -> None:
    from selenium.webdriver.common.keys import Keys

    field = desk.find("#entry-table")
    field.click()
    field.send_keys(str(table), " ")
    assert desk.driver.switch_to.active_element.get_attribute("id") == "entry-result"
    desk.driver.switch_to.active_element.send_keys(result, Keys.ENTER)
    desk.wait_for_text(f"Table {table}: result saved.", css="#desk-live")
    # Saved: the fields are empty again and the table field has the focus, ready for the next table.
    assert desk.driver.switch_to.active_element.get_attribute("id") == "entry-table"


def test_event_day_from_check_in_to_final_standings(browsers):  # noqa: F811

    event = _event()
    desk, captain, rival = browsers(), browsers(), browsers()
    desk.driver.set_window_size(1280, 900)

    # A captain checks the team in on the phone.
    captain.sign_in("azure1")
    captain.get(f"/events/{event.pk}/")
    captain.button("Check in Azure Ants").click()
    captain.wait_for_text("Azure Ants is checked in")

    # The organizer ticks the others at the desk.
    desk.sign_in("olivia")
    desk.get(f"/events/{event.pk}/desk/")
    desk.wait_for_text("Pair round 1", css="#next-step")
    assert "7 teams have not checked in" in desk.text(".step")
    for name in TEAM_NAMES[1:]:
        _check_in(desk, name)
    assert "not checked in" not in desk.text(".step")
    assert "8 teams have no complete decklist" in desk.text(".step")  # the warning stays; the organizer goes on
    _keep(desk, "desk-check-in", (1280, 900))

    for number in (1, 2, 3):
        _next_step(desk, f"Pair round {number}")
        desk.wait_for_text(f"Round {number} is paired.")
        _next_step(desk, "Start the clock")
        desk.wait_for_text("Pause", css=".clock-panel")
        time_shown = desk.text(".clock-panel .clock-time")
        assert time_shown.startswith(("50:", "49:")), time_shown
        tables = list(TeamMatch.objects.filter(round__event=event, round__number=number).order_by("table"))
        by_phone = None
        if number == 1:
            # Round 1: one table reports on the phones; the round clock shows on the player's page.
            by_phone = next(m for m in tables if "Azure Ants" in (m.team_a.team.name, m.team_b.team.name))
            other = by_phone.team_b if by_phone.team_a.team.name == "Azure Ants" else by_phone.team_a
            captain.get(f"/matches/{by_phone.pk}/")
            captain.wait_for_text("Report the result", css="main")
            assert captain.find(".round-clock .clock-time").text.startswith(("50:", "49:"))
            for letter in "ABC":
                captain.find(f'input[name="seat_{letter}"][value="2-0"]').click()
            captain.button("Report the result").click()
            captain.wait_for_text("Result reported")
            rival.sign_in(other.seats.get(letter="B").player.user.username)
            rival.get(f"/matches/{by_phone.pk}/")
            rival.button("Confirm the result").click()
            rival.wait_for_text("Result confirmed")
            _keep(captain, "player-match-clock-phone", (390, 844))
            desk.get(f"/events/{event.pk}/desk/")
        for match in tables:
            if match.pk == getattr(by_phone, "pk", None) or match.is_bye:
                continue
            _type_result(desk, match.table, "21 12 20" if match.table % 2 else "ID")
        if number == 2:
            _keep(desk, "desk-results-grid", (1280, 900))
            _keep(desk, "desk-tablet", (820, 1180))
            desk.driver.set_window_size(1280, 900)
            projector = browsers()
            projector.get(f"/events/{event.pk}/screen/")
            projector.wait_for_text("Pairings by team name")
            _keep(projector, "projector", (1920, 1080))
            desk.get(f"/events/{event.pk}/rounds/2/slips/")
            desk.wait_for_text("Signature")
            _keep(desk, "match-slips", (1280, 900))
            desk.get(f"/events/{event.pk}/desk/")
        assert set(
            TeamMatch.objects.filter(round__event=event, round__number=number).values_list("result_state", flat=True)
        ) <= {ResultState.FINAL, ResultState.CONFIRMED}

    _next_step(desk, "Close the event")
    desk.wait_for_text("The event is finished.")
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
    desk.get(f"/events/{event.pk}/standings/print/")
    desk.wait_for_text("Final standings")
    rows = desk.rows("table.printable tbody tr")
    assert len(rows) == 8 and rows[0][0] == "1"
    if SCREENSHOTS.exists():
        shutil.copy(DOCS / "projector.png", SCREENSHOTS / "desk-projector.png")
