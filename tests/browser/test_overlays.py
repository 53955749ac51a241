"""Stream overlays in a real browser, served by uvicorn (the live push is a stream): a result entered at the desk
reaches the standings ticker and the feature match, and a round clock started reaches the clock overlay, by push,
well before the overlays' 30-second fallback poll."""

import time

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from benchmarks.servers import worker_database_url
from tests.factories import EventFactory, RegistrationFactory, TeamFactory
from tests.venue.hydra_server import free_port, start_hydra, stop_hydra
from tournaments.services.results import SeatGames, team_match_record_final
from tournaments.services.rounds import event_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

PUSH_WITHIN = 8.0  # seconds; the fallback poll comes after 30


@pytest.fixture
def asgi_hydra(transactional_db, redis_url):
    port = free_port()
    proc = start_hydra(
        database_url=worker_database_url(),
        bind="127.0.0.1",
        port=port,
        asgi=True,
        probe=f"http://127.0.0.1:{port}/accounts/login/",
        env={"HYDRA_REDIS_URL": redis_url},
    )
    yield f"http://127.0.0.1:{port}", proc
    stop_hydra(proc)


def _wait(browser, condition, timeout: float = PUSH_WITHIN) -> None:
    WebDriverWait(browser.driver, timeout, poll_frequency=0.1).until(lambda _driver: condition())


def _push_open(browser) -> bool:
    return browser.driver.execute_script("return document.getElementById('overlay').dataset.push === 'open';")


def test_overlays_update_by_push(browsers, asgi_hydra):
    from tournaments.services.clock import round_clock_act

    base, proc = asgi_hydra
    event = EventFactory(team_size=2)
    for name in ("Gorgons", "Hydras"):
        RegistrationFactory(event=event, team=TeamFactory(name=name))
    round_ = event_pair_next(event=event, seed=1)
    match = round_.matches.get()

    ticker, feature, clock = browsers(), browsers(), browsers()
    for browser, path in (
        (ticker, f"/events/{event.pk}/overlay/standings/"),
        (feature, f"/events/{event.pk}/overlay/match/{match.pk}/"),
        (clock, f"/events/{event.pk}/overlay/clock/"),
    ):
        browser.base_url = base
        browser.get(path)
        _wait(browser, lambda b=browser: _push_open(b), timeout=15)
    assert "0 pts" in ticker.text("#overlay")
    assert "Not started" in clock.text("#overlay")

    started = time.monotonic()
    team_match_record_final(match=match, user=event.organizer, seats=[SeatGames("A", 2, 0), SeatGames("B", 2, 1)])
    winner = match.team_a.team.name
    _wait(ticker, lambda: f"1. {winner} 3 pts" in " ".join(ticker.text("#overlay").split()))
    _wait(feature, lambda: "2-0" in feature.text("#overlay") and "2-1" in feature.text("#overlay"))
    elapsed = time.monotonic() - started
    assert elapsed < PUSH_WITHIN, proc.log_path.read_text()[-2000:]
    print(f"overlays updated {elapsed:.2f} s after the result was saved")  # noqa: T201 - the figure in docs/desk.md

    round_clock_act(round_=round_, action="start", by=event.organizer)
    _wait(
        clock,
        lambda: (
            "Not started" not in clock.text("#overlay")
            and clock.driver.execute_script("return !!document.querySelector('#overlay [data-clock-ends]');")
        ),
    )
