"""Malformed event files (issue 39): a 400 that names the field, and nothing written, on /events/import and
/events/{id}/replace."""

import copy

import pytest
from rest_framework.test import APIClient

from drafting.models import DraftCard, DraftTable
from eventfile.export import event_export
from tests.api.conftest import build_event
from tests.eventfile.test_roundtrip import _rich_event
from tests.factories import OrganizerTokenFactory
from tournaments.models import Event, EventLogEntry, Registration

pytestmark = pytest.mark.django_db


def _counts() -> tuple[int, ...]:
    return (
        Event.objects.count(),
        Registration.objects.count(),
        DraftTable.objects.count(),
        DraftCard.objects.count(),
        EventLogEntry.objects.count(),
    )


def _broken(document: dict, how: str) -> tuple[dict, str]:
    """The document broken one way, and the field the answer must name."""
    document = copy.deepcopy(document)
    if how == "nul in a team's name":
        document["teams"][1]["name"] = "Nul\x00Team"
        return document, "teams[1].name"
    if how == "nul in the event's name":
        document["event"]["name"] = "Friday\x00Open"
        return document, "event.name"
    if how == "negative pack index":
        document["draft_tables"][0]["cards"][0]["pack_index"] = -5
        return document, "draft_tables[0].cards[0].pack_index"
    if how == "exploded table":
        document["draft_tables"][0]["status"] = "exploded"
        return document, "draft_tables[0].status"
    if how == "version true":
        document["version"] = True
        return document, "version"
    if how == "version 1.0":
        document["version"] = 1.0
        return document, "version"
    if how == "two cards at one place":
        document["draft_tables"][0]["cards"][1]["position"] = document["draft_tables"][0]["cards"][0]["position"]
        return document, "draft_tables[0].cards[1]"
    raise AssertionError(how)


HOW = [
    "nul in a team's name",
    "nul in the event's name",
    "negative pack index",
    "exploded table",
    "version true",
    "version 1.0",
    "two cards at one place",
]


@pytest.fixture
def organizer():
    token = OrganizerTokenFactory()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.raw}")
    return token, api


@pytest.mark.parametrize("how", HOW)
def test_a_malformed_import_is_a_400_naming_the_field_and_writes_nothing(how, organizer):
    _token, api = organizer
    document, field = _broken(event_export(event=_rich_event()), how)
    before = _counts()
    answer = api.post("/api/v1/events/import", document, format="json")
    assert answer.status_code == 400, answer.content[:500]
    errors = answer.json()["errors"]
    assert any(key == field or key.startswith(field + ".") for key in errors), errors
    assert _counts() == before


@pytest.mark.parametrize("how", HOW)
def test_a_malformed_replace_is_a_400_naming_the_field_and_changes_nothing(how, organizer):
    token, api = organizer
    target, _registrations, _rounds = build_event(teams=3, rounds=1, top_cut=0)
    Event.objects.filter(pk=target.pk).update(organizer=token.user)
    document, field = _broken(event_export(event=_rich_event()), how)
    before, exported = _counts(), event_export(event=target)
    answer = api.post(f"/api/v1/events/{target.pk}/replace", document, format="json")
    assert answer.status_code == 400, answer.content[:500]
    assert any(key == field or key.startswith(field + ".") for key in answer.json()["errors"])
    assert _counts() == before and event_export(event=target) == exported


def test_the_version_must_be_one_the_importer_reads(organizer):
    _token, api = organizer
    document = event_export(event=_rich_event())
    for version in (3, "2", None, 0):
        answer = api.post("/api/v1/events/import", {**document, "version": version}, format="json")
        assert answer.status_code == 400 and "version" in answer.json()["errors"]
    assert api.post("/api/v1/events/import", {**document, "version": 2}, format="json").status_code == 201


@pytest.mark.parametrize(
    "change",
    [
        {"penalties": 5},
        {"staff": [{"user": ["root"], "role": "judge"}]},
        {
            "decklist_changes": [
                {
                    "decklist": {"team": "Team 0", "seat": ["A"]},
                    "text": "x",
                    "main": {},
                    "sideboard": {},
                    "submitted_at": "2024-03-01T10:00:00+00:00",  # a fixed moment: only the shape is wrong
                    "reason": "",
                }
            ]
        },
        {"games": [{"match": {"round": [1], "table": 1}, "number": 1}]},
        {"pods": [{"number": 1, "teams": "all", "cards": [{"team": [0]}]}]},
    ],
)
def test_parts_of_the_wrong_shape_are_a_400(change, organizer):
    _token, api = organizer
    document = {**event_export(event=_rich_event()), **change}
    before = _counts()
    answer = api.post("/api/v1/events/import", document, format="json")
    assert answer.status_code == 400, answer.content[:500]
    assert any(key.startswith(next(iter(change))) for key in answer.json()["errors"]), answer.json()
    assert _counts() == before
