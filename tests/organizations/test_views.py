"""The organizations pages: create an organization, add stores and members (owners only), the console's events by
store, a new event at a store, and a store's public page."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from organizations.models import EventLocation, Location, Membership, Organization
from tests.factories import UserFactory
from tests.series.conftest import store_organizer
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_an_organizer_creates_an_organization_adds_a_store_and_a_member(client):
    owner = store_organizer()
    UserFactory(username="sam", email="sam@example.org")
    client.force_login(owner)
    response = client.post(reverse("organizations:new"), {"name": "Dragon's Lair"})
    organization = Organization.objects.get(name="Dragon's Lair")
    assert response.status_code == 302 and response.url == reverse("organizations:organization", args=[organization.pk])
    client.post(
        reverse("organizations:location_add", args=[organization.pk]),
        {"name": "Lair Berlin", "address": "Torstr. 1", "time_zone": "Europe/Berlin"},
    )
    client.post(
        reverse("organizations:member_add", args=[organization.pk]), {"who": "SAM@example.org", "role": "scorekeeper"}
    )
    assert Location.objects.get(organization=organization).time_zone == "Europe/Berlin"
    assert Membership.objects.get(organization=organization, user__username="sam").role == "scorekeeper"
    page = client.get(reverse("organizations:organization", args=[organization.pk])).text
    assert "Lair Berlin" in page and "sam" in page and "Store added: Lair Berlin" in page


def test_a_bad_member_is_refused_on_the_page_with_the_reason(client, network):
    client.force_login(network.owner)
    response = client.post(
        reverse("organizations:member_add", args=[network.first.pk]), {"who": "ghost", "role": "judge"}
    )
    assert response.status_code == 400 and "signs up first" in response.text


def test_only_owners_add_members_and_outsiders_see_nothing(client, network):
    n = network
    client.force_login(n.keeper)
    page = client.get(reverse("organizations:organization", args=[n.first.pk])).text
    assert 'id="member-add"' not in page
    response = client.post(reverse("organizations:member_add", args=[n.first.pk]), {"who": "judge", "role": "owner"})
    assert response.status_code == 400 and Membership.objects.get(user=n.judge).role == "judge"
    client.force_login(n.rival)
    assert client.get(reverse("organizations:organization", args=[n.first.pk])).status_code == 404
    response = client.post(
        reverse("organizations:member_add", args=[n.first.pk]), {"who": "rivalkeeper", "role": "owner"}
    )
    assert response.status_code == 404 and not Membership.objects.filter(organization=n.first, user=n.rival_keeper)


def test_the_console_lists_the_organizations_events_by_store(client, network):
    n = network
    client.force_login(n.keeper)
    page = client.get(reverse("desk:organize")).text
    section = page.split(f'id="organization-{n.first.pk}"', 1)[1].split("</section>", 1)[0]
    berlin = section.split(f'id="store-{n.berlin.pk}"', 1)[1].split("<h3", 1)[0]
    munich = section.split(f'id="store-{n.munich.pk}"', 1)[1]
    assert "Berlin Friday" in berlin and "Munich Friday" not in berlin
    assert "Munich Friday" in munich and "Berlin Friday" not in munich
    assert "Cave Thursday" not in page and f'id="organization-{n.second.pk}"' not in page


def test_a_new_event_at_one_of_the_organizations_stores(client, network):
    n = network
    client.force_login(n.owner)
    form = client.get(reverse("desk:event_new")).text
    assert "Dragon&#x27;s Lair: Lair Berlin" in form and "Cave" not in form
    response = client.post(
        reverse("desk:event_new"),
        {
            "name": "Store Championship",
            "date": (timezone.localdate() + dt.timedelta(days=14)).isoformat(),
            "preset": "team_constructed",
            "expected_teams": 8,
            "round_minutes": 50,
            "constructed_format": "modern",
            "enforcement_level": "regular",
            "is_public": "on",
            "store": n.munich.pk,
            "start_time": "11:00",
        },
    )
    assert response.status_code == 302, response.text[:3000]
    event = Event.objects.get(name="Store Championship")
    link = EventLocation.objects.get(event=event)
    assert (link.location, link.start_time) == (n.munich, dt.time(11, 0))


def test_another_organizations_store_is_no_choice(client, network):
    client.force_login(network.owner)
    response = client.post(
        reverse("desk:event_new"),
        {
            "name": "Sneaky",
            "date": timezone.localdate().isoformat(),
            "preset": "team_constructed",
            "expected_teams": 8,
            "round_minutes": 50,
            "constructed_format": "modern",
            "enforcement_level": "regular",
            "store": network.cave.pk,
        },
    )
    assert response.status_code == 400 and not Event.objects.filter(name="Sneaky").exists()


def test_the_store_page_is_public_and_lists_its_coming_public_events(client, network):
    n = network
    n.at_munich.is_public = False
    n.at_munich.save()
    page = client.get(reverse("organizations:store", args=[n.berlin.pk])).text
    assert "Lair Berlin" in page and "Torstr. 1" in page and "Berlin Friday" in page and "19:00" in page
    assert reverse("organizations:store_calendar", args=[n.berlin.pk]) in page
    assert "Munich Friday" not in client.get(reverse("organizations:store", args=[n.munich.pk])).text
