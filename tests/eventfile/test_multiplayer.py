"""A multiplayer pod event in the event file (issue 43): its pods, seats, outcomes and byes go out and come back."""

import json

import pytest

from eventfile.export import event_export
from eventfile.importer import event_import
from multiplayer.models import MultiplayerBye, MultiplayerSeat
from multiplayer.selectors import multiplayer_standings_data, round_multiplayer_tables
from multiplayer.services import table_result_enter_line, tables_pair_next
from tests.factories import PlayerFactory, PodEventFactory, RegistrationFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_pod_event_exports_and_imports_with_its_pods_byes_and_standings():
    event = PodEventFactory(pod_leftovers="byes")
    for _ in range(9):
        RegistrationFactory(event=event, seats=[PlayerFactory()])
    round_ = tables_pair_next(event=event, by=event.organizer, seed=4)
    for table in round_multiplayer_tables(round_=round_):
        table_result_enter_line(event=event, by=event.organizer, line=f"{table.number} 2")
    first = event_export(event=event)
    assert len(first["multiplayer_pods"]) == 2 and len(first["pod_byes"]) == 1
    assert {s["outcome"] for p in first["multiplayer_pods"] for s in p["seats"]} == {"W", "L"}
    copy = event_import(document=json.loads(json.dumps(first)), user=UserFactory())
    assert copy.is_multiplayer and copy.pod_leftovers == "byes"
    assert MultiplayerSeat.objects.filter(table__round__event=copy).count() == 8
    assert MultiplayerBye.objects.filter(round__event=copy).count() == 1
    standings = [(r["name"], r["points"], r["opponents"]["exact"]) for r in multiplayer_standings_data(event=event)]
    again = [(r["name"], r["points"], r["opponents"]["exact"]) for r in multiplayer_standings_data(event=copy)]
    assert sorted(again) == sorted(standings)
    second = event_export(event=copy)
    assert second["multiplayer_pods"] == [
        {
            **p,
            "reported_by": second["multiplayer_pods"][0]["reported_by"],
            "confirmed_by": second["multiplayer_pods"][0]["confirmed_by"],
        }
        for p in first["multiplayer_pods"]
    ]
