"""The desk's fees page and the payout list (desk/views/fees.py, fees.selectors.payouts_for_event)."""

import csv
import io
from decimal import Decimal

import pytest

from tournaments.services.checkin import registration_check_in
from fees.selectors import payouts_for_event
from fees.services import event_fee_set, event_prizes_set, registration_payment_mark
from tests.api.conftest import build_event
from tests.factories import EventFactory, EventStaffFactory, RegistrationFactory, UserFactory
from tests.fees.conftest import organizer_of_other_events

pytestmark = pytest.mark.django_db

PRIZES = [
    {"item": "Packs", "amount": 6, "place_from": 1},
    {"item": "Packs", "amount": 2, "place_from": 2},
    {"item": "Store credit", "amount": 5, "place_from": 3, "place_to": 4, "divisible": True},
]


def _one_round(ties: str):
    event, teams, _rounds = build_event(teams=4, rounds=1)  # two winners on 3 points, two losers on 0
    event_fee_set(event=event, by=event.organizer, prize_ties=ties)
    event_prizes_set(event=event, by=event.organizer, lines=PRIZES)
    return event


def test_a_prize_split_for_tied_placings():
    split = payouts_for_event(event=_one_round("evenly"))
    assert [(row.place, row.item, row.amount, row.shared_by) for row in split] == [
        (1, "Packs", 4, 2),
        (2, "Packs", 4, 2),
        (3, "Store credit", Decimal("5.00"), 2),
        (4, "Store credit", Decimal("5.00"), 2),
    ]
    kept = payouts_for_event(event=_one_round("tiebreakers"))
    assert [(row.place, row.amount, row.shared_by) for row in kept][:2] == [(1, 6, 1), (2, 2, 1)]
    assert {row.record for row in kept[:2]} == {"1-0-0"}


def test_the_payout_export_has_its_columns(client):
    event = _one_round("evenly")
    client.force_login(event.organizer)
    answer = client.get(f"/events/{event.pk}/desk/fees/payouts/?format=csv")
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0] == ["Place", "Team", "Record", "Match points", "Prize", "Quantity or amount", "Shared by"]
    assert rows[1][0] == "1" and rows[1][4:] == ["Packs", "4", "2"]
    assert rows[3][4:] == ["Store credit", "5.00", "2"]
    assert len(rows) == 5


def test_the_payout_export_says_player_in_an_individual_event(client):
    event = EventFactory(team_size=1)
    RegistrationFactory(event=event)
    event_prizes_set(event=event, by=event.organizer, lines=PRIZES[:1])
    client.force_login(event.organizer)
    header = client.get(f"/events/{event.pk}/desk/fees/payouts/").content.decode("utf-8-sig").splitlines()[0]
    assert header.split(",")[1] == "Player"


def test_the_fees_page_shows_who_checked_in_without_paying_and_marks(client):
    event = EventFactory()
    event_fee_set(event=event, by=event.organizer, amount=Decimal(5))
    here, paid = RegistrationFactory(event=event), RegistrationFactory(event=event)
    registration_check_in(registration=here, by=event.organizer, at_desk=True)
    registration_payment_mark(registration=paid, status="paid", by=event.organizer)
    scorekeeper = EventStaffFactory(event=event, role="scorekeeper").user
    client.force_login(scorekeeper)
    page = client.get(f"/events/{event.pk}/desk/fees/").content.decode()
    assert f"1 checked-in team has not paid: {here.team.name}." in page
    assert 'data-total="collected">15.00 EUR' in page and 'data-total="outstanding">15.00 EUR' in page
    assert 'id="fee-settings"' not in page  # a scorekeeper marks, only the organizers set the fee
    client.post(f"/events/{event.pk}/desk/fees/", {"registration": here.pk, "status": "paid"})
    page = client.get(f"/events/{event.pk}/desk/fees/").content.decode()
    assert "has not paid" not in page and 'data-total="collected">30.00 EUR' in page


def test_the_fees_page_is_404_for_another_organizer_and_a_player(client):
    event = EventFactory()
    registration = RegistrationFactory(event=event)
    client.force_login(organizer_of_other_events())
    assert client.get(f"/events/{event.pk}/desk/fees/").status_code == 404
    assert (
        client.post(f"/events/{event.pk}/desk/fees/", {"registration": registration.pk, "status": "paid"}).status_code
        == 404
    )
    assert client.get(f"/events/{event.pk}/desk/fees/payouts/").status_code == 404


def test_the_event_page_shows_the_prizes_before_it_starts_and_a_player_only_their_own_fee(client):
    event = EventFactory(team_size=1)
    event_fee_set(event=event, by=event.organizer, amount=Decimal(3))
    event_prizes_set(
        event=event,
        by=event.organizer,
        lines=[{"item": "Trophy", "amount": 1, "place_from": 1}, {"item": "Promo", "amount": 1, "min_match_points": 9}],
    )
    mine, theirs = RegistrationFactory(event=event), RegistrationFactory(event=event)
    registration_payment_mark(registration=theirs, status="paid", by=event.organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert '<th scope="row">Place 1</th><td>1 × Trophy</td>' in page
    assert '<th scope="row">Every player with 9 match points or more</th><td>1 × Promo</td>' in page
    assert 'id="my-fee"' not in page
    player = mine.seats.get().player
    player.user = UserFactory()
    player.save()
    client.force_login(player.user)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="my-fee" data-status="unpaid"' in page and "Your entry fee: Not paid." in page


def test_the_organizer_saves_prizes_on_the_desk_and_a_scorekeeper_may_not(client):
    event = EventFactory()
    scorekeeper = EventStaffFactory(event=event, role="scorekeeper").user
    client.force_login(scorekeeper)
    client.post(f"/events/{event.pk}/desk/fees/", {"action": "prizes", "prizes": "1 | Trophy | 1"})
    assert not event.prizes.exists()
    client.force_login(event.organizer)
    client.post(f"/events/{event.pk}/desk/fees/", {"action": "prizes", "prizes": "1 | Trophy | 1\n2-1 | Packs | 2"})
    assert not event.prizes.exists()  # the second line is wrong: nothing is written
    client.post(f"/events/{event.pk}/desk/fees/", {"action": "prizes", "prizes": "1 | Trophy | 1"})
    assert [p.item for p in event.prizes.all()] == ["Trophy"]


def test_no_prize_goes_to_anyone_before_a_result_counts_the_page_shows_the_structure(client):
    """Issue 56: before round 1 the payout list handed 6 packs to whoever sorted first; now it is empty (and the
    file has its header only) until placings exist, and the page shows the prize structure instead."""
    event = EventFactory(team_size=1)
    for _ in range(4):
        RegistrationFactory(event=event)
    event_prizes_set(event=event, by=event.organizer, lines=PRIZES)
    assert payouts_for_event(event=event) == []
    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/desk/fees/").content.decode()
    assert 'id="payouts-waiting"' in page and 'id="event-prizes"' in page and 'id="payouts"' not in page
    assert "Places 3 to 4, each" in page
    rows = client.get(f"/events/{event.pk}/desk/fees/payouts/?format=csv").content.decode("utf-8-sig").splitlines()
    assert len(rows) == 1  # the header alone
    played = _one_round("evenly")  # once a round counts, the placings so far get their prizes
    assert len(payouts_for_event(event=played)) == 4
    client.force_login(played.organizer)
    page = client.get(f"/events/{played.pk}/desk/fees/").content.decode()
    assert 'id="payouts-waiting"' not in page and 'id="payouts"' in page


def test_the_check_in_desk_takes_the_fee_in_the_same_place(client):
    """Issue 56: paying was on its own page; the check-in table shows each player's fee and checks in and takes the
    fee in one tap, and a free event shows no paid column."""
    from tournaments.models import CheckIn

    event = EventFactory(team_size=1)
    event_fee_set(event=event, by=event.organizer, amount=Decimal(5))
    ann, bo, cy = (RegistrationFactory(event=event) for _ in range(3))
    scorekeeper = EventStaffFactory(event=event, role="scorekeeper").user
    client.force_login(scorekeeper)
    desk = f"/events/{event.pk}/desk/"
    page = client.get(desk).content.decode()
    assert 'id="check-in-fees"' in page and "0.00 EUR collected, 3 not paid yet." in page
    assert f"Check in {ann.team.name} and take the fee" in page and "Owes 5.00 EUR" in page
    client.post(f"{desk}team/", {"registration": ann.pk, "action": "check_in_paid"})
    client.post(f"{desk}team/", {"registration": bo.pk, "action": "check_in"})
    page = client.get(desk).content.decode()
    assert "5.00 EUR collected, 2 not paid yet." in page and "Paid 5.00 EUR" in page
    assert f"{bo.team.name} paid" in page  # checked in, not paid: the button to take the fee later
    assert set(CheckIn.objects.filter(registration__event=event).values_list("registration_id", flat=True)) == {
        ann.pk,
        bo.pk,
    }
    client.post(f"{desk}team/", {"registration": bo.pk, "action": "paid"})
    client.post(f"{desk}team/", {"registration": ann.pk, "action": "unpaid"})
    statuses = dict(event.registrations.values_list("pk", "payment__status"))
    assert (statuses[ann.pk], statuses[bo.pk], statuses[cy.pk]) == ("unpaid", "paid", None)
    log = list(event.log_entries.filter(action="fee_marked").values_list("user_id", flat=True))
    assert log and set(log) == {scorekeeper.pk}  # every mark is in the event log with who made it
    free = EventFactory(team_size=1, organizer=event.organizer)
    RegistrationFactory(event=free)
    client.force_login(event.organizer)
    page = client.get(f"/events/{free.pk}/desk/").content.decode()
    assert 'id="check-in-fees"' not in page and "take the fee" not in page
