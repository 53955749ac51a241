"""Whole events as files (issue 13): export, import, export gives the same document apart from ids."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from drafting.core import draft_log
from eventfile.export import event_export
from eventfile.importer import event_import
from tests.api.conftest import build_event
from tests.factories import DraftCardFactory, DraftTableFactory, OrganizerTokenFactory, UserFactory
from tournaments.models import Decklist, Event, Registration
from tournaments.services.registrations import registration_disqualify, registration_drop

pytestmark = pytest.mark.django_db


def _without_ids(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "source_event_id"}


def _rich_event():
    event, registrations, _rounds = build_event(
        teams=5, rounds=2, top_cut=0, format_kind="team_rochester", constructed_format=""
    )
    registration_drop(registration=registrations[0], after_round=2)
    registration_disqualify(registration=registrations[1], reason="Marked cards in round 2")
    seat = registrations[2].seats.get(letter="A")
    Decklist.objects.create(seat=seat, text="4 Lightning Bolt\n56 Mountain", main={"Lightning Bolt": 4, "Mountain": 56})
    table = DraftTableFactory(event=event, number=1, team1=registrations[3], team2=registrations[4])
    for position in (1, 2, 3):
        DraftCardFactory(table=table, position=position)
    draft_log(table, "start", by=event.organizer, detail="started by the head judge")
    return event


def test_export_import_export_gives_the_same_document_apart_from_ids():
    event = _rich_event()
    first = event_export(event=event)
    owner = UserFactory()
    copy = event_import(document=json.loads(json.dumps(first)), user=owner)
    assert copy.pk != event.pk and copy.organizer == owner
    second = event_export(event=copy)
    assert _without_ids(second) == _without_ids(first)
    assert len(first["teams"]) == 5 and len(first["rounds"]) == 2
    assert first["teams"] and any(t["disqualified"] for t in first["teams"])
    assert any(t["dropped_round"] == 2 and not t["disqualified"] for t in first["teams"])
    assert (
        first["draft_tables"][0]["cards"]
        and first["draft_tables"][0]["log"][0]["detail"] == "started by the head judge"
    )
    assert any(s["decklist"] for t in first["teams"] for s in t["seats"])


def test_a_bad_document_writes_nothing_and_names_each_problem_by_its_place():
    document = event_export(event=_rich_event())
    document["rounds"][1]["matches"][0]["team_b"] = "Nobody"
    document["teams"][0]["seats"][0]["seat"] = "Q"
    document["event"]["swiss_round"] = 3
    before = Event.objects.count(), Registration.objects.count()
    with pytest.raises(Exception) as caught:
        event_import(document=document, user=UserFactory())
    assert "event.swiss_round" in caught.value.message_dict
    assert (Event.objects.count(), Registration.objects.count()) == before
    del document["event"]["swiss_round"]
    with pytest.raises(Exception) as caught:
        event_import(document=document, user=UserFactory())
    assert "teams[0].seats" in caught.value.message_dict
    assert (Event.objects.count(), Registration.objects.count()) == before
    document["teams"][0]["seats"][0]["seat"] = "A"
    with pytest.raises(Exception) as caught:
        event_import(document=document, user=UserFactory())
    assert "rounds[1].matches[0].team_b" in caught.value.message_dict
    assert (Event.objects.count(), Registration.objects.count()) == before


def test_results_that_contradict_their_seats_are_refused():
    document = event_export(event=_rich_event())
    match = next(m for m in document["rounds"][0]["matches"] if m["team_b"])
    match["outcome"] = "B"  # the seats say 2-1 for team A
    with pytest.raises(Exception) as caught:
        event_import(document=document, user=UserFactory())
    assert any(".outcome" in key for key in caught.value.message_dict)


def test_commands_export_and_import(tmp_path):
    event = _rich_event()
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), "-o", str(path), stderr=StringIO())
    UserFactory(username="carol")
    out = StringIO()
    call_command("import_event", str(path), "--organizer", "carol", stdout=out, stderr=StringIO())
    copy = Event.objects.get(pk=int(out.getvalue()))
    assert copy.organizer.username == "carol"
    assert _without_ids(event_export(event=copy)) == _without_ids(json.loads(path.read_text()))


def test_api_export_is_the_organizers_and_import_recreates_under_the_caller():
    from rest_framework.test import APIClient

    api = APIClient()
    token = OrganizerTokenFactory()
    event = _rich_event()
    Event.objects.filter(pk=event.pk).update(organizer=token.user)
    auth = {"HTTP_AUTHORIZATION": f"Token {token.raw}"}
    assert api.get(f"/api/v1/events/{event.pk}/export").status_code in (401, 403)
    other = OrganizerTokenFactory()
    assert api.get(f"/api/v1/events/{event.pk}/export", HTTP_AUTHORIZATION=f"Token {other.raw}").status_code == 404
    exported = api.get(f"/api/v1/events/{event.pk}/export", **auth)
    assert exported.status_code == 200
    created = api.post("/api/v1/events/import", exported.json(), format="json", HTTP_AUTHORIZATION=f"Token {other.raw}")
    assert created.status_code == 201, created.json()
    copy = Event.objects.get(pk=created.json()["id"])
    assert copy.organizer == other.user
    bad = api.post(
        "/api/v1/events/import",
        {"format": "something else", "version": 1, "event": {}, "teams": [], "rounds": []},
        format="json",
        **auth,
    )
    assert bad.status_code == 400 and "format" in bad.json()["errors"]
