"""Entry fees at the desk in the browser (issue 44): the organizer sets the fee, ticks players in at check-in, the
fees page names the checked-in players who haven't paid, a player is marked paid (the warning and the totals follow)
and then refunded; on a 360 px phone the page doesn't scroll sideways."""

import pytest
from django.urls import reverse

from fees.models import Payment
from tests.browser.test_phone import _overflowing
from tests.factories import EventFactory, OrganizerFactory, PlayerFactory, RegistrationFactory, TeamFactory
from tournaments.models import EventLogEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _row_button(desk, name: str, label: str):
    return desk.driver.find_element(
        "xpath", f"//table[@id='payments']//tr[th[normalize-space()='{name}']]//button[normalize-space()='{label}']"
    )


def test_fees_marked_paid_at_check_in_and_refunded(browsers):
    organizer = OrganizerFactory(username="olivia", is_staff=False, is_superuser=False)
    event = EventFactory(name="Friday Fees", organizer=organizer, team_size=1, swiss_rounds=3, top_cut=0)
    for name in ("Ann Lee", "Ben Ota"):
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=[PlayerFactory(name=name)])
    desk = browsers()
    desk.driver.set_window_size(360, 800)
    desk.sign_in("olivia")

    desk.get(reverse("desk:fees", args=[event.pk]))
    amount = desk.find("#fee-settings input[name=amount]")
    amount.clear()
    amount.send_keys("5")
    desk.find("#fee-settings button[type=submit]").click()
    desk.wait_for_text("5.00 EUR", css="#fee-totals")

    # The check-in table takes the fee too (issue 56): each player's "Owes 5.00 EUR", checked in without paying or
    # checked in and paid in one tap.
    desk.get(reverse("desk:desk", args=[event.pk]))
    desk.wait_for_text("0.00 EUR collected, 2 not paid yet.", css="#check-in-fees")
    for name in ("Ann Lee", "Ben Ota"):
        desk.tap(f"Check in {name}, not paid")
        desk.wait_for_text(f"{name} paid", css="table.checkin")
    assert _overflowing(desk) == []
    desk.find("#desk-fees").click()
    desk.wait_for_text("2 checked-in players have not paid: Ann Lee and Ben Ota.", css="#unpaid-checked-in")
    assert _overflowing(desk) == []

    _row_button(desk, "Ann Lee", "Paid").click()
    desk.wait_for_text("1 checked-in player has not paid: Ben Ota.", css="#unpaid-checked-in")
    desk.wait_for_text("5.00 EUR", css="[data-total=collected]")
    assert desk.text("[data-total=outstanding]").startswith("5.00")

    _row_button(desk, "Ann Lee", "Refunded").click()
    desk.wait_for_text("5.00 EUR", css="[data-total=refunded]")
    payment = Payment.objects.get(registration__team__name="Ann Lee")
    assert (payment.status, payment.amount, payment.marked_by) == ("refunded", 5, organizer)
    assert list(
        EventLogEntry.objects.filter(event=event, action="fee_marked")
        .values_list("after__status", flat=True)
        .order_by("pk")
    ) == ["paid", "refunded"]

    # Ben pays later: the desk's check-in table takes it, and the log has it with who.
    desk.get(reverse("desk:desk", args=[event.pk]))
    desk.wait_for_text("0.00 EUR collected, 1 not paid yet.", css="#check-in-fees")
    desk.tap("Ben Ota paid")
    desk.wait_for_text("5.00 EUR collected, 0 not paid yet.", css="#check-in-fees")
    desk.wait_for_text("Paid 5.00 EUR", css="table.checkin")
    assert Payment.objects.get(registration__team__name="Ben Ota").status == "paid"
    assert EventLogEntry.objects.filter(event=event, action="fee_marked").order_by("pk").last().user == organizer
