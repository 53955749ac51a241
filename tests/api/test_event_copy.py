""" "Run again" through the API (issue 38): POST /api/v1/events/{id}/copy answers 201 with the new event."""

import pytest

from tests.api.test_organizer_api import EVENT, auth
from tests.factories import OrganizerTokenFactory
from tournaments.models import Event, EventLogEntry

pytestmark = pytest.mark.django_db


def test_copy_answers_201_with_the_new_event_a_week_later(api):
    token = OrganizerTokenFactory()
    source = api.post("/api/v1/events/", EVENT, format="json", **auth(token)).json()
    response = api.post(f"/api/v1/events/{source['id']}/copy", {}, format="json", **auth(token))
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["id"] != source["id"] and body["date"] == "2026-12-11"
    assert {k: v for k, v in body.items() if k not in ("id", "date")} == {
        k: v for k, v in source.items() if k not in ("id", "date")
    }
    entry = EventLogEntry.objects.get(event_id=body["id"])
    assert entry.data == {"copied_from": source["id"]} and "token" in entry.actor


def test_copy_takes_a_date_and_refuses_a_bad_one_writing_nothing(api):
    token = OrganizerTokenFactory()
    source = api.post("/api/v1/events/", EVENT, format="json", **auth(token)).json()
    response = api.post(f"/api/v1/events/{source['id']}/copy", {"date": "2027-01-01"}, format="json", **auth(token))
    assert response.status_code == 201 and response.json()["date"] == "2027-01-01"
    bad = api.post(f"/api/v1/events/{source['id']}/copy", {"date": "next friday"}, format="json", **auth(token))
    assert bad.status_code == 400 and "date" in bad.json()["errors"]
    assert Event.objects.count() == 2


def test_copy_of_an_event_the_caller_doesnt_run_is_404(api):
    source = api.post("/api/v1/events/", EVENT, format="json", **auth(OrganizerTokenFactory())).json()
    response = api.post(f"/api/v1/events/{source['id']}/copy", {}, format="json", **auth(OrganizerTokenFactory()))
    assert response.status_code == 404 and Event.objects.count() == 1
    assert api.post(f"/api/v1/events/{source['id']}/copy", {}, format="json").status_code in (401, 403)
