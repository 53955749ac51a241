"""The event file carries the pairing constraints (issue 42): byes in advance, fixed tables, pairings to avoid."""

import json

import pytest
from django.core.exceptions import ValidationError

from eventfile.export import event_export
from eventfile.importer import event_import
from tests.api.conftest import build_event
from tests.factories import UserFactory
from tournaments.models import AvoidedPairing

pytestmark = pytest.mark.django_db


def _constrained_event():
    event, registrations, _rounds = build_event(teams=4, rounds=1, top_cut=0)
    first, second, third, _fourth = registrations
    first.byes_in_advance, first.fixed_table = 2, 7
    first.save()
    AvoidedPairing.objects.create(event=event, first=second, second=third)
    return event


def test_constraints_survive_export_and_import():
    event = _constrained_event()
    document = event_export(event=event)
    copy = event_import(document=json.loads(json.dumps(document)), user=UserFactory())
    again = event_export(event=copy)
    assert [(t["name"], t["byes_in_advance"], t["fixed_table"], t["avoid"]) for t in again["teams"]] == [
        (t["name"], t["byes_in_advance"], t["fixed_table"], t["avoid"]) for t in document["teams"]
    ]
    assert sum(t["byes_in_advance"] for t in again["teams"]) == 2
    assert AvoidedPairing.objects.filter(event=copy).count() == 1


@pytest.mark.parametrize(
    ("key", "value"), [("byes_in_advance", 4), ("fixed_table", 0), ("avoid", ["Nobody here"]), ("avoid", "not a list")]
)
def test_bad_constraints_in_a_file_are_named_and_nothing_is_imported(key, value):
    document = json.loads(json.dumps(event_export(event=_constrained_event())))
    document["teams"][0][key] = value
    with pytest.raises(ValidationError) as error:
        event_import(document=document, user=UserFactory())
    assert any(name.startswith("teams[0]") for name in error.value.message_dict)


def test_two_teams_on_one_fixed_table_are_refused():
    document = json.loads(json.dumps(event_export(event=_constrained_event())))
    document["teams"][1]["fixed_table"] = document["teams"][0]["fixed_table"] = 3
    with pytest.raises(ValidationError) as error:
        event_import(document=document, user=UserFactory())
    assert "teams[1].fixed_table" in error.value.message_dict
