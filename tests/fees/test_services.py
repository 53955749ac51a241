"""Entry fees through check-in with a refund; the prize structure; who may mark (fees/services.py)."""

from decimal import Decimal

import pytest

from common.refusals import Conflict, NotAllowed, Refusal
from tournaments.services.checkin import registration_check_in
from fees.enums import PaymentStatus
from fees.selectors import fee_totals, payments_for_event
from fees.services import event_fee_set, event_prizes_set, registration_payment_mark
from tests.factories import EventFactory, EventStaffFactory, RegistrationFactory, UserFactory
from tests.fees.conftest import organizer_of_other_events
from tournaments.models import EventLogEntry

pytestmark = pytest.mark.django_db


def _totals(event):
    rows = payments_for_event(event=event)
    return fee_totals(rows=rows, fee=event.fee)


def test_fees_through_check_in_with_a_refund():
    event = EventFactory()
    scorekeeper = EventStaffFactory(event=event, role="scorekeeper").user
    event_fee_set(event=event, by=event.organizer, amount=Decimal("5.00"), currency="eur")
    paid, waived, refunded, late = (RegistrationFactory(event=event) for _ in range(4))
    captain = paid.seats.get(letter="A").player

    registration_payment_mark(registration=paid, status="paid", by=scorekeeper, paid_by=captain, method="cash")
    registration_check_in(registration=paid, by=scorekeeper, at_desk=True)
    registration_payment_mark(registration=waived, status="waived", by=event.organizer)
    registration_payment_mark(registration=refunded, status="paid", by=scorekeeper)
    registration_payment_mark(registration=refunded, status="refunded", by=event.organizer, amount=Decimal("10"))

    rows = {row.registration: row for row in payments_for_event(event=event)}
    assert rows[paid.pk].amount == Decimal("15.00")  # the captain pays for three seats at 5.00
    assert rows[paid.pk].paid_by == captain.name and rows[paid.pk].marked_by == scorekeeper.username
    assert rows[late.pk].status == PaymentStatus.UNPAID and rows[late.pk].due == Decimal("15.00")
    totals = _totals(event)
    assert (totals.collected, totals.refunded, totals.outstanding, totals.unpaid, totals.currency) == (
        Decimal("15.00"),
        Decimal("10"),
        Decimal("15.00"),
        1,
        "EUR",
    )
    marks = EventLogEntry.objects.filter(event=event, action="fee_marked").order_by("pk")
    assert [(e.registration_id, e.after["status"], e.user_id) for e in marks] == [
        (paid.pk, "paid", scorekeeper.pk),
        (waived.pk, "waived", event.organizer.pk),
        (refunded.pk, "paid", scorekeeper.pk),
        (refunded.pk, "refunded", event.organizer.pk),
    ]


def test_refund_needs_a_paid_fee_and_no_more_than_was_paid():
    event = EventFactory()
    event_fee_set(event=event, by=event.organizer, amount=Decimal(2))
    registration = RegistrationFactory(event=event)
    with pytest.raises(Conflict):
        registration_payment_mark(registration=registration, status="refunded", by=event.organizer)
    registration_payment_mark(registration=registration, status="paid", by=event.organizer)
    with pytest.raises(Refusal):
        registration_payment_mark(registration=registration, status="refunded", by=event.organizer, amount=Decimal(7))
    assert payments_for_event(event=event)[0].status == PaymentStatus.PAID


def test_a_player_and_another_organizer_may_not_mark_paid():
    event = EventFactory()
    registration = RegistrationFactory(event=event)
    player = registration.seats.get(letter="A").player
    player.user = UserFactory()
    player.save()
    for who in (player.user, organizer_of_other_events()):
        with pytest.raises(NotAllowed):
            registration_payment_mark(registration=registration, status="paid", by=who)
        with pytest.raises(NotAllowed):
            event_fee_set(event=event, by=who, amount=Decimal(1))
    assert not EventLogEntry.objects.filter(event=event, action="fee_marked").exists()


def test_paid_by_is_a_player_of_the_team():
    event = EventFactory()
    registration, other = RegistrationFactory(event=event), RegistrationFactory(event=event)
    with pytest.raises(Refusal):
        registration_payment_mark(
            registration=registration, status="paid", by=event.organizer, paid_by=other.seats.first().player
        )


def test_prize_lines_refused_whole_when_one_is_wrong():
    event = EventFactory()
    event_prizes_set(event=event, by=event.organizer, lines=[{"item": "Packs", "amount": 6, "place_from": 1}])
    with pytest.raises(Refusal):
        event_prizes_set(
            event=event,
            by=event.organizer,
            lines=[
                {"item": "Trophy", "amount": 1, "place_from": 1},
                {"item": "Packs", "amount": 2, "place_from": 4, "place_to": 2},
            ],
        )
    assert [p.item for p in event.prizes.all()] == ["Packs"]
