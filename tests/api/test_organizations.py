"""Organizations through the API (api/views/organizations.py): the caller's organizations, its stores and members
(owners only), and the store an event is held at."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from api.services import api_token_create
from organizations.models import EventLocation, Membership, Organization, OrganizationLogEntry
from tests.factories import EventFactory, UserFactory
from tests.series.conftest import store_organizer

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_api(api):
    owner = store_organizer()
    _token, raw = api_token_create(event=None, user=owner, name="Laptop", organizer=True)
    api.credentials(HTTP_AUTHORIZATION=f"Token {raw}")
    return api, owner


def test_an_organizer_token_builds_an_organization(owner_api):
    api, owner = owner_api
    UserFactory(username="keeper", email="keeper@example.org")
    created = api.post("/api/v1/organizations/", {"name": "Dragon's Lair"}, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    store = api.post(
        f"/api/v1/organizations/{pk}/stores/",
        {"name": "Lair Berlin", "address": "Torstr. 1", "time_zone": "Europe/Berlin"},
        format="json",
    )
    assert store.status_code == 201 and store.json()["time_zone"] == "Europe/Berlin"
    member = api.post(
        f"/api/v1/organizations/{pk}/members/", {"who": "keeper@example.org", "role": "scorekeeper"}, format="json"
    )
    assert member.status_code == 201 and member.json()["username"] == "keeper"
    detail = api.get(f"/api/v1/organizations/{pk}/").json()
    assert [s["name"] for s in detail["stores"]] == ["Lair Berlin"]
    assert {m["username"]: m["role"] for m in detail["members"]} == {owner.username: "owner", "keeper": "scorekeeper"}
    assert [o["id"] for o in api.get("/api/v1/organizations/").json()] == [pk]
    log = OrganizationLogEntry.objects.filter(organization_id=pk)
    assert log.count() == 3 and all(entry.actor.startswith("token Laptop") for entry in log)


def test_bad_input_is_a_400_with_a_message(owner_api):
    api, _owner = owner_api
    pk = api.post("/api/v1/organizations/", {"name": "Lair"}, format="json").json()["id"]
    unknown = api.post("/api/v1/organizations/", {"name": "X", "owner": 1}, format="json")
    assert unknown.status_code == 400 and "owner" in unknown.json()["errors"]
    zone = api.post(f"/api/v1/organizations/{pk}/stores/", {"name": "S", "time_zone": "Mars/Base"}, format="json")
    assert zone.status_code == 400
    nobody = api.post(f"/api/v1/organizations/{pk}/members/", {"who": "ghost", "role": "judge"}, format="json")
    assert nobody.status_code == 400 and "signs up first" in nobody.content.decode()


def test_another_organization_is_404_and_a_non_owner_member_403(api, owner_api):
    owner_client, owner = owner_api
    pk = owner_client.post("/api/v1/organizations/", {"name": "Lair"}, format="json").json()["id"]
    keeper = UserFactory(username="keeper")
    Membership.objects.create(organization_id=pk, user=keeper, role="scorekeeper")
    stranger = store_organizer()
    for person, read, write in ((stranger, 404, 404), (keeper, 200, 403)):
        client = APIClient()
        client.force_login(person)
        assert client.get(f"/api/v1/organizations/{pk}/").status_code == read
        response = client.post(
            f"/api/v1/organizations/{pk}/members/", {"who": "keeper", "role": "owner"}, format="json"
        )
        assert response.status_code == write
    assert Membership.objects.get(user=keeper).role == "scorekeeper"
    assert Organization.objects.count() == 1


def test_an_event_is_put_at_a_store_and_back(owner_api):
    api, owner = owner_api
    pk = api.post("/api/v1/organizations/", {"name": "Lair"}, format="json").json()["id"]
    store = api.post(f"/api/v1/organizations/{pk}/stores/", {"name": "S", "time_zone": "UTC"}, format="json").json()
    event = EventFactory(organizer=owner, date=dt.date(2030, 5, 1))
    response = api.put(f"/api/v1/events/{event.pk}/store", {"store": store["id"], "start_time": "18:30"}, format="json")
    assert response.status_code == 200 and response.json() == {"store": store["id"], "start_time": "18:30:00"}
    assert EventLocation.objects.get(event=event).start_time == dt.time(18, 30)
    assert api.put(f"/api/v1/events/{event.pk}/store", {"store": None}, format="json").json()["store"] is None
    others = EventFactory(date=dt.date(2030, 5, 1))
    assert api.put(f"/api/v1/events/{others.pk}/store", {"store": store["id"]}, format="json").status_code == 404
