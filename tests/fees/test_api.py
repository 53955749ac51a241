"""The fees and prizes API: GET/PATCH /api/v1/events/{id}/fees/, marking a registration, prizes and payouts; who
sees and who marks what."""

import pytest

from tests.api.conftest import build_event
from rest_framework.test import APIClient

from tests.factories import EventFactory, EventStaffFactory, RegistrationFactory, UserFactory
from tests.fees.conftest import organizer_of_other_events
from fees.services import registration_payment_mark
from tournaments.models import EventLogEntry

pytestmark = pytest.mark.django_db


def _client(user=None):
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def test_the_organizer_sets_the_fee_and_a_scorekeeper_marks_a_team_paid():
    event = EventFactory()
    team = RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    scorekeeper = EventStaffFactory(event=event, role="scorekeeper").user
    answer = _client(event.organizer).patch(
        f"/api/v1/events/{event.pk}/fees/", {"amount": "4.50", "currency": "usd"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["fee"] == {"amount": "4.50", "currency": "USD", "prize_ties": "tiebreakers"}
    captain = team.seats.get(letter="A").player
    marked = _client(scorekeeper).patch(
        f"/api/v1/events/{event.pk}/fees/{team.pk}",
        {"status": "paid", "paid_by": captain.pk, "method": "cash"},
        format="json",
    )
    assert marked.status_code == 200, marked.content
    assert marked.json()["amount"] == "13.50" and marked.json()["paid_by"] == captain.name
    totals = _client(scorekeeper).get(f"/api/v1/events/{event.pk}/fees/").json()["totals"]
    assert totals == {"collected": "13.50", "refunded": "0.00", "outstanding": "13.50", "unpaid": 1, "currency": "USD"}


def test_a_player_sees_only_their_own_status_and_may_not_mark():
    event = EventFactory()
    mine, theirs = RegistrationFactory(event=event), RegistrationFactory(event=event)
    player = mine.seats.get(letter="B").player
    player.user = UserFactory()
    player.save()
    client = _client(player.user)
    body = client.get(f"/api/v1/events/{event.pk}/fees/").json()
    assert [row["registration"] for row in body["payments"]] == [mine.pk] and body["totals"] is None
    answer = client.patch(f"/api/v1/events/{event.pk}/fees/{mine.pk}", {"status": "paid"}, format="json")
    assert answer.status_code == 404
    assert _client().get(f"/api/v1/events/{event.pk}/fees/").json()["payments"] == []
    assert theirs.team.name not in str(body)  # nothing of another team leaks
    assert not EventLogEntry.objects.filter(event=event, action="fee_marked").exists()


def test_another_organizer_gets_404_for_every_write():
    event = EventFactory(is_public=False)
    team = RegistrationFactory(event=event)
    client = _client(organizer_of_other_events())
    assert client.get(f"/api/v1/events/{event.pk}/fees/").status_code == 404
    assert client.patch(f"/api/v1/events/{event.pk}/fees/", {"amount": "1"}, format="json").status_code == 404
    assert (
        client.patch(f"/api/v1/events/{event.pk}/fees/{team.pk}", {"status": "paid"}, format="json").status_code == 404
    )
    assert client.put(f"/api/v1/events/{event.pk}/prizes/", {"lines": []}, format="json").status_code == 404


def test_bad_input_is_a_400_that_names_the_field_and_writes_nothing():
    event = EventFactory()
    team = RegistrationFactory(event=event)
    client = _client(event.organizer)
    answer = client.patch(f"/api/v1/events/{event.pk}/fees/{team.pk}", {"status": "stolen"}, format="json")
    assert answer.status_code == 400 and "status" in answer.content.decode()
    refund = client.patch(f"/api/v1/events/{event.pk}/fees/{team.pk}", {"status": "refunded"}, format="json")
    assert refund.status_code == 409
    lines = {"lines": [{"item": "Packs", "amount": "3", "place_from": 3, "place_to": 1}]}
    assert client.put(f"/api/v1/events/{event.pk}/prizes/", lines, format="json").status_code == 400
    assert client.get(f"/api/v1/events/{event.pk}/prizes/").json()["lines"] == []


def test_prizes_are_shown_before_the_event_and_paid_out_by_placing():
    event = EventFactory()
    teams = [RegistrationFactory(event=event) for _ in range(3)]
    lines = {
        "lines": [
            {"item": "Trophy", "amount": "1", "place_from": 1},
            {"item": "Store credit", "amount": "20", "place_from": 1, "place_to": 2, "divisible": True},
        ]
    }
    assert _client(event.organizer).put(f"/api/v1/events/{event.pk}/prizes/", lines, format="json").status_code == 200
    shown = _client().get(f"/api/v1/events/{event.pk}/prizes/").json()
    assert [line["item"] for line in shown["lines"]] == ["Trophy", "Store credit"]
    # Before a result counts nobody has placed: no prize goes to anyone yet (issue 56).
    assert _client().get(f"/api/v1/events/{event.pk}/prizes/payouts").json() == []
    event, teams, _rounds = build_event(teams=4, rounds=1)
    assert _client(event.organizer).put(f"/api/v1/events/{event.pk}/prizes/", lines, format="json").status_code == 200
    payouts = _client().get(f"/api/v1/events/{event.pk}/prizes/payouts").json()
    assert [(row["place"], row["item"]) for row in payouts] == [(1, "Trophy"), (1, "Store credit"), (2, "Store credit")]
    assert {row["registration"] for row in payouts} <= {team.pk for team in teams}


@pytest.mark.parametrize("teams", [2, 12])
def test_the_fees_list_costs_the_same_queries_for_any_number_of_teams(teams, django_assert_max_num_queries):
    event = EventFactory()
    registrations = [RegistrationFactory(event=event) for _ in range(teams)]
    for registration in registrations[::2]:
        registration_payment_mark(registration=registration, status="paid", by=event.organizer)
    client = _client(event.organizer)
    client.get(f"/api/v1/events/{event.pk}/fees/")  # the session and the rights' caches warm up
    with django_assert_max_num_queries(8):
        body = client.get(f"/api/v1/events/{event.pk}/fees/").json()
    assert len(body["payments"]) == teams
