"""Idempotency-Key can't disagree with the schema (issue 55): every operation that declares the header honours it,
and honours it before anything else, so a retried call answers as the first did and writes nothing twice."""

from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

import api.views
from api.idempotency import honours_idempotency_key
from api.models import IdempotencyKey
from tests.api.test_organizer_api import add_teams, auth
from tests.factories import EventFactory, OrganizerTokenFactory, RegistrationFactory
from tournaments.models import AvoidedPairing, EventLogEntry

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch", "delete")


def _views_by_path(generator: SchemaGenerator) -> dict[str, type]:
    return {path: type(view) for path, _pattern, _method, view in generator._get_paths_and_endpoints()}


def test_every_operation_that_declares_the_key_honours_it_and_no_other():
    generator = SchemaGenerator()
    schema = generator.get_schema(request=None, public=True)
    views = _views_by_path(generator)
    declared, honoured = set(), set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in WRITES:
                continue
            if any(p["name"] == "Idempotency-Key" for p in operation.get("parameters", [])):
                declared.add((path, method))
            if honours_idempotency_key(views[path], method):
                honoured.add((path, method))
    assert declared and declared == honoured
    # The four that advertised the key and didn't honour it do now.
    for path, method in (
        ("/api/v1/events/{event_id}/avoided-pairings/", "delete"),
        ("/api/v1/events/{event_id}/cut/", "delete"),
        ("/api/v1/events/{event_id}/fees/", "patch"),
        ("/api/v1/events/{event_id}/fees/{registration_id}", "patch"),
    ):
        assert (path, method) in honoured, (path, method)


def test_no_api_view_honours_the_key_by_hand():
    """The decorator is the one way in: a view that called `idempotent()` itself would honour a key the schema
    doesn't state."""
    for module in Path(api.views.__file__).parent.glob("*.py"):
        text = module.read_text()
        assert "idempotent(" not in text and "idempotent = True" not in text, module.name


def _retried(call, key: str):
    first, second = call(HTTP_IDEMPOTENCY_KEY=key), call(HTTP_IDEMPOTENCY_KEY=key)
    assert second.status_code == first.status_code, (first.content, second.content)
    assert (second.content and second.json()) == (first.content and first.json())  # the stored body is JSON
    assert second["Idempotent-Replayed"] == "true"
    return first


def test_a_retried_delete_of_an_avoided_pairing_answers_as_the_first_time(api):
    organizer = OrganizerTokenFactory()
    event = EventFactory(organizer=organizer.user, swiss_rounds=3)
    a, b = add_teams(api, organizer, event, 2)
    url = f"/api/v1/events/{event.pk}/avoided-pairings/"
    assert api.post(url, {"teams": [a, b]}, format="json", **auth(organizer)).status_code == 201
    logged = EventLogEntry.objects.filter(event=event).count()
    first = _retried(
        lambda **key: api.delete(url, {"teams": [a, b]}, format="json", **auth(organizer), **key), "remove-a-b"
    )
    assert first.status_code == 204
    assert not AvoidedPairing.objects.exists()
    assert EventLogEntry.objects.filter(event=event).count() == logged + 1  # removed once
    # Without the key the same request is a new one: nothing left to remove.
    assert api.delete(url, {"teams": [a, b]}, format="json", **auth(organizer)).status_code == 404


def test_retried_fee_and_payment_writes_answer_the_same_and_write_once():
    event = EventFactory()
    team = RegistrationFactory(event=event)
    client = APIClient()
    client.force_login(event.organizer)
    fees = f"/api/v1/events/{event.pk}/fees/"
    first = _retried(
        lambda **key: client.patch(fees, {"amount": "4.50", "currency": "usd"}, format="json", **key), "fee-1"
    )
    assert first.status_code == 200
    logged = EventLogEntry.objects.filter(event=event).count()
    first = _retried(lambda **key: client.patch(f"{fees}{team.pk}", {"status": "paid"}, format="json", **key), "paid-1")
    assert first.status_code == 200
    assert EventLogEntry.objects.filter(event=event).count() == logged + 1
    assert IdempotencyKey.objects.count() == 2
