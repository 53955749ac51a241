"""Admin saves and deletes that change what a scoreboard shows bump the event's version (ETags, live pages)."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, OrganizerFactory, RegistrationFactory
from tests.tournaments.test_admin import _event_post
from tournaments.enums import EventStatus
from tournaments.models import Event, Round
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def _version(event) -> int:
    return Event.objects.values_list("version", flat=True).get(pk=event.pk)


def _event(teams=4):
    event = EventFactory()
    return event, [RegistrationFactory(event=event) for _ in range(teams)]


def test_event_top_cut_edit_bumps_the_version(client, organizer):
    event, _ = _event()
    before = _version(event)
    response = client.post(reverse("admin:tournaments_event_change", args=[event.pk]), _event_post(event, top_cut=4))
    assert response.status_code == 302
    assert _version(event) == before + 1
    assert Event.objects.get(pk=event.pk).top_cut == 4


def test_team_rename_bumps_every_event_it_plays_in(client, organizer):
    event, registrations = _event(teams=1)
    other = RegistrationFactory(team=registrations[0].team)
    before, other_before = _version(event), _version(other.event)
    response = client.post(
        reverse("admin:tournaments_team_change", args=[registrations[0].team_id]), {"name": "Renamed"}
    )
    assert response.status_code == 302
    assert (_version(event), _version(other.event)) == (before + 1, other_before + 1)


def test_round_page_match_edit_bumps_the_version(client, organizer):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    matches = list(round_.matches.order_by("table"))
    data = {
        "event": event.pk,
        "number": 1,
        "kind": "swiss",
        "seed": 1,
        "matches-TOTAL_FORMS": 2,
        "matches-INITIAL_FORMS": 2,
        "matches-MIN_NUM_FORMS": 0,
        "matches-MAX_NUM_FORMS": 1000,
    }
    for i, match in enumerate(matches):
        data.update(
            {
                f"matches-{i}-id": match.pk,
                f"matches-{i}-round": round_.pk,
                f"matches-{i}-table": match.table + 10,
                f"matches-{i}-team_a": match.team_a_id,
                f"matches-{i}-team_b": match.team_b_id,
            }
        )
    before = _version(event)
    response = client.post(reverse("admin:tournaments_round_change", args=[round_.pk]), data)
    assert response.status_code == 302
    assert sorted(round_.matches.values_list("table", flat=True)) == [11, 12]
    assert _version(event) > before


def test_round_delete_bumps_the_version(client, organizer):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    before = _version(event)
    response = client.post(reverse("admin:tournaments_round_delete", args=[round_.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not Round.objects.filter(pk=round_.pk).exists()
    assert _version(event) == before + 1


def test_registration_edit_bumps_the_version(client, organizer):
    event, registrations = _event(teams=1)
    registration = registrations[0]
    seats = list(registration.seats.all())
    data = {
        "team": registration.team_id,
        "joined_round": 2,
        "seats-TOTAL_FORMS": 3,
        "seats-INITIAL_FORMS": 3,
        "seats-MIN_NUM_FORMS": 0,
        "seats-MAX_NUM_FORMS": 1000,
    }
    for i, seat in enumerate(seats):
        data.update(
            {
                f"seats-{i}-id": seat.pk,
                f"seats-{i}-registration": registration.pk,
                f"seats-{i}-letter": seat.letter,
                f"seats-{i}-player": seat.player_id,
            }
        )
    before = _version(event)
    response = client.post(reverse("admin:tournaments_registration_change", args=[registration.pk]), data)
    assert response.status_code == 302
    assert _version(event) == before + 1


def test_event_status_edit_bumps_the_version(client, organizer):
    event, _ = _event()
    before = _version(event)
    client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]), _event_post(event, status=EventStatus.RUNNING)
    )
    assert _version(event) == before + 1


def test_event_finished_in_the_admin_closes_its_last_round(client, organizer):
    event, _ = _event()
    round_ = round_pair_next(event=event, seed=1)
    event.refresh_from_db()
    response = client.post(
        reverse("admin:tournaments_event_change", args=[event.pk]), _event_post(event, status=EventStatus.FINISHED)
    )
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.is_finished
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED
