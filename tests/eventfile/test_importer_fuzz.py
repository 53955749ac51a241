"""Fuzzing the importer (issue 39): a valid event file (of three kinds of event) with some of its values replaced by
any JSON value, sent to /events/import and /events/{id}/replace on PostgreSQL, answers 201/200 or a 400 naming the
field, never a 5xx, and a refused file writes nothing. Bounded: EXAMPLES files per door."""

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from eventfile.export import event_export
from tests.api.conftest import build_event
from tests.eventfile.test_whole_event import _sealed_event, _team_constructed_event, _thg_pods_event
from tests.factories import DraftCardFactory, DraftTableFactory, OrganizerTokenFactory
from tournaments.models import Event, EventLogEntry, Registration

pytestmark = [pytest.mark.services, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("HYDRA_FUZZ_EXAMPLES", "120"))  # a longer hunt: HYDRA_FUZZ_EXAMPLES=2000

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from(
        [
            -5,
            -1,
            0,
            1,
            2,
            32767,
            32768,
            2**31,
            2**63,
            1.0,
            0.5,
            "",
            "exploded",
            "A",
            "2026-13-45",
            "2024-03-01T10:00:00+00:00",  # a fixed, long-past moment
            "x" * 300,
            "Nul\x00",
            "\x00",
        ]
    )
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:3]):
            yield from _paths(inner, (*path, i))


def _replaced(document, path, value):
    if not path:
        return value
    out = document[path[0]]
    out = _replaced(out, path[1:], value)
    if isinstance(document, dict):
        return {**document, path[0]: out}
    return [*document[: path[0]], out, *document[path[0] + 1 :]]


@pytest.fixture
def base():
    """Valid files to break: a team constructed event with every record of the judges and the desk and a draft
    table, Two-Headed Giant pods with a pick and a shared game, a sealed event with a pool."""
    event = _team_constructed_event()
    table = DraftTableFactory(
        event=event, number=1, team1=event.registrations.all()[0], team2=event.registrations.all()[1]
    )
    DraftCardFactory(table=table, position=1)
    documents = [event_export(event=e) for e in (event, _thg_pods_event(), _sealed_event())]
    return [
        (i, path) for i, document in enumerate(documents) for path in sorted(set(_paths(document)) - {()}, key=str)
    ], documents


def _counts():
    return Event.objects.count(), Registration.objects.count(), EventLogEntry.objects.count()


def _check(answer, before, ok: int) -> None:
    assert answer.status_code < 500, answer.content[:800]
    assert answer.status_code in (ok, 400), answer.content[:800]
    if answer.status_code == 400:
        body = answer.json()
        assert body["errors"] and all(isinstance(k, str) and k for k in body["errors"]), body
        assert _counts() == before


def _fuzz(base, url_for):
    paths, documents = base
    token = OrganizerTokenFactory()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.raw}")

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(which=st.integers(min_value=0, max_value=len(documents) - 1), data=st.data())
    def send(which, data):
        mine = [path for i, path in paths if i == which]
        changes = data.draw(st.lists(st.tuples(st.sampled_from(mine), _values), min_size=1, max_size=3))
        changed = documents[which]
        for path, value in changes:
            try:
                changed = _replaced(changed, path, value)
            except (IndexError, KeyError, TypeError):
                continue  # an earlier change took this path away
        url, ok = url_for(token)
        before = _counts()
        answer = api.post(url, json.dumps(changed), content_type="application/json")
        _check(answer, before, ok)

    send()


def test_fuzzed_imports_never_answer_5xx_and_refusals_write_nothing(base):
    _fuzz(base, lambda token: ("/api/v1/events/import", 201))


def test_fuzzed_replaces_never_answer_5xx_and_refusals_change_nothing(base):
    def target(token):
        event, _registrations, _rounds = build_event(teams=2, rounds=1, top_cut=0)
        Event.objects.filter(pk=event.pk).update(organizer=token.user)
        return f"/api/v1/events/{event.pk}/replace", 200

    _fuzz(base, target)
