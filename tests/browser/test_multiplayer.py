"""A Commander night's pod on two phones (issue 43): one player reports the pod's result, another confirms it, and
the pages fit a 360 px screen without sideways scrolling."""

import pytest
from django.urls import reverse

from multiplayer.models import MultiplayerTable, MultiplayerTableState
from multiplayer.selectors import round_multiplayer_tables
from multiplayer.services import tables_pair_next
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW_PHONE = (360, 740)


def _overflowing(browser) -> list[str]:
    """Elements of the page that reach past the right edge of the screen (what makes a page scroll sideways)."""
    return browser.driver.execute_script(
        "var w = document.documentElement.clientWidth; var out = [];"
        "document.querySelectorAll('main *').forEach(function (el) {"
        "  var r = el.getBoundingClientRect();"
        "  if (r.width && r.right > w + 1) { out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right)); } });"
        "if (document.documentElement.scrollWidth > w + 1) { out.push('page ' + document.documentElement.scrollWidth); }"
        "return out;"
    )


def test_a_pods_result_reported_on_one_phone_and_confirmed_on_another(browsers):
    event = PodEventFactory(name="Commander Night")
    users = [UserFactory(username=f"pilot{i}") for i in range(4)]
    for user in users:
        RegistrationFactory(event=event, seats=[PlayerFactory(user=user, name=f"Pilot {user.username[-1]}")])
    table = round_multiplayer_tables(round_=tables_pair_next(event=event, by=event.organizer, seed=7))[0]
    by_seat = {s.position: s for s in table.seats.all()}
    reporter, confirmer = (by_seat[n].registration.seats.get().player.user for n in (1, 2))
    winner = by_seat[4].registration_id

    first = browsers()
    first.driver.set_window_size(*NARROW_PHONE)
    first.sign_in(reporter.username)
    first.get(reverse("portal:tables", args=[event.pk]))
    first.wait_for_text("My pod: pod 1")
    assert _overflowing(first) == []
    first.find("#my-pod").click()
    first.wait_for_text("Seat 1 plays first.")
    assert _overflowing(first) == []
    first.find("input[name=kind][value=win]").click()
    first.find(f"input[name=players][value='{winner}']").click()
    first.tap("Report the result")
    first.wait_for_text("Result reported. Another player of the pod confirms it.")
    assert "Confirm this result" not in first.text("main")  # the reporter doesn't confirm their own report

    second = browsers()
    second.driver.set_window_size(*NARROW_PHONE)
    second.sign_in(confirmer.username)
    second.get(reverse("portal:table", args=[table.pk]))
    second.wait_for_text("Reported, waiting for a confirmation", css="#pod-state")
    assert _overflowing(second) == []
    second.tap("Confirm this result")
    second.wait_for_text("Result confirmed.")
    second.wait_for_text("Final", css="#pod-state")
    assert MultiplayerTable.objects.get(pk=table.pk).state == MultiplayerTableState.FINAL
    second.get(reverse("portal:tables", args=[event.pk]))
    second.wait_for_text(f"{by_seat[4].registration.team.name} (Won)", css="#pod-1")
    assert _overflowing(second) == []
