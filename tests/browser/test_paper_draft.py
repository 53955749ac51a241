"""Issue 40's evening in real browsers: an 8-player paper booster draft seated in its pod from the organizer's page,
the called draft running through pack 1 on the projector and two phones (the times read from the pages agree
within a second), paused and resumed, the deck building timer, two players registering the decks they built from
the real boosters by typing them (the event is real product at Competitive REL), and round 1 paired across the pod
by seat."""

import pytest
from django.urls import reverse
from selenium.webdriver.support.ui import WebDriverWait

from drafting import called
from drafting.models import DraftSettings, EventTimer, PodTeam
from tests.drafting.boosterpods import player
from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory
from tournaments.enums import EventStatus
from tournaments.models import Decklist
from tournaments.services.pairing import round_pair_next

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

READ = (
    "var box = document.querySelector('[data-kind=\"' + arguments[0] + '\"]');"
    "return box && !box.hidden ? [parseFloat(box.dataset.elapsed), box.dataset.index, box.dataset.paused,"
    " box.querySelector('[data-what]').textContent, box.querySelector('[data-left]').textContent] : null;"
)


def _alert(driver):
    from selenium.common.exceptions import NoAlertPresentException

    try:
        return driver.switch_to.alert
    except NoAlertPresentException:
        return False


def timer(browser, kind="draft"):
    return browser.driver.execute_script(READ, kind)


def wait_until(browser, condition, timeout=20):
    WebDriverWait(browser.driver, timeout, poll_frequency=0.1).until(lambda _d: condition(browser))


def test_paper_draft_evening_seats_calls_pauses_builds_and_pairs_round_1_by_seat(browsers):
    from cards.services import cards_ensure_loaded

    cards_ensure_loaded()  # the typed decks are read against the card data (a transactional test starts empty)
    event = BoosterDraftEventFactory(
        status=EventStatus.RUNNING,
        name="Friday Paper Draft",
        real_product=True,
        team_size=1,
        enforcement_level="competitive",
    )
    for _ in range(8):
        SoloRegistrationFactory(event=event)
    # The event's own pick times (an organizer may set them): 8 s for the first pick, then one second a pick, so
    # pack 1 of 15 cards is called in 21 s.
    DraftSettings.objects.create(event=event, booster_pick_seconds={"15": 8, "2": 1})

    desk = browsers()
    desk.sign_in(event.organizer.username)
    desk.get(reverse("drafting:paper_event", args=[event.pk]))
    desk.tap("Seat the players in pods")
    desk.wait_for_text("1 pod seated.")
    assert desk.text(".called-pods").count("Pod 1, seat") == 8
    seats = list(PodTeam.objects.filter(pod__event=event).order_by("seat"))

    projector = browsers()
    projector.sign_in(event.organizer.username)
    projector.get(reverse("desk:screen", args=[event.pk]))
    projector.wait_for_text("Pod 1, seat 8", css="#paper-draft")
    phones = []
    for row in (seats[0], seats[5]):
        phone = browsers()
        phone.sign_in(player(row).username)
        phone.get(reverse("drafting:call", args=[event.pk]))
        phone.wait_for_text(f"Pod 1, seat {row.seat + 1}", css="#my-seat")
        phones.append(phone)
    pages = [projector, *phones]

    desk.tap("Start calling the draft")
    desk.wait_for_text("The called draft has started.")
    schedule = EventTimer.objects.get(event=event, kind="draft").schedule
    for page in pages:  # each page learns of the start from its own check for news, then counts by itself
        wait_until(page, lambda b: (timer(b) or [0, None])[1] not in (None, "over"))
    seen = set()
    while not all("Review your picks before pack 2" in timer(page)[3] for page in pages):
        readings = [timer(page) for page in pages]
        elapsed = [r[0] for r in readings]
        assert max(elapsed) - min(elapsed) < 1.0, readings
        for seconds, index, *_rest in readings:  # the page's arithmetic is drafting.called's
            where = called.position(schedule, seconds)
            assert (
                index == ("over" if where.over else str(where.index))
                or abs(where.left) < 0.05
                or abs(where.left - schedule[where.index]["seconds"]) < 0.05
            ), (seconds, index)
        seen |= {r[3] for r in readings}
        wait_until(projector, lambda b: timer(b)[0] >= min(elapsed) + 0.3, timeout=5)
    assert "Pack 1, pick 1: 15 cards, pass left" in seen and "Pack 1, pick 14: 2 cards, pass left" in seen
    assert len({text for text in seen if text.startswith("Pack 1, pick")}) >= 10  # the calls went by one by one

    desk.tap("Pause the draft")
    desk.wait_for_text("Paused.")
    for page in pages:
        wait_until(page, lambda b: timer(b)[2] == "1")
        page.wait_for_text("Paused", css="[data-kind=draft] [data-status]")
    frozen = [timer(page)[0] for page in pages]
    assert max(frozen) - min(frozen) < 1.0
    desk.tap("Resume the draft")
    desk.wait_for_text("Resumed.")
    for page in pages:
        wait_until(page, lambda b: timer(b)[2] == "0" and timer(b)[0] > max(frozen) + 0.2)
    assert "Review your picks before pack 2" in timer(phones[0])[3]

    # Deck building never starts under the running call (issue 56): the page says so; every pod has drafted, so
    # the organizer ends the call (the page asks once) and then starts deck building.
    desk.find("input[name=minutes]").clear()
    desk.find("input[name=minutes]").send_keys("30")
    desk.tap("Start deck building")
    desk.wait_for_text("The draft is still being called, so deck building hasn't started.")
    assert not EventTimer.objects.filter(event=event, kind="build").exists()
    desk.tap("End the call: the draft is over")
    WebDriverWait(desk.driver, 8, poll_frequency=0.1).until(lambda d: _alert(d)).accept()
    desk.wait_for_text("The call has ended: the draft is over.")
    desk.find("input[name=minutes]").clear()
    desk.find("input[name=minutes]").send_keys("30")
    desk.tap("Start deck building")
    desk.wait_for_text("Deck building has started.")
    for page in pages:
        wait_until(page, lambda b: timer(b, "build") is not None and timer(b, "build")[1] == "0")
        assert timer(page, "build")[4] in ("30:00", "29:59", "29:58")
    built = [timer(page, "build")[0] for page in pages]
    assert max(built) - min(built) < 1.0
    phones[0].screenshot("paper-draft-deck-building")
    projector.screenshot("paper-draft-projector", laptop=True)
    desk.screenshot("paper-draft-organizer")
    for page in (phones[1], desk):  # no sideways scrolling on a 360 px phone
        page.driver.set_window_size(360, 800)
        wait_until(page, lambda b: b.driver.execute_script("return window.innerWidth") <= 360)
        width = page.driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= page.driver.execute_script("return window.innerWidth")

    # Venue mode: a phone that loses the network keeps counting by itself and says so.
    phone = phones[1]
    phone.driver.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    phone.wait_for_text("Offline: the timer runs on by itself.", css="[data-called]")
    before = timer(phone, "build")[0]
    wait_until(phone, lambda b: timer(b, "build")[0] > before + 1)

    # Two players register the decks they built from their real boosters, typed on their phones (Hydra never knew
    # the pools): checked for card names and the 40-card minimum only.
    decks = {
        seats[2]: "1 Serra Angel\n2 Shock\n20 Plains\n17 Mountain\nSideboard\n1 Lightning Bolt",
        seats[3]: "3 Llanowar Elves\n1 Serra Angel\n18 Forest\n18 Plains\nSideboard\n2 Shock",
    }
    for row, text in decks.items():
        builder = browsers()
        builder.driver.set_window_size(360, 800)
        builder.sign_in(player(row).username)
        builder.get(reverse("portal:decklist", args=[event.pk]))
        builder.wait_for_text("Type the deck you built", css="#decklist-typed")
        builder.find("#id_text").send_keys(text)
        builder.find("form.panel button[type=submit]").click()
        builder.wait_for_text("Decklist saved. It is legal.")
    registered = {d.seat.registration_id: sum(d.main.values()) for d in Decklist.objects.filter(seat__event=event)}
    assert registered == {seats[2].registration_id: 40, seats[3].registration_id: 40}

    round_ = round_pair_next(event=event, seed=1)
    by_seat = [s.registration_id for s in seats]
    pairs = {frozenset((m.team_a_id, m.team_b_id)) for m in round_.matches.all()}
    assert pairs == {frozenset((by_seat[n], by_seat[n + 4])) for n in range(4)}


CALL = (
    "var box = document.querySelector('[data-call=\"' + arguments[0] + '\"]');"
    "return box ? [parseFloat(box.dataset.elapsed), box.dataset.index, box.dataset.paused,"
    " box.querySelector('[data-what]').textContent, box.querySelector('[data-left]').textContent,"
    " box.querySelector('[data-next]').textContent] : null;"
)


def call(browser, timer_id):
    return browser.driver.execute_script(CALL, timer_id)


def test_team_rochester_paper_round_each_table_called_projector_and_phone_agree(browsers):
    """One team Rochester round with real packs: the organizer calls both tables of round 1, the projector shows both
    calls, a drafter's phone its own table's; the seat whose pick it is and who lays out the next pack are called;
    projector and phone agree on the time within a second; a pause of one table stops it everywhere, the other runs
    on."""
    from selenium.webdriver.support.ui import Select

    from drafting.models import DraftTable
    from tests.factories import RegistrationFactory, RochesterEventFactory

    event = RochesterEventFactory(status=EventStatus.RUNNING, name="Rochester Paper Night", real_product=True)
    for _ in range(4):
        RegistrationFactory(event=event)
    # Short times so a pack goes by in the test: a second a pick; 8 s to look at a laid-out pack, longer than both
    # pages take to find a newly called table on a loaded machine, so the first pack's review is always seen.
    DraftSettings.objects.create(event=event, review_seconds=8, pick_seconds=1)
    round_ = round_pair_next(event=event, seed=1)
    first, second = DraftTable.objects.filter(round=round_).order_by("number")

    desk = browsers()
    desk.sign_in(event.organizer.username)
    desk.get(reverse("drafting:paper_event", args=[event.pk]))
    desk.wait_for_text("Round 1, table 2", css="#paper-tables")
    projector = browsers()
    projector.sign_in(event.organizer.username)
    projector.get(reverse("desk:screen", args=[event.pk]))
    projector.wait_for_text("No timer is running yet.", css="#paper-draft")
    drafter = first.team2.seats.get(letter="A").player.user
    phone = browsers()
    phone.sign_in(drafter.username)
    phone.get(reverse("drafting:call", args=[event.pk]))
    phone.wait_for_text("Round 1, table 1, seat 2A", css="#my-table-seat")

    for number, team in ((1, "2"), (2, "1")):
        Select(desk.find(f"#paper-table-{number} select[name=first_team]")).select_by_value(team)
        desk.find(f"#paper-table-{number} button[type=submit]").click()
        desk.wait_for_text("The table's called draft has started.")
    one, two = (EventTimer.objects.get(table=t).pk for t in (first, second))
    wait_until(projector, lambda b: call(b, one) is not None and call(b, two) is not None)
    wait_until(phone, lambda b: call(b, one) is not None)
    assert call(phone, two) is None  # the phone shows its own table's call only
    assert "Round 1, table 2" in projector.text("#paper-draft")

    schedule = EventTimer.objects.get(pk=one).schedule
    seen, nexts = set(), set()
    while call(phone, one)[1] != "over" and int(call(phone, one)[1]) < 18:  # pack 1, then pack 2's review
        readings = [call(projector, one), call(phone, one)]
        assert abs(readings[0][0] - readings[1][0]) < 1.0, readings
        for seconds, index, *_rest in readings:  # the page's arithmetic is drafting.called's
            where = called.position(schedule, seconds)
            assert (
                index == str(where.index)
                or abs(where.left) < 0.05
                or abs(where.left - schedule[where.index]["seconds"]) < 0.05
            ), (seconds, index)
        seen |= {r[3] for r in readings}
        nexts |= {r[5] for r in readings if r[5]}
        wait_until(phone, lambda b: call(b, one)[0] >= readings[1][0] + 0.3, timeout=5)
    assert "Pack 1 (round 1): 2B lays it out; review it" in seen
    assert "Pack 1, pick 1: 2B picks (15 cards left)" in seen and "Pack 1, pick 2: 2C picks (14 cards left)" in seen
    assert "Next pack: 2C opens it" in nexts  # the horseshoe: 2B's pack, then 2C lays out pack 2
    assert "Pack 2 (round 1): 2C lays it out; review it" in seen

    desk.find(f"button[value='pause:timer-{one}']").click()
    desk.wait_for_text("Paused.")
    for page in (projector, phone):
        wait_until(page, lambda b: call(b, one)[2] == "1")
    page_two = call(projector, two)[0]
    wait_until(projector, lambda b: call(b, two)[0] > page_two + 1)  # the other table runs on
    frozen = [call(projector, one)[0], call(phone, one)[0]]
    assert abs(frozen[0] - frozen[1]) < 1.0 and "Paused" in phone.text(f"[data-call='{one}'] [data-status]")
    desk.find(f"button[value='resume:timer-{one}']").click()
    desk.wait_for_text("Resumed.")
    for page in (projector, phone):
        wait_until(page, lambda b: call(b, one)[2] == "0" and call(b, one)[0] > max(frozen) + 0.2)
    final = [call(projector, one)[0], call(phone, one)[0]]
    assert abs(final[0] - final[1]) < 1.0
    projector.screenshot("rochester-paper-projector", laptop=True)
    for page in (phone, desk):  # no sideways scrolling on a 360 px phone, the organizer's table forms included
        page.driver.set_window_size(360, 800)
        wait_until(page, lambda b: b.driver.execute_script("return window.innerWidth") <= 360)
        assert page.driver.execute_script("return document.documentElement.scrollWidth") <= page.driver.execute_script(
            "return window.innerWidth"
        )
