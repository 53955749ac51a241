"""Sign-up in a real browser (issue 17): a captain registers a team of three through invitations on three phones, the
waitlist moves up when a team withdraws, and an organizer imports 64 teams from a CSV file in the admin."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from signup.models import SignupStatus, TeamSignup
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, UserFactory
from tests.portal.mail import mailed_link
from tests.signup.helpers import full_team
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _overflowing(browser) -> list[str]:
    """Elements reaching past the right edge of the phone's screen (what makes a page scroll sideways)."""
    return browser.driver.execute_script(
        "var w = document.documentElement.clientWidth; var out = [];"
        "document.querySelectorAll('main *').forEach(function (el) {"
        "  var r = el.getBoundingClientRect();"
        "  if (r.width && r.right > w + 1) { out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right)); } });"
        "if (document.documentElement.scrollWidth > w + 1) { out.push('page ' + document.documentElement.scrollWidth); }"
        "return out;"
    )


def _open_event(**kwargs):
    return EventFactory(
        name="Spring Team Open", signup_open=True, signup_deadline=timezone.now() + dt.timedelta(days=2), **kwargs
    )


def _captain_forms_red_foxes(browsers, event):
    """Cora, signed in on her phone, forms Red Foxes and sees the invitation links."""
    PlayerFactory(user=UserFactory(username="cora"), name="Cora")
    captain = browsers()
    captain.sign_in("cora")
    captain.get(reverse("signup:event", args=[event.pk]))
    captain.find("#id_name").send_keys("Red Foxes")
    captain.button("Form the team").click()
    captain.wait_for_text("you hold seat A")
    return captain


def test_captain_registers_a_team_of_three_through_invitations_on_three_phones(browsers):
    event = _open_event(signup_capacity=16)
    PlayerFactory(user=UserFactory(username="finn"), name="Finn")
    captain = _captain_forms_red_foxes(browsers, event)
    captain.screenshot("signup-captain-links")
    assert _overflowing(captain) == []
    link_b = captain.find("#link-B").get_attribute("value")
    link_c = captain.find("#link-C").get_attribute("value")
    assert link_b != link_c and "/signup/join/" in link_b

    # Phone 2: no account yet. The link offers to create one and comes back to the invitation.
    newcomer = browsers()
    newcomer.driver.get(link_b)
    newcomer.wait_for_text("Cora invites you to play seat B of team Red Foxes")
    newcomer.find("main a.button[href^='/accounts/signup/']").click()
    newcomer.wait_for_text("Create an account", css="main h1")
    for field, value in (
        ("username", "nina"),
        ("name", "Nina"),
        ("email", "nina@example.org"),
        ("password1", "a-long-Passw0rd!"),
        ("password2", "a-long-Passw0rd!"),
    ):
        newcomer.find(f"#id_{field}").send_keys(value)
    newcomer.button("Create the account").click()
    newcomer.wait_for_text("Check your e-mail", css="main h1")  # the mailed link makes the account (issue 37)
    newcomer.driver.get(mailed_link(to="nina@example.org"))
    newcomer.wait_for_text("Take seat B")
    newcomer.button("Take seat B").click()
    newcomer.wait_for_text("You hold seat B of Red Foxes.")
    assert TeamSignup.objects.get(name="Red Foxes").status == SignupStatus.FORMING

    # Phone 3: an existing account signs in from the link.
    finn = browsers()
    finn.driver.get(link_c)
    finn.find("main a.button[href^='/accounts/login/']").click()
    finn.wait_for_text("Sign in", css="main h1")
    finn.find("#id_username").send_keys("finn")
    finn.find("#id_password").send_keys("pw-for-tests")
    finn.button("Sign in").click()
    finn.wait_for_text("Take seat C")
    finn.button("Take seat C").click()
    finn.wait_for_text("The team is registered for the event.")
    finn.screenshot("signup-team-registered")

    # The link is spent: using it again says so.
    newcomer.driver.get(link_c)
    newcomer.wait_for_text("This invitation has been used already")

    captain.get(reverse("signup:event", args=[event.pk]))
    captain.wait_for_text("1 of 16 taken")
    registration = Registration.objects.get(event=event)
    assert registration.team.name == "Red Foxes"
    assert [(s.letter, s.player.name) for s in registration.seats.order_by("letter")] == [
        ("A", "Cora"),
        ("B", "Nina"),
        ("C", "Finn"),
    ]


def test_waitlist_moves_up_when_a_registered_team_withdraws(browsers):
    event = _open_event(signup_capacity=1)
    first, first_players = full_team(
        event,
        "Early Birds",
        players=[PlayerFactory(user=UserFactory(username="ella"), name="Ella"), PlayerFactory(), PlayerFactory()],
    )
    second, second_players = full_team(
        event,
        "Night Owls",
        players=[PlayerFactory(user=UserFactory(username="otto"), name="Otto"), PlayerFactory(), PlayerFactory()],
    )
    assert second.status == SignupStatus.WAITLISTED

    otto = browsers()
    otto.sign_in("otto")
    otto.get(reverse("signup:team", args=[second.pk]))
    otto.wait_for_text("Waitlisted", css="#signup-status")

    ella = browsers()
    ella.sign_in("ella")
    ella.get(reverse("signup:team", args=[first.pk]))
    ella.button("Withdraw the team").click()
    ella.wait_for_text("Night Owls moved up from the waitlist.")
    assert ella.rows(".signup-registered li") == [["Night Owls"]] or "Night Owls" in ella.text(".signup-registered")

    otto.get(reverse("signup:team", args=[second.pk]))
    otto.wait_for_text("Registered", css="#signup-status")
    assert list(Registration.objects.filter(event=event).values_list("team__name", flat=True)) == ["Night Owls"]


def test_organizer_imports_64_teams_from_a_csv_file_in_the_admin(browsers, tmp_path):
    OrganizerFactory(username="olga")
    event = EventFactory(name="Big Team Open")
    lines = ["team;seat;player"] + [
        f"Team {t:02d};{letter};Player {t:02d}{letter}" for t in range(1, 65) for letter in "ABC"
    ]
    path = tmp_path / "teams.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    browser = browsers()
    browser.sign_in("olga")
    browser.get(reverse("admin:signup_event_teams_import", args=[event.pk]))
    browser.find("input[type=file]").send_keys(str(path))
    browser.find("input[type=submit][value=Preview]").click()
    browser.wait_for_text("Preview: 64 teams will be registered", timeout=30)
    assert "separated by semicolons" in browser.text("#import-note")
    assert Registration.objects.filter(event=event).count() == 0
    browser.find("input[name=confirm]").click()
    browser.wait_for_text("64 teams registered for Big Team Open.", timeout=30)
    assert Registration.objects.filter(event=event).count() == 64


def test_the_captain_copies_an_invitation_link_with_one_tap_on_a_phone(browsers):
    """Issue 32: the links sat in a read-only box with no copy or share button."""
    captain = _captain_forms_red_foxes(browsers, _open_event())
    # Read back what the page hands to the clipboard (headless Chromium has no clipboard to read).
    captain.driver.execute_script(
        "window.copied = null; navigator.clipboard.writeText = function (text) {"
        "  window.copied = text; return Promise.resolve(); };"
    )
    captain.find('button[data-copy="link-B"]').click()
    captain.wait_for_text("Link copied", css="#link-status-B")
    assert captain.driver.execute_script("return window.copied") == captain.find("#link-B").get_attribute("value")
    assert _overflowing(captain) == []
    # Drafts are one tap away in the navigation of a signed-in player.
    assert captain.find('.site-header a[href="/draft/"]').text == "Drafts"
