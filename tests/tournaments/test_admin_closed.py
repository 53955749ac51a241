"""A closed event in the admin (issue 26): its results, drops and pairings are refused there too, with the reason."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.models import TeamMatch
from tournaments.services.events import event_finish
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(client):
    user = OrganizerFactory()
    client.force_login(user)
    event = EventFactory(organizer=user, swiss_rounds=1, top_cut=0)
    registrations = [RegistrationFactory(event=event) for _ in range(4)]
    round_pair_next(event=event, seed=1)
    event_finish(event=event)
    return event, registrations


def _action(client, model, action, ids):
    return client.post(
        reverse(f"admin:tournaments_{model}_changelist"), {"action": action, "_selected_action": ids}, follow=True
    )


def test_admin_refuses_a_drop_and_a_pairing_of_a_closed_event(client, closed):
    event, registrations = closed
    response = _action(client, "registration", "drop_teams", [registrations[0].pk])
    assert "This event is closed" in response.text
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round is None
    response = _action(client, "event", "pair_next_round", [event.pk])
    assert "finished" in response.text and event.rounds.count() == 1


def test_admin_refuses_a_result_of_a_closed_event(client, closed):
    event, _ = closed
    match = TeamMatch.objects.filter(round__event=event).first()
    url = reverse("admin:tournaments_teammatch_change", args=[match.pk])
    page = client.get(url)
    assert page.status_code == 200
    data = {
        "round": match.round_id,
        "table": match.table,
        "team_a": match.team_a_id,
        "team_b": match.team_b_id,
        "seat_matches-TOTAL_FORMS": "3",
        "seat_matches-INITIAL_FORMS": "0",
        "seat_matches-MIN_NUM_FORMS": "0",
        "seat_matches-MAX_NUM_FORMS": "1000",
    }
    for i, letter in enumerate("ABC"):
        data.update(
            {
                f"seat_matches-{i}-letter": letter,
                f"seat_matches-{i}-wins_a": "2",
                f"seat_matches-{i}-wins_b": "0",
                f"seat_matches-{i}-draws": "0",
            }
        )
    response = client.post(url, data)
    assert response.status_code == 200 and "This event is closed" in response.text
    match.refresh_from_db()
    assert match.result_state == "pending" and not match.seat_matches.exists()
