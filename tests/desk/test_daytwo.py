"""The Day 2 cut on the desk (issue 42): the panel's preview, making it from the desk, undoing it, who may; the
standings' filter and the player's page that says they did not advance (team events: the team did not)."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, EventStaffFactory, OrganizerFactory, RegistrationFactory, UserFactory
from tournaments.enums import Outcome, ResultState
from tournaments.enums import Structure
from tournaments.models import Event, EventLogEntry, Phase, Player, Registration
from tournaments.selectors.placements import placements_for_event
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
    Event.objects.filter(pk=event.pk).update(day2_cut_round=1, day2_cut_kind="record", day2_cut_threshold=0)
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


def test_the_panel_is_only_on_the_desk_of_an_event_with_a_day_2_cut_or_phases(client):
    """An 8-player FNM and a Commander night have no Day 2: their desks show no cut panel (issue 56); setting the
    cut, or a phase plan, brings it."""
    event, organizer = _event()
    commander = EventFactory(organizer=organizer, team_size=1, structure=Structure.MULTIPLAYER_PODS)
    client.force_login(organizer)
    desk = reverse("desk:desk", args=[event.pk])
    assert 'id="day2-cut"' not in client.get(desk).text
    assert 'id="day2-cut"' not in client.get(reverse("desk:desk", args=[commander.pk])).text
    Event.objects.filter(pk=event.pk).update(day2_cut_round=2, day2_cut_kind="record", day2_cut_threshold=1)
    assert 'id="day2-cut-form"' in client.get(desk).text
    Event.objects.filter(pk=event.pk).update(day2_cut_round=None, day2_cut_kind="", day2_cut_threshold=None)
    Phase.objects.create(event=event, number=1, name="Day 1", format_kind=event.format_kind, rounds=2)
    assert 'id="day2-cut-form"' in client.get(desk).text


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
    # My events says it too, instead of "You don't play in this round", with the record and the placing: the four
    # left out after a 1-0 / 0-1 round place 5th to 8th, the one here 0-1-0.
    place = next(p.place for p in placements_for_event(event=event) if p.team == out.pk)
    assert 5 <= place <= 8
    record = "Your record" if team_size == 1 else "Your team's record"
    for url in (reverse("portal:home"), reverse("portal:event", args=[event.pk])):
        page = client.get(url).text
        assert words in page and f"{record}: 0-1-0 (wins-losses-draws), place {place}." in page, page[
            page.find("<main") :
        ]
        assert "play in this round" not in page
    listed = client.get(reverse("portal:standings", args=[event.pk]), {"show": "not_advanced"}).text
    assert out.team.name in listed and kept.team.name not in listed and "did not advance after round 1" in listed
    day2 = client.get(reverse("portal:standings", args=[event.pk]), {"show": "advanced"}).text
    assert kept.team.name in day2 and out.team.name not in day2
