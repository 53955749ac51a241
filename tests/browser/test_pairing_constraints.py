"""The desk's team page with the pairing constraints (issue 42) on a 360 px phone: byes in advance, a fixed
table and whom not to pair with fit the screen, and adding a pairing to avoid shows it in the list."""

import pytest
from django.urls import reverse

from tests.browser.test_phone import _overflowing
from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory, TeamFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_team_page_constraints_fit_a_360px_phone(browsers):
    organizer = OrganizerFactory(username="olga")
    event = EventFactory(organizer=organizer, name="Regional Championship Qualifier")
    team = RegistrationFactory(event=event, team=TeamFactory(name="Azure Ants"))
    RegistrationFactory(event=event, team=TeamFactory(name="A team with a rather long name for a small screen"))
    browser = browsers()
    browser.driver.set_window_size(360, 800)
    browser.sign_in("olga")
    browser.get(reverse("desk:team_edit", args=[event.pk]) + f"?team={team.pk}")
    browser.wait_for_text("Not to be paired with", css="#avoided")
    assert _overflowing(browser) == []
    browser.find("#avoided button[value=avoid_add]").click()
    browser.wait_for_text("Remove", css="#avoided")
    assert "A team with a rather long name" in browser.text("#avoided")
    assert _overflowing(browser) == []
