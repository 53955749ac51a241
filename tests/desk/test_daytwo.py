"""The Day 2 cut on the desk (issue 42): the panel's preview, making it from the desk, undoing it, who may; the
standings' filter and the player's page that says they did not advance (team events: the team did not)."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, EventStaffFactory, OrganizerFactory, RegistrationFactory, UserFactory
from tournaments.enums import Outcome, ResultState
from tournaments.models import EventLogEntry, Player, Registration
from tournaments.services.rounds import event_pair_next

pytestmark = pytest.mark.django_db


def _event(*, team_size: int = 1, n: int = 8):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=team_size, swiss_rounds=3)
    for _ in range(n):
        RegistrationFactory(event=event)
    round_ = event_pair_next(event=event, user=organizer)
    for match in round_.matches.filter(team_b__isnull=False):
        match.outcome, match.result_state = Outcome.A_WINS, ResultState.FINAL
        match.save(update_fields=["outcome", "result_state"])
    return event, organizer


def test_desk_previews_makes_and_undoes_the_cut(client):
    event, organizer = _event()
    client.force_login(organizer)
    desk = reverse("desk:desk", args=[event.pk])
    url = reverse("desk:day2_cut", args=[event.pk])
    assert 'id="day2-cut-form"' in client.get(desk).text
    response = client.post(url, {"round": "1", "kind": "record", "threshold": "0"})
    assert response.status_code == 302
    assert Registration.objects.filter(event=event, day2_cut_round=1).count() == 4
    assert EventLogEntry.objects.filter(event=event, action="day2_cut", user=organizer).exists()
    page = client.get(desk).text
    assert "4 advance, 4 did not advance" in page and 'id="day2-cut-undo"' in page
    assert client.post(url, {"action": "undo"}).status_code == 302
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()
    page = client.get(desk).text
    assert 'id="day2-cut-preview"' in page and "4 would advance with 3 match points or more" in page


def test_desk_refuses_a_cut_that_lets_nobody_through_with_the_reason(client):
    event, organizer = _event()
    client.force_login(organizer)
    response = client.post(
        reverse("desk:day2_cut", args=[event.pk]), {"round": "1", "kind": "points", "threshold": "3x"}, follow=True
    )
    assert "whole numbers" in response.text
    response = client.post(
        reverse("desk:day2_cut", args=[event.pk]), {"round": "1", "kind": "points", "threshold": "4"}, follow=True
    )
    assert "nobody" in response.text
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()


def test_a_judge_a_scorekeeper_or_a_player_cant_cut(client):
    event, _organizer = _event()
    player_user = UserFactory()
    Player.objects.filter(pk=event.registrations.first().seats.first().player_id).update(user=player_user)
    people = [
        EventStaffFactory(event=event, role="judge").user,
        EventStaffFactory(event=event, role="scorekeeper").user,
        player_user,
    ]
    for person in people:
        client.force_login(person)
        response = client.post(
            reverse("desk:day2_cut", args=[event.pk]), {"round": "1", "kind": "record", "threshold": "0"}
        )
        assert response.status_code == 404
    assert not Registration.objects.filter(event=event, day2_cut_round__isnull=False).exists()


@pytest.mark.parametrize(
    "team_size, words", [(1, "You did not advance to Day 2."), (3, "Your team did not advance to Day 2.")]
)
def test_the_phone_says_who_did_not_advance_and_the_standings_list_them(client, team_size, words):
    event, organizer = _event(team_size=team_size)
    client.force_login(organizer)
    client.post(reverse("desk:day2_cut", args=[event.pk]), {"round": "1", "kind": "record", "threshold": "0"})
    out = Registration.objects.filter(event=event, day2_cut_round=1).first()
    kept = Registration.objects.filter(event=event, day2_cut_round__isnull=True).first()
    user = UserFactory()
    Player.objects.filter(pk=out.seats.first().player_id).update(user=user)
    client.force_login(user)
    page = client.get(reverse("portal:event", args=[event.pk])).text
    assert words in page and 'id="day2-out"' in page and 'id="drop-link"' not in page
    listed = client.get(reverse("portal:standings", args=[event.pk]), {"show": "not_advanced"}).text
    assert out.team.name in listed and kept.team.name not in listed and "did not advance after round 1" in listed
    day2 = client.get(reverse("portal:standings", args=[event.pk]), {"show": "advanced"}).text
    assert kept.team.name in day2 and out.team.name not in day2
