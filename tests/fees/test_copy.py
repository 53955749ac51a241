"""'Run again' carries the event's entry fee and prize structure, never its payments (fees.services.event_fees_copy,
registered in tournaments/copying.py)."""

from decimal import Decimal

import pytest

from fees.models import EventFee, Payment, Prize
from fees.services import event_fee_set, event_prizes_set, registration_payment_mark
from tests.factories import EventFactory, RegistrationFactory
from tournaments.models import EventLogEntry
from tournaments.services.events import event_copy

pytestmark = pytest.mark.django_db


def test_run_again_copies_the_fee_and_prizes_but_no_payment():
    event = EventFactory()
    event_fee_set(event=event, by=event.organizer, amount=Decimal("7.50"), currency="usd", prize_ties="evenly")
    event_prizes_set(
        event=event,
        by=event.organizer,
        lines=[
            {"place_from": 1, "place_to": 2, "item": "Store credit", "amount": "20", "divisible": True},
            {"min_match_points": 9, "item": "Packs", "amount": 1},
        ],
    )
    registration_payment_mark(registration=RegistrationFactory(event=event), status="paid", by=event.organizer)

    copy = event_copy(event=event, by=event.organizer)

    fee = EventFee.objects.get(event=copy)
    assert (fee.amount, fee.currency, fee.prize_ties) == (Decimal("7.50"), "USD", "evenly")
    assert list(
        Prize.objects.filter(event=copy).values_list(
            "item", "place_from", "place_to", "min_match_points", "amount", "divisible"
        )
    ) == [("Store credit", 1, 2, None, Decimal("20.00"), True), ("Packs", None, None, 9, Decimal("1.00"), False)]
    assert not Payment.objects.filter(registration__event=copy).exists()
    entry = EventLogEntry.objects.get(event=copy, action="fees_copied")
    assert entry.user == event.organizer and "7.50 USD" in str(entry.message)


def test_run_again_of_an_event_without_a_fee_writes_none():
    event = EventFactory()
    copy = event_copy(event=event, by=event.organizer)
    assert not EventFee.objects.filter(event=copy).exists() and not Prize.objects.filter(event=copy).exists()
    assert not EventLogEntry.objects.filter(event=copy, action="fees_copied").exists()
