"""The admin is a door for the organizer's operations (issue 55; docs/admin.md): its actions call the desk's services
after the desk's rights, through the one door helper; a refusal is an admin message."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.api.conftest import build_event
from tests.factories import UserFactory
from tournaments.models import EventLogEntry
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


def _organizer(username: str):
    user = UserFactory(username=username)
    organizer_role_grant(user=user)
    return user


def _messages(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_an_admin_action_on_another_organizers_event_is_refused_with_a_message(client):
    alice, bob = _organizer("alice"), _organizer("bob")
    theirs, registrations, _rounds = build_event(teams=4, rounds=1, organizer=alice)
    client.force_login(bob)
    response = client.post(
        reverse("admin:tournaments_registration_changelist"),
        {"action": "drop_teams", "_selected_action": [registrations[0].pk], "select_across": "0", "index": "0"},
        follow=True,
    )
    assert response.status_code == 200
    assert any("you may not manage this event" in m for m in _messages(response)), _messages(response)
    registrations[0].refresh_from_db()
    assert registrations[0].dropped_round is None
    response = client.post(
        reverse("admin:tournaments_event_changelist"),
        {"action": "pair_next_round", "_selected_action": [theirs.pk]},
        follow=True,
    )
    assert any("you may not manage this event" in m for m in _messages(response))
    assert theirs.rounds.count() == 1


def test_an_admin_action_calls_the_desks_service_and_logs_the_same_entry(client):
    alice = _organizer("alice")
    event, registrations, _rounds = build_event(teams=4, rounds=1, organizer=alice)
    client.force_login(alice)
    response = client.post(
        reverse("admin:tournaments_registration_changelist"),
        {"action": "drop_teams", "_selected_action": [registrations[0].pk]},
        follow=True,
    )
    assert response.status_code == 200
    response = client.post(
        reverse("desk:team", args=[event.pk]), {"registration": registrations[1].pk, "action": "drop"}
    )
    assert response.status_code in (200, 302)
    entries = EventLogEntry.objects.filter(event=event, registration__in=registrations[:2]).order_by("pk")
    by_door = [
        (e.action, e.user_id, e.actor, e.kind, e.message.replace(r.team.name, "TEAM"))
        for e, r in zip(entries, registrations[:2], strict=True)
    ]
    assert by_door[0] == by_door[1] and by_door[0][1] == alice.pk
