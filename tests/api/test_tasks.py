"""The standings computed ahead (api/tasks.py): after each change a worker computes the standings of the event's
newest version into the shared cache, and the API's first answer after the change reads them (issue 30)."""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api import tasks
from tests.api.conftest import build_event
from tests.factories import EventFactory
from tournaments.models import Event
from tournaments.services.scoreboard import event_bump_version

pytestmark = pytest.mark.django_db


def _get(api, event, query: str = "?page_size=500"):
    with CaptureQueriesContext(connection) as queries:
        response = api.get(f"/api/v1/events/{event.pk}/standings/{query}")
    assert response.status_code == 200
    return len(queries), response.json()


def test_the_first_answer_after_a_change_reads_the_standings_computed_ahead(api):
    event, _registrations, _rounds = build_event(teams=9, rounds=3, is_public=True)
    _computed_queries, computed = _get(api, event)
    event_bump_version(event_id=event.pk)
    assert tasks.standings_ahead(event.pk) is True
    assert tasks.standings_ahead(event.pk) is False  # computed once per version
    with mock.patch("api.views.standings._standings_rows", side_effect=AssertionError("computed again")):
        queries, first = _get(api, Event.objects.get(pk=event.pk))
    assert first == computed
    assert queries <= 3  # the event's row and the answer: no registration, round or match read


def test_the_first_answer_costs_the_same_queries_for_8_and_60_teams_when_computed_ahead(api):
    counts = []
    for teams in (8, 60):
        event, _registrations, _rounds = build_event(teams=teams, rounds=3, is_public=True)
        assert tasks.standings_ahead(event.pk) is True
        queries, body = _get(api, event)
        assert body["count"] == teams
        counts.append(queries)
    assert counts[0] == counts[1]


def test_without_rounds_nothing_is_computed_ahead():
    assert tasks.standings_ahead(EventFactory().pk) is False
    assert tasks.standings_ahead(0) is False


def test_a_change_sends_the_worker_after_the_commit(settings, django_capture_on_commit_callbacks):
    settings.HYDRA_STANDINGS_AHEAD = True
    event = EventFactory()
    with mock.patch("celery.current_app.send_task") as send, django_capture_on_commit_callbacks(execute=True):
        event_bump_version(event_id=event.pk)
        assert not send.called  # not before the commit
    send.assert_called_once_with(tasks.STANDINGS_AHEAD_TASK, args=(event.pk,))


def test_off_nothing_is_sent_and_a_broker_that_is_down_costs_no_change(settings, django_capture_on_commit_callbacks):
    event = EventFactory()
    with mock.patch("celery.current_app.send_task") as send:
        settings.HYDRA_STANDINGS_AHEAD = False
        with django_capture_on_commit_callbacks(execute=True):
            event_bump_version(event_id=event.pk)
        assert not send.called
        settings.HYDRA_STANDINGS_AHEAD = True
        send.side_effect = OSError("broker down")
        with django_capture_on_commit_callbacks(execute=True):
            event_bump_version(event_id=event.pk)
    assert Event.objects.get(pk=event.pk).version == event.version + 2


def test_while_one_worker_computes_an_events_standings_the_others_leave_it_a_note(api):
    event, _registrations, _rounds = build_event(teams=9, rounds=3, is_public=True)
    computed = []

    def compute(*, event):
        computed.append(event.version)
        if len(computed) == 1:  # a change, and its task, while the first computation runs
            event_bump_version(event_id=event.pk)
            assert tasks.standings_ahead(event.pk) is False  # not side by side: a note instead
        return True

    with mock.patch("api.tasks.compute", side_effect=compute):
        assert tasks.standings_ahead(event.pk) is True
    versions = [Event.objects.get(pk=event.pk).version - 1, Event.objects.get(pk=event.pk).version]
    assert computed == versions  # the newest version computed once more, by the one that ran
    with mock.patch("api.tasks.compute", return_value=True) as later:
        assert tasks.standings_ahead(event.pk) is True  # and nothing is left held
    later.assert_called_once()
