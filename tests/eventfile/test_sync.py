"""Moving an event between Hydras: fingerprints, what differs, and replacing an event from a file (same id)."""

import copy

import pytest

from eventfile.export import event_export
from eventfile.importer import event_replace
from eventfile.sync import event_file_differences, event_file_fingerprint
from judging.models import Penalty
from tests.api.conftest import build_event
from tests.eventfile.test_roundtrip import _rich_event, _without_ids
from tests.factories import OrganizerTokenFactory
from tournaments.models import Event, EventLogEntry, Registration
from webhooks.models import Webhook

pytestmark = pytest.mark.django_db


def test_fingerprint_ignores_ids_and_the_log_but_not_a_result():
    document = event_export(event=_rich_event())
    same = {**copy.deepcopy(document), "source_event_id": 999, "log": []}
    assert event_file_fingerprint(same) == event_file_fingerprint(document)
    document["rounds"][0]["matches"][0]["seats"][0]["wins_b"] = 2
    assert event_file_fingerprint(document) != event_file_fingerprint(same)


def test_differences_name_the_setting_the_team_and_the_table():
    ours = event_export(event=_rich_event())
    theirs = event_export(event=Event.objects.get(pk=ours["source_event_id"]))
    theirs["event"]["location"] = "Hall B"
    theirs["teams"] = theirs["teams"][1:]
    match = theirs["rounds"][1]["matches"][0]
    match["seats"][0]["wins_a"], match["seats"][0]["wins_b"] = 0, 2
    lines = event_file_differences(ours=ours, theirs=theirs)
    assert "event location: here 'Game Store', there 'Hall B'" in lines
    assert f"team {ours['teams'][0]['name']!r}: only here" in lines
    assert any(line.startswith("round 2 table 1 (") and "there" in line and "A 0-2" in line for line in lines)


def test_replace_keeps_the_events_id_and_what_the_file_does_not_carry():
    source = _rich_event()
    target, _registrations, _rounds = build_event(teams=3, rounds=1, top_cut=0)
    hook = Webhook.objects.create(
        owner=target.organizer, event=target, url="http://127.0.0.1:1/x", topics=["round.paired"]
    )
    EventLogEntry.objects.create(event=target, action="dropped", message="kept in the log")
    document = event_export(event=source)
    replaced = event_replace(event=target, document=document, user=target.organizer)
    assert replaced.pk == target.pk and replaced.organizer == target.organizer
    again = event_export(event=replaced)
    assert {k: v for k, v in _without_ids(again).items() if k != "log"} == {
        k: v for k, v in _without_ids(document).items() if k != "log"
    }
    assert Webhook.objects.filter(pk=hook.pk, event=target).exists()
    assert Event.objects.count() == 2  # no copy left behind
    messages = list(EventLogEntry.objects.filter(event=target).values_list("action", flat=True))
    assert "dropped" in messages and messages[-1] == "event_replaced"


def test_replace_carries_the_files_penalties_and_drops_the_ones_it_replaces():
    """A venue's push loses no judge's penalty (issue 39): the file carries them, and replacing swaps them too."""
    source = _rich_event()
    seat = source.registrations.first().seats.first()
    Penalty.objects.create(
        event=source,
        registration=seat.registration,
        player=seat.player,
        infraction="te_slow_play",
        penalty="warning",
        judge=source.organizer,
        note="from the venue",
    )
    target, registrations, _rounds = build_event(teams=3, rounds=1, top_cut=0)
    old = registrations[0].seats.first()
    Penalty.objects.create(
        event=target,
        registration=registrations[0],
        player=old.player,
        infraction="other",
        penalty="warning",
        judge=target.organizer,
        note="replaced",
    )
    event_replace(event=target, document=event_export(event=source), user=target.organizer)
    assert list(
        Penalty.objects.filter(event=target).values_list("note", "registration__team__name", "player__name")
    ) == [("from the venue", seat.registration.team.name, seat.player.name)]
    # Who gave it is recorded as who replaced the event (a file names no account as the actor, issue 37).
    assert [{**p, "judge": None} for p in event_export(event=target)["penalties"]] == [
        {**p, "judge": None} for p in event_export(event=source)["penalties"]
    ]


def test_replace_through_the_api_for_whoever_runs_the_event_only(client):
    source = _rich_event()
    target, _registrations, _rounds = build_event(teams=3, rounds=1, top_cut=0)
    document = event_export(event=source)
    stranger = OrganizerTokenFactory()
    answer = client.post(
        f"/api/v1/events/{target.pk}/replace",
        document,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {stranger.raw}",
    )
    assert answer.status_code == 404
    owner = OrganizerTokenFactory(user=target.organizer)
    answer = client.post(
        f"/api/v1/events/{target.pk}/replace",
        document,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {owner.raw}",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["id"] == target.pk
    assert Registration.objects.filter(event=target).count() == 5
