"""The desk of a pod event (desk/views/multiplayer.py) and the 'Commander night' preset of /events/new/."""

import pytest
from django.urls import reverse

from multiplayer.models import MultiplayerTable, MultiplayerTableState
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory
from tournaments.enums import Structure
from tournaments.models import Event, EventLogEntry
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


def test_commander_night_preset_makes_a_pod_event_with_the_chosen_points(client):
    user = UserFactory(username="nora")
    organizer_role_grant(user=user)
    client.force_login(user)
    response = client.post(
        reverse("desk:event_new"),
        {
            "name": "Commander Night",
            "date": "2026-12-05",
            "preset": "commander_night",
            "expected_teams": "13",
            "round_minutes": "75",
            "enforcement_level": "regular",
            "is_public": "on",
            "pod_size": "4",
            "pod_leftovers": "larger",
            "pod_scoring": "standard",
        },
    )
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    event = Event.objects.get(name="Commander Night")
    assert (event.structure, event.team_size, event.pod_size, event.pod_leftovers, event.top_cut) == (
        Structure.MULTIPLAYER_PODS,
        1,
        4,
        "larger",
        4,
    )
    assert (event.pod_win_points, event.pod_draw_points, event.pod_loss_points) == (3, 1, 0)
    settings = client.get(reverse("desk:event_settings", args=[event.pk]))
    assert settings.status_code == 200 and 'name="pod_size"' in settings.text


def test_the_desk_seats_a_round_and_enters_a_pod_in_one_line(client):
    event = PodEventFactory()
    for _ in range(8):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    client.force_login(event.organizer)
    url = reverse("desk:tables", args=[event.pk])
    client.post(url, {"seat": "1"})
    assert MultiplayerTable.objects.filter(round__event=event).count() == 2
    page = client.get(url)
    assert page.status_code == 200 and 'id="desk-pod-2"' in page.text
    client.post(url, {"line": "2 3"})
    table = MultiplayerTable.objects.get(round__event=event, number=2)
    assert table.state == MultiplayerTableState.FINAL and table.seats.get(position=3).outcome == "W"
    refused = client.post(url, {"line": "9 1"}, follow=True)
    assert "no pod 9" in refused.text
    slips = client.get(reverse("desk:table_slips", args=[event.pk, 1]))
    assert slips.status_code == 200 and slips.text.count('class="slip"') == 2
    assert EventLogEntry.objects.filter(event=event, action="result_final", user=event.organizer).exists()


def test_the_pod_desk_is_no_page_for_players_or_other_events(client):
    event = PodEventFactory()
    client.force_login(UserFactory())
    assert client.get(reverse("desk:tables", args=[event.pk])).status_code == 404
    client.force_login(event.organizer)
    other = PodEventFactory(organizer=event.organizer, structure=Structure.SEAT_AGAINST_SEAT)
    assert client.get(reverse("desk:tables", args=[other.pk])).status_code == 404


def test_the_projector_shows_a_pod_events_pods_and_standings(client):
    event = PodEventFactory()
    names = [f"Pilot {i}" for i in range(5)]
    for name in names:
        RegistrationFactory(event=event, seats=[PlayerFactory()], team__name=name)
    client.force_login(event.organizer)
    client.post(reverse("desk:tables", args=[event.pk]), {"seat": "1"})
    page = client.get(reverse("desk:screen", args=[event.pk])).text
    tables = page.split('id="screen-pods"')[1].split("</section>")[0]
    assert all(name in tables for name in names) and "1. " in tables
    assert "Pairings appear here" not in page


def test_the_desks_next_step_for_a_pod_event_leads_to_its_pods_page(client):
    event = PodEventFactory()
    client.force_login(event.organizer)
    page = client.get(reverse("desk:desk", args=[event.pk])).text
    assert f'id="next-step" href="{reverse("desk:tables", args=[event.pk])}"' in page
    assert "Seat round 1" in page


def test_the_desk_pod_addresses_of_before_issue_55_lead_to_the_table_pages(client):
    """desk/pods/ and rounds/<n>/pod-slips/ moved to desk/tables/ and table-slips/ (301, for one release); a seat or a
    line posted to the old address still counts, for whoever may work the desk only."""
    event = PodEventFactory()
    for _ in range(8):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    client.force_login(UserFactory())
    assert client.post(f"/events/{event.pk}/desk/pods/", {"seat": "1"}).status_code == 404
    client.force_login(event.organizer)
    old = client.get(f"/events/{event.pk}/desk/pods/")
    assert (old.status_code, old["Location"]) == (301, f"/events/{event.pk}/desk/tables/")
    assert client.post(f"/events/{event.pk}/desk/pods/", {"seat": "1"}).status_code == 302
    assert MultiplayerTable.objects.filter(round__event=event).count() == 2
    old = client.get(f"/events/{event.pk}/rounds/1/pod-slips/")
    assert (old.status_code, old["Location"]) == (301, f"/events/{event.pk}/rounds/1/table-slips/")
