"""The organizer's console in real Chromium (issue 26, "Done when"): an organizer signs in at /, creates an event of
8 teams of three with a top cut of 4 at /events/new/, imports the teams from CSV (one player an existing account,
which keeps its account), checks in all, runs three Swiss rounds and the cut from the desk, exports the standings
as xlsx and closes the event, without any page under /admin/; the same for a team Rochester event with one draft
(seated, packs opened, started and ended from the desk's Drafts page)."""

import pytest

from tests.browser.conftest import browsers  # noqa: F401 - the fixture
from tests.desk.test_browser_event_day import _accept_confirms, _next_step, _type_result
from tests.factories import PlayerFactory, UserFactory
from tournaments.enums import EventStatus
from tournaments.models import Event, Registration, TeamMatch
from tournaments.services.roles import organizer_role_grant

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = [
    "Azure Ants",
    "Brass Bats",
    "Cobalt Cats",
    "Dire Dogs",
    "Ember Eels",
    "Frost Foxes",
    "Gilded Geese",
    "Hollow Hawks",
]


def _team_file(tmp_path):
    lines = ["team,seat,player"]
    for name in TEAMS:
        word = name.split()[0]
        for letter in "ABC":
            lines.append(
                f"{name},{letter},{'walkcap' if (name, letter) == ('Azure Ants', 'A') else f'{word} {letter}'}"
            )
    path = tmp_path / "teams.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


class Visits:
    """Every page the organizer's window was on, to prove none was the admin."""

    def __init__(self, browser):
        self.browser, self.urls = browser, []

    def note(self) -> None:
        self.urls.append(self.browser.driver.current_url)

    def wait(self, text: str, css: str = "body") -> None:
        self.browser.wait_for_text(text, css=css)
        self.note()


def _draft_once(desk, seen, event) -> None:
    """Seat the tables, open the packs, record each table's choice, start them and end them, from the desk."""
    from drafting.models import DraftStatus, DraftTable

    _next_step(desk, "Start the drafts")
    seen.wait("draft tables are set up")
    desk.find("#desk-drafts").click()
    seen.wait("Open the packs", css="#drafts-packs")
    desk.find("#drafts-packs").click()
    seen.wait("Packs opened for 4 drafts.")
    for number in (1, 2, 3, 4):
        desk.find(f'tr[data-table="{number}"] button').click()  # Record: team 1 first
        seen.wait(f"Table {number}: team 1 picks first.")
    desk.find("#drafts-start").click()
    seen.wait("4 drafts started.")
    for number in (1, 2, 3, 4):
        _accept_confirms(desk)
        desk.find(f'tr[data-table="{number}"] button[value="end"]').click()
        seen.wait(f"Table {number} is ended.")
    assert set(DraftTable.objects.filter(event=event).values_list("status", flat=True)) == {DraftStatus.FINISHED}
    desk.get(f"/events/{event.pk}/desk/")
    seen.note()


@pytest.mark.parametrize("preset", ["team_constructed", "team_rochester"])
def test_an_event_from_the_first_setting_to_the_last_export_without_the_admin(browsers, tmp_path, preset):  # noqa: F811
    from selenium.webdriver.support.ui import Select

    organizer = UserFactory(username="olivia")
    organizer_role_grant(user=organizer)
    walkcap = PlayerFactory(user=UserFactory(username="walkcap"), name="Walter Cap")
    desk = browsers()
    desk.driver.set_window_size(1280, 900)
    seen = Visits(desk)

    # Sign in at /, then the top bar's Organize and New event.
    desk.get("/")
    seen.note()
    desk.link("Sign in").click()
    desk.find("#id_username").send_keys("olivia")
    desk.find("#id_password").send_keys("pw-for-tests")
    desk.button("Sign in").click()
    seen.wait("Sign out", css=".site-header")
    desk.get("/")
    seen.wait("Organize: the events you run")
    desk.find("#nav-organize").click()
    seen.wait("New event")
    desk.find("#new-event").click()
    seen.wait("Create the event")
    assert desk.driver.current_url.endswith("/events/new/")

    desk.find("#id_name").send_keys("Harbour Console Open")
    desk.driver.execute_script("document.getElementById('id_date').value = '2026-12-05';")
    desk.find(f"input[name=preset][value={preset}]").click()
    if preset == "team_rochester":
        Select(desk.find("#id_draft_structure")).select_by_value("one_draft")
    desk.find("#id_expected_teams").clear()
    desk.find("#id_expected_teams").send_keys("8")
    desk.find("#id_swiss_rounds").send_keys("3")
    Select(desk.find("#id_top_cut")).select_by_value("4")
    desk.button("Create the event").click()
    seen.wait("Start the drafts" if preset == "team_rochester" else "Pair round 1", css="#next-step")
    event = Event.objects.get(name="Harbour Console Open")
    assert (event.team_size, event.swiss_rounds, event.top_cut, event.format_kind) == (3, 3, 4, preset)

    # Import the teams from CSV: walkcap is someone's account, so the preview says he is invited, then confirm.
    desk.find("#import-teams").click()
    seen.wait("Preview", css="#import-preview-button")
    desk.find("#import-file").send_keys(str(_team_file(tmp_path)))
    desk.find("#import-preview-button").click()
    seen.wait("Preview: 8 teams will be registered")
    assert "invited, not seated" in desk.text("#import-preview") and "Walter Cap" not in desk.text("#import-preview")
    desk.find("#import-confirm").click()
    seen.wait("8 teams registered.")
    ants = Registration.objects.get(event=event, team__name="Azure Ants")
    assert ants.seats.get(letter="A").player_id != walkcap.pk  # a placeholder until walkcap accepts (issue 37)

    # Check in all, then three Swiss rounds and the cut, from the desk.
    _accept_confirms(desk)
    desk.find("#check-in-all-button").click()
    seen.wait("8 teams checked in.")
    if preset == "team_rochester":
        _draft_once(desk, seen, event)
    for number in (1, 2, 3, 4, 5):
        step = (
            f"Pair round {number}"
            if number <= 3
            else ("Cut to top 4" if number == 4 else "Pair the next top-cut round")
        )
        _next_step(desk, step)
        seen.wait("is paired." if number != 4 else "The top cut has started")
        _next_step(desk, "Start the clock")
        seen.wait("Pause", css=".clock-panel")
        for match in TeamMatch.objects.filter(round__event=event, round__number=number).order_by("table"):
            if not match.is_bye:
                _type_result(desk, match.table, "21 21 12")
        seen.note()

    # Export the standings as xlsx from the desk's one place for exports.
    desk.find("#desk-exports").click()
    seen.wait("Standings", css="#exports")
    href = desk.find('tr[data-export="standings"] a[data-format="xlsx"]').get_attribute("href")
    answer = desk.driver.execute_async_script(
        "var done = arguments[1]; fetch(arguments[0]).then(function (r) { return r.arrayBuffer().then(function (b) {"
        " var bytes = new Uint8Array(b); done([r.status, r.headers.get('content-type'), bytes.length,"
        " String.fromCharCode(bytes[0], bytes[1])]); }); });",
        href,
    )
    assert answer[0] == 200 and "spreadsheetml" in answer[1] and answer[2] > 1000 and answer[3] == "PK"

    # Close the event: the desk shows the final placings.
    desk.get(f"/events/{event.pk}/desk/")
    seen.note()
    _next_step(desk, "Close the event")
    seen.wait("Final placings", css="#desk-live")
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
    assert not [url for url in seen.urls if "/admin/" in url], seen.urls
