"""Decklists and judges in a real browser (issue 17): a player sees their own deck's problem before any teammate has
submitted; after the deadline a list is refused, a judge changes it with a reason, and the change is in the log."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.services import cards_ensure_loaded
from tests.factories import EventStaffFactory, EventFactory, RegistrationFactory, UserFactory
from tournaments.enums import DeckRule
from tournaments.models import Decklist, DecklistChange, EventLogEntry
from tournaments.services.eventlog import LogAction

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def team():
    cards_ensure_loaded()  # a transactional test starts from an empty database
    event = EventFactory(team_size=3, constructed_format="modern", deck_rule=DeckRule.NO_SHARED)
    registration = RegistrationFactory(event=event)
    return event, list(registration.seats.order_by("letter"))


def _submit(browser, text: str) -> None:
    area = browser.find("#id_text")
    area.clear()
    area.send_keys(text)
    browser.find("form.panel button[type=submit]").click()


def test_player_sees_own_deck_problem_before_teammates_submit(browsers, team):
    event, (a, b, c) = team
    browser = browsers()
    browser.sign_in(a.player.user.username)
    browser.get(reverse("portal:decklist", args=[event.pk]))
    _submit(browser, "4 Lightning Bolt\n20 Mountain")
    browser.wait_for_text("there are problems to fix")
    team_section = browser.text("section[aria-labelledby=team-heading]")
    # My own deck's problem, named with my seat, while both teammates' lists are still missing.
    assert f"Seat A ({a.player.name})" in team_section and "24" in team_section
    assert f"Seat B ({b.player.name}) has not submitted a decklist." in team_section
    assert f"Seat C ({c.player.name}) has not submitted a decklist." in team_section
    browser.screenshot("decklist-own-problem-first")


def test_list_refused_after_the_deadline_and_a_judges_change_is_logged(browsers, team):
    event, (a, b, c) = team
    Decklist.objects.create(seat=a, text="60 Mountain", main={"Mountain": 60})
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=5)
    event.save()
    judge = UserFactory(username="judge-anna")
    EventStaffFactory(event=event, user=judge, role="judge")

    player = browsers()
    player.sign_in(a.player.user.username)
    player.get(reverse("portal:decklist", args=[event.pk]))
    assert "The decklist deadline has passed" in player.text("main")
    assert player.driver.find_elements("css selector", "#id_text") == []  # no form to submit

    desk = browsers()
    desk.sign_in(judge.username)
    desk.get(reverse("judging:team", args=[event.pk, a.registration_id]))
    area = desk.find(f"#id_seat{a.pk}-text")
    area.clear()
    area.send_keys("56 Mountain\n4 Lightning Bolt")
    desk.find(f"#id_seat{a.pk}-reason").send_keys("Bolts written as Mountains by mistake")
    desk.find("#seat-A button[type=submit]").click()
    desk.wait_for_text("the change is in the event's log")
    assert Decklist.objects.get(seat=a).main == {"Mountain": 56, "Lightning Bolt": 4}
    assert DecklistChange.objects.get().text == "60 Mountain"
    desk.get(reverse("judging:log", args=[event.pk]))
    desk.wait_for_text("Bolts written as Mountains by mistake", css="#event-log")
    assert EventLogEntry.objects.filter(event=event, action=LogAction.DECKLIST_CHANGED).count() == 1
    desk.screenshot("event-log-judge-change", laptop=True)
    desk.get(reverse("judging:print_team", args=[event.pk, a.registration_id]))
    desk.wait_for_text("Lightning Bolt", css=".sheet")
    assert a.player.name in desk.text(".sheet") and "Main deck (60)" in desk.text(".sheet")
    desk.screenshot("decklist-sheet", laptop=True)
