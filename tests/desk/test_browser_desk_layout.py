"""What the organizer sees at the desk on a 1366 px laptop: the whole results grid, the State column included, with
no sideways scrolling, and a long dispute note wrapped inside its cell (issue 32)."""

from pathlib import Path

import pytest

from tests.browser.conftest import browsers  # noqa: F401 - the fixture
from tests.desk.conftest import TEAM_NAMES
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlayerFactory,
    RegistrationFactory,
    TeamFactory,
    UserFactory,
)
from tournaments.models import TeamMatch
from tournaments.services.pairing import round_pair_next
from tournaments.services.results import (
    SeatGames,
    team_match_dispute,
    team_match_record_final,
    team_match_report,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOTE = (
    "Seat B was 0-2, not 2-0: the second game was conceded by seat B's player after the judge's ruling on the "
    "mulligan, and the slip at the table was filled in before the third game was played out to its end"
)
LAPTOP = (1366, 768)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _round_with_a_dispute():
    organizer = OrganizerFactory(username="olivia", is_staff=False, is_superuser=False)
    event = EventFactory(name="Harbour Team Open", organizer=organizer, swiss_rounds=3, top_cut=0)
    for name in TEAM_NAMES:
        first = name.split()[0]
        players = [
            PlayerFactory(user=UserFactory(username=f"{first.lower()}{i}"), name=f"{first} Longname-Player {i}")
            for i in (1, 2, 3)
        ]
        RegistrationFactory(event=event, team=TeamFactory(name=f"{name} of the Northern Harbour"), seats=players)
    round_ = round_pair_next(event=event, seed=3)
    matches = list(TeamMatch.objects.filter(round=round_).order_by("table"))
    disputed = matches[0]
    seats = [SeatGames("A", 2, 0), SeatGames("B", 2, 0), SeatGames("C", 0, 2)]
    team_match_report(match=disputed, user=disputed.team_a.seats.get(letter="A").player.user, seats=seats)
    team_match_dispute(match=disputed, user=disputed.team_b.seats.get(letter="A").player.user, note=NOTE)
    team_match_record_final(
        match=matches[1], user=organizer, seats=[SeatGames("A", 2, 1, 0), SeatGames("B", 1, 1, 1), SeatGames("C", 0, 2)]
    )
    return event


def test_the_results_grid_fits_a_1366_px_laptop_and_dispute_notes_wrap(browsers):  # noqa: F811
    event = _round_with_a_dispute()
    desk = browsers()
    desk.sign_in("olivia")
    desk.driver.set_window_size(*LAPTOP)
    desk.get(f"/events/{event.pk}/desk/")
    desk.wait_for_text("Seat B was 0-2", css=".results-grid")
    layout = desk.driver.execute_script("""
        var scroller = document.querySelector('.grid-panel .table-scroll');
        var state = Array.from(document.querySelectorAll('.results-grid thead th')).pop();
        var note = document.querySelector('.results-grid .dispute-note') ||
                   document.querySelector('.state-row-disputed .score small');
        var cell = note.closest('td');
        var line = parseFloat(getComputedStyle(note).lineHeight) || 20;
        return {scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth,
                pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth,
                stateRight: state.getBoundingClientRect().right, stateText: state.innerText,
                noteRight: note.getBoundingClientRect().right, cellRight: cell.getBoundingClientRect().right,
                noteHeight: note.getBoundingClientRect().height, line: line};
    """)
    assert layout["stateText"] == "State"
    assert layout["scrollWidth"] <= layout["clientWidth"], layout  # the grid doesn't scroll sideways
    assert layout["pageWidth"] <= layout["viewport"], layout
    assert layout["stateRight"] <= layout["viewport"], layout  # the State column is on screen
    assert layout["noteRight"] <= layout["cellRight"] + 1, layout  # the note stays in its cell ...
    assert layout["noteHeight"] > 1.5 * layout["line"], layout  # ... by wrapping onto several lines
    DOCS.mkdir(parents=True, exist_ok=True)
    desk._shoot(DOCS / "desk-dispute-1366.png", LAPTOP)  # the whole page at 1366 px
