"""A match from sign-in to standings, in two real browsers: Alice's team reports, Bob's team confirms, and the
standings page Alice keeps open changes by itself."""

import pytest

from tests.portal.mail import mailed_link
from tests.portal.scene import make_scene

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _standings_row(browser, team: str) -> list[str]:
    """[rank, team, points, record, OMW%, GW%, OGW%] of the team's row."""
    for cells in browser.rows("table.standings tbody tr"):
        if cells[1].startswith(team):
            return cells
    raise AssertionError(f"{team} is not in the standings")


def test_results_flow_report_confirm_standings(browsers):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    scene = make_scene()
    alice, bob = browsers(), browsers()
    alice.get("/accounts/login/")
    alice.screenshot("login")

    # Alice signs in and finds her table, the other team and her seat opponent.
    alice.sign_in("alice")
    alice.wait_for_text("Table 1", css=".my-event")
    page = alice.text()
    assert "Brass Bats" in page and "My opponent" in page and "Bob" in page
    alice.screenshot("my-events", laptop=True)
    # Keyboard: the first Tab reaches the skip link, which leads to the page's content.
    ActionChains(alice.driver).send_keys(Keys.TAB).perform()
    assert alice.driver.switch_to.active_element.get_attribute("class") == "skip-link"
    ActionChains(alice.driver).send_keys(Keys.ENTER).perform()
    assert alice.driver.switch_to.active_element.get_attribute("id") == "main"

    # She reports: seat A 2-0, seat B 2-1, seat C 0-2 from her team's side.
    alice.link("Report the result").click()
    alice.wait_for_text("Seat A", css="main")
    alice.screenshot("match-report", laptop=True)
    for letter, result in (("A", "2-0"), ("B", "2-1"), ("C", "0-2")):  # one tap a seat (issue 32)
        alice.find(f'input[name="seat_{letter}"][value="{result}"]').click()
    alice.button("Report the result").click()
    alice.wait_for_text("Result reported")
    alice.screenshot("match-reported")

    # Until the other team confirms, the standings don't count the report.
    # Before any result counts there are no ranks: the registered teams are listed.
    alice.get(f"/events/{scene.event.pk}/standings/")
    alice.wait_for_text("These teams are registered", css="#live")
    assert "Azure Ants" in alice.text("#registered-teams") and alice.rows("table.standings tbody tr") == []

    # Bob, on the other team, confirms from his events page.
    bob.sign_in("bob")
    bob.link("Confirm or dispute the result").click()
    bob.wait_for_text("Confirm or dispute", css="main")
    bob.screenshot("match-confirm", laptop=True)
    bob.button("Confirm the result").click()
    bob.wait_for_text("Result confirmed")

    # Alice's standings page refreshes by itself: her team now has the win.
    alice.wait_for_text("1-0-0", css="#live", timeout=10)
    assert _standings_row(alice, "Azure Ants")[0:4] == ["1", "Azure Ants (my team)", "3", "1-0-0"]
    alice.screenshot("standings", laptop=True)

    alice.get(f"/events/{scene.event.pk}/pairings/")
    alice.wait_for_text("2–1", css="#live")
    alice.screenshot("pairings", laptop=True)
    alice.get(f"/events/{scene.event.pk}/pairings/teams/")
    alice.screenshot("pairings-by-team", laptop=True)

    # The language switcher: German, then Simplified Chinese, kept for the following pages.
    alice.get(f"/events/{scene.event.pk}/standings/")
    Select(alice.find("#language-select")).select_by_value("de")
    alice.button("Change").click()
    alice.wait_for_text("Tabelle", css="h2")
    alice.screenshot("standings-de")
    Select(alice.find("#language-select")).select_by_value("zh-hans")
    alice.button("Wechseln").click()
    alice.wait_for_text("排名", css="h2")
    alice.get("/")
    alice.wait_for_text("我的对手")
    alice.screenshot("my-events-zh-hans", laptop=True)
    alice.get(f"/events/{scene.event.pk}/")
    alice.screenshot("event-zh-hans")


def test_sign_up_from_the_login_page(browsers):
    scene = make_scene()
    mara = browsers()
    mara.get("/accounts/login/")
    mara.link("Create an account").click()
    mara.wait_for_text("Create an account", css="h1")

    def fill(username: str, second_password: str) -> None:
        for field, value in (
            ("username", username),
            ("name", "Mara Lindqvist"),
            ("email", f"{username}@example.org"),
            ("password1", "a long pass phrase 42"),
            ("password2", second_password),
        ):
            element = mara.find(f"#id_{field}")
            element.clear()
            element.send_keys(value)
        mara.button("Create the account").click()

    # A username already taken (any case) and mismatched passwords: the form says so and keeps her entries.
    # (Each step's text is absent from the page before it, so each wait waits for the new page.)
    fill("ALICE", "a long pass phrase 42")
    mara.wait_for_text("The username ALICE is taken", css="main")
    assert mara.find("#id_name").get_attribute("value") == "Mara Lindqvist"
    mara.screenshot("signup-taken")
    fill("mara", "a long pass phrase 43")
    mara.wait_for_text("didn’t match", css="main")

    fill("mara", "a long pass phrase 42")
    mara.wait_for_text("Check your e-mail", css="h1")  # the account is made from the mailed link (issue 37)
    mara.driver.get(mailed_link(to="mara@example.org"))
    mara.wait_for_text("My events", css="h1")
    page = mara.text("main")
    assert "You aren't registered for any event yet." in page
    assert "Azure Ants" not in page and str(scene.event.name) not in page
    assert "Sign out" in mara.text(".site-header")
    mara.screenshot("signup-my-events")


def test_my_events_leads_to_the_live_life_and_poison_page_of_my_match(browsers):
    from tests.factories import (
        PlayerFactory,
        RegistrationFactory,
        RoundFactory,
        SharedGameEventFactory,
        TeamMatchFactory,
        UserFactory,
    )
    from tournaments.enums import EventStatus

    event = SharedGameEventFactory(name="Giants Open", status=EventStatus.RUNNING)
    zoe = PlayerFactory(user=UserFactory(username="zoe"), name="Zoe")
    mine = RegistrationFactory(event=event, seats=[zoe, PlayerFactory()])
    match = TeamMatchFactory(round=RoundFactory(event=event, number=1), table=1, team_a=mine)
    browser = browsers()
    browser.sign_in("zoe")
    browser.link("Life and poison (live)").click()
    browser.wait_for_text("Poison", css="main")
    assert browser.driver.current_url.endswith(f"/live/match/{match.pk}/")


def test_a_result_report_on_a_phone_is_a_tap_per_seat_and_a_refusal_says_why_at_the_top(browsers):
    """Issue 32: nine dropdowns were 19 taps and a failed submit said nothing at the top. Now three taps and the
    button; a seat left out is named in a message at the top of the page, in view."""
    scene = make_scene()
    alice = browsers()
    alice.sign_in("alice")
    alice.get(f"/matches/{scene.match.pk}/")
    alice.wait_for_text("Report the result", css="main")
    alice.find('input[name="seat_A"][value="2-0"]').click()
    alice.find('input[name="seat_B"][value="2-1"]').click()
    alice.button("Report the result").click()
    alice.wait_for_text("The result was not reported", css="#report-errors")
    top = alice.driver.execute_script(
        "var r = document.getElementById('report-errors').getBoundingClientRect();"
        "return [r.top, r.bottom, window.innerHeight, document.documentElement.scrollWidth, window.innerWidth];"
    )
    assert 0 <= top[0] and top[1] <= top[2], "the refusal is in view without scrolling"
    assert top[3] <= top[4], "nothing scrolls sideways at 390 px"
    assert "Seat C" in alice.text("#report-errors") and "Seat B" not in alice.text("#report-errors")
    # What she chose is kept: one more tap for seat C and the button.
    assert alice.find('input[name="seat_B"][value="2-1"]').is_selected()
    alice.find('input[name="seat_C"][value="1-2"]').click()
    alice.button("Report the result").click()
    alice.wait_for_text("Result reported")
    alice.screenshot("match-report-one-tap")
