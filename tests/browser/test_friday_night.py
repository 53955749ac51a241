"""Issue 38's "Done when": a Friday Night Magic in real Chromium windows, the organizer on a laptop and the players
on phones 360 px wide. The organizer creates an individual Standard event from /organize/, 8 players join by the
event's join code (the QR's address, one by the code typed by hand) and check in from My events, three rounds are
played where players report 1-0, 1-1-1 and ID from their phones (the other tables typed at the desk), a player
drops himself before round 2 is paired, and the standings are exported. No page may be under /admin/, and no page
of the event a player reads may speak of teams, captains, seats or "our side".

Every miss (a team word on a player's page, more than 6 clicks, no Dropped column) is gathered in `waiting`, so a
failing run lists all of them at once.
"""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import browsers  # noqa: F401 - the fixture
from tests.desk.test_browser_event_day import _next_step, _type_result
from tests.factories import UserFactory
from tournaments.models import Event, Registration, TeamMatch
from tournaments.services.roles import organizer_role_grant

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]

PHONE_WIDTH = (360, 800)
PASSWORD = "friday-night-deck-2026"
PLAYERS = ["Ann Lee", "Ben Ota", "Cara Diaz", "Dev Rao", "Eli Park", "Fay Wong", "Gus Berg", "Hana Sato"]
TEAM_WORDS = re.compile(r"\b(team|teams|captain|seat|seats|our side|our player|their player)\b", re.IGNORECASE)
# On the phone, what each round's table 1 reports (from its player A's side): issue 38's three ways a match ends.
PHONE_RESULTS = {1: "1-0", 2: "1-1-1", 3: "ID"}


def _email(name: str) -> str:
    return name.split()[0].lower() + "@example.org"


class Watch:
    """Every page a browser lands on: none may be under /admin/; an event page a player reads must not speak of
    teams (collected, not raised: see the module's docstring)."""

    def __init__(self, waiting: list[str]):
        self.waiting = waiting
        self.admin_pages: list[str] = []

    def landed(self, browser, *, player: bool) -> None:
        url = browser.driver.current_url
        if "/admin/" in url:
            self.admin_pages.append(url)
        if player:
            found = sorted({m.group(0).lower() for m in TEAM_WORDS.finditer(browser.text("main"))})
            if found:
                self.waiting.append(f"team words {found} on {url.replace(browser.base_url, '')}")


def _create_event(organizer, watch: Watch) -> tuple[Event, int]:
    """An individual Standard event from /organize/ with the console's preset (the date starts as today, the format
    as Standard, sign-up open for the join code); (the event, the clicks)."""
    clicks = 0
    organizer.get(reverse("desk:organize"))
    organizer.find("#new-event").click()
    clicks += 1
    organizer.wait_for_text("Create the event")
    organizer.find("#id_name").click()
    clicks += 1
    organizer.find("#id_name").send_keys("Friday Night Standard")
    organizer.find("#preset-individual_constructed").click()
    clicks += 1
    organizer.find("#event-new button[type=submit]").click()
    clicks += 1
    organizer.wait_for_text("Standard ·", css=".desk-header")
    watch.landed(organizer, player=False)
    event = Event.objects.get(name="Friday Night Standard")
    assert (event.team_size, event.constructed_format, event.signup_open) == (1, "standard", True)
    return event, clicks


def _join(phone, path: str, name: str, watch: Watch) -> int:
    """A new player joins at the door from the join page and checks in on My events; the taps it took."""
    phone.driver.delete_all_cookies()
    phone.get(path)
    phone.wait_for_text("Join Friday Night Standard", css="main")
    watch.landed(phone, player=True)
    taps = 0
    for field, value in (("#id_name", name), ("#id_email", _email(name)), ("#id_password", PASSWORD)):
        phone.find(field).click()
        phone.find(field).send_keys(value)
        taps += 1
    phone.find("#join-button").click()
    taps += 1
    phone.wait_for_text("You are registered for Friday Night Standard.")
    assert phone.driver.current_url.rstrip("/") == phone.base_url.rstrip("/")  # My events
    watch.landed(phone, player=True)
    phone.tap(f"Check in {name}")
    taps += 1
    phone.wait_for_text(f"{name} is checked in.")
    return taps


def _sign_in(phone, name: str) -> None:
    phone.driver.delete_all_cookies()
    phone.sign_in(_email(name), PASSWORD)


def _report_on_phones(reporter, confirmer, match: TeamMatch, result: str, watch: Watch) -> None:
    """Table 1's player A reports `result` on one phone (the less common ends are one tap away); B confirms."""
    a_name, b_name = match.team_a.team.name, match.team_b.team.name
    _sign_in(reporter, a_name)
    reporter.get(reverse("portal:match", args=[match.pk]))
    reporter.wait_for_text("Report the result", css="main")
    watch.landed(reporter, player=True)
    choice = reporter.find(f'input[name="seat_A"][value="{result}"]')
    if not choice.is_displayed():
        reporter.find("details.more-results summary").click()
    choice.click()
    reporter.button("Report the result").click()
    reporter.wait_for_text("Result reported")
    _sign_in(confirmer, b_name)
    confirmer.get(reverse("portal:home"))
    confirmer.link("Confirm or dispute the result").click()
    watch.landed(confirmer, player=True)
    confirmer.button("Confirm the result").click()
    confirmer.wait_for_text("Result confirmed")


def test_a_friday_night_from_the_console_to_the_exported_standings(browsers):  # noqa: F811
    waiting: list[str] = []
    watch = Watch(waiting)
    olivia = UserFactory(username="olivia", is_staff=False, is_superuser=False)
    organizer_role_grant(user=olivia)
    organizer = browsers()
    organizer.driver.set_window_size(1280, 900)
    organizer.sign_in("olivia")

    event, clicks = _create_event(organizer, watch)
    if clicks > 6:
        waiting.append(f"creating the event took {clicks} clicks, more than 6 ")

    # The desk shows the join code and its QR; the QR opens the join page.
    organizer.get(reverse("desk:desk", args=[event.pk]))
    code = organizer.text("#join-code").strip()
    assert re.fullmatch(r"[A-Z2-9]{10}", code), code
    join_url = reverse("portal:join", args=[code])
    assert organizer.find(".join-qr svg")

    phone, other_phone = browsers(), browsers()
    for browser in (phone, other_phone):
        browser.driver.set_window_size(*PHONE_WIDTH)
    # The first player types the code by hand; the others scan the QR (its address).
    phone.get(reverse("portal:join_code"))
    phone.find("#id_code").send_keys(code.lower())
    phone.button("Go").click()
    phone.wait_for_text("Join Friday Night Standard", css="main")
    assert phone.driver.current_url.endswith(join_url)
    most_taps = max(_join(phone, join_url, name, watch) for name in PLAYERS)
    assert most_taps <= 5, f"{most_taps} taps from the code to a seat"
    assert Registration.objects.filter(event=event, check_in__isnull=False).count() == 8

    dropper = None
    for number in (1, 2, 3):
        organizer.get(reverse("desk:desk", args=[event.pk]))
        _next_step(organizer, f"Pair round {number}")
        organizer.wait_for_text(f"Round {number} is paired.")
        watch.landed(organizer, player=False)
        tables = list(
            TeamMatch.objects.filter(round__event=event, round__number=number)
            .select_related("team_a__team", "team_b__team")
            .order_by("table")
        )
        if dropper is not None:
            assert all(dropper.pk not in (m.team_a_id, m.team_b_id) for m in tables), "the dropped player is paired"
        phone_match = next(m for m in tables if not m.is_bye)
        _report_on_phones(phone, other_phone, phone_match, PHONE_RESULTS[number], watch)
        organizer.get(reverse("desk:desk", args=[event.pk]))
        for match in tables:
            if match.pk != phone_match.pk and not match.is_bye:
                _type_result(organizer, match.table, "2-1" if match.table % 2 else "0-2")
        if number == 1:
            # A player drops himself from his phone before round 2 is paired: asked once, then out.
            dropper = next(m.team_b for m in tables if m.pk != phone_match.pk)
            _sign_in(phone, dropper.team.name)
            phone.link("Drop from the event").click()
            watch.landed(phone, player=True)
            phone.find("#drop-confirm").click()
            phone.wait_for_text("you won't be paired again")
            assert Registration.objects.get(pk=dropper.pk).dropped_round == 1

    stored = {
        n: TeamMatch.objects.get(round__event=event, round__number=n, table=1).seat_matches.get() for n in (1, 2, 3)
    }
    assert [(s.wins_a, s.wins_b, s.draws) for s in stored.values()] == [(1, 0, 0), (1, 1, 1), (0, 0, 3)]

    # The standings, exported from the desk's exports page.
    organizer.get(reverse("desk:exports", args=[event.pk]))
    watch.landed(organizer, player=False)
    csv_text = organizer.driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(function (r) { return r.text(); }).then(done);",
        reverse("desk:exports", args=[event.pk]) + "?what=standings&format=csv",
    )
    header = csv_text.splitlines()[0]
    assert dropper.team.name in csv_text
    if "dropped" not in header.lower().split(","):
        waiting.append(f"the standings export has no Dropped column: {header!r}")

    # Every page the players read, once more, in its final state.
    _sign_in(phone, PLAYERS[0])
    for path in (
        reverse("portal:home"),
        reverse("portal:event", args=[event.pk]),
        reverse("portal:pairings", args=[event.pk]),
        reverse("portal:standings", args=[event.pk]),
    ):
        phone.get(path)
        watch.landed(phone, player=True)
    phone.screenshot("friday-night-my-events")
    assert watch.admin_pages == []
    assert waiting == [], "\n".join(waiting)
