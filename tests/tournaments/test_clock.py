import datetime as dt

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from tests.factories import EventFactory, RoundFactory, TeamMatchFactory
from tournaments.clock import NOT_STARTED, OVER, PAUSED, RUNNING, read_clock
from tournaments.models import RoundClock
from tournaments.selectors.clock import round_clock_state
from tournaments.services.clock import (
    round_clock_act,
    round_clock_add,
    round_clock_end,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
)

NOW = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)


def test_read_clock_running_rounds_up_and_turns_over_at_the_end():
    ends = NOW + dt.timedelta(seconds=90.2)
    assert (
        read_clock(
            status=RUNNING, duration_seconds=3000, ends_at=ends, paused_remaining=None, now=NOW
        ).remaining_seconds
        == 91
    )
    over = read_clock(status=RUNNING, duration_seconds=3000, ends_at=ends, paused_remaining=None, now=ends)
    assert (over.state, over.remaining_seconds) == (OVER, 0)


def test_read_clock_paused_and_not_started():
    assert (
        read_clock(status=PAUSED, duration_seconds=3000, ends_at=None, paused_remaining=12.5, now=NOW).remaining_seconds
        == 13
    )
    assert (
        read_clock(status="not_started", duration_seconds=3000, ends_at=None, paused_remaining=None, now=NOW).state
        == NOT_STARTED
    )


@pytest.fixture
def round_(db):
    return RoundFactory(event=EventFactory())


def test_round_clock_state_of_an_untouched_round_is_not_started_with_the_round_length(round_):
    assert round_clock_state(round_=round_) == {
        "state": "not_started",
        "ends_at": None,
        "remaining_seconds": 50 * 60,
        "extensions": [],
    }
    assert not RoundClock.objects.exists()  # reading writes nothing


def test_round_clock_start_pause_resume_end(round_):
    version = round_.event.version
    round_clock_start(round_=round_, by=None)
    state = round_clock_state(round_=round_)
    assert state["state"] == "running" and 2995 <= state["remaining_seconds"] <= 3000
    assert round_.event.__class__.objects.get(pk=round_.event_id).version == version + 1
    round_clock_pause(round_=round_, by=None)
    paused = round_clock_state(round_=round_)
    assert (paused["state"], paused["ends_at"]) == ("paused", None)
    round_clock_resume(round_=round_, by=None)
    assert round_clock_state(round_=round_)["state"] == "running"
    round_clock_end(round_=round_, by=None)
    assert round_clock_state(round_=round_)["remaining_seconds"] == 0
    assert round_clock_state(round_=round_)["state"] == "over"


def test_round_clock_runs_out_by_the_servers_time(round_):
    round_clock_start(round_=round_, by=None)
    RoundClock.objects.filter(round=round_).update(ends_at=timezone.now() - dt.timedelta(seconds=1))
    assert round_clock_state(round_=round_)["state"] == "over"
    with pytest.raises(ValidationError) as info:
        round_clock_pause(round_=round_, by=None)
    assert "Only a running clock can be paused" in info.value.messages[0]


def test_round_clock_add_to_the_round_moves_its_end(round_):
    round_clock_start(round_=round_, by=None)
    before = RoundClock.objects.get(round=round_).ends_at
    round_clock_add(round_=round_, by=None, seconds=300)
    assert RoundClock.objects.get(round=round_).ends_at - before == dt.timedelta(seconds=300)
    assert round_clock_state(round_=round_)["extensions"][0] | {"at": None} == {
        "table": None,
        "seconds": 300,
        "reason": "",
        "at": None,
    }


def test_round_clock_add_after_time_runs_again_from_now(round_):
    round_clock_start(round_=round_, by=None)
    round_clock_end(round_=round_, by=None)
    round_clock_add(round_=round_, by=None, seconds=120)
    state = round_clock_state(round_=round_)
    assert state["state"] == "running" and 115 <= state["remaining_seconds"] <= 120


def test_round_clock_table_extension_needs_a_reason_and_leaves_the_round_clock(round_):
    TeamMatchFactory(round=round_, table=4)
    round_clock_start(round_=round_, by=None)
    ends = RoundClock.objects.get(round=round_).ends_at
    with pytest.raises(ValidationError) as info:
        round_clock_add(round_=round_, by=None, seconds=180, table=4)
    assert "needs its reason" in info.value.messages[0]
    with pytest.raises(ValidationError):
        round_clock_add(round_=round_, by=None, seconds=180, table=9, reason="judge call")
    round_clock_add(round_=round_, by=None, seconds=180, table=4, reason="judge call, 3 minutes")
    assert RoundClock.objects.get(round=round_).ends_at == ends
    assert [(x["table"], x["seconds"], x["reason"]) for x in round_clock_state(round_=round_)["extensions"]] == [
        (4, 180, "judge call, 3 minutes")
    ]


@pytest.mark.parametrize("seconds", [0, -5, "ten", 10**6])
def test_round_clock_add_refuses_odd_amounts(round_, seconds):
    with pytest.raises(ValidationError):
        round_clock_add(round_=round_, by=None, seconds=seconds)


def test_round_clock_refusals(round_):
    with pytest.raises(ValidationError):
        round_clock_resume(round_=round_, by=None)
    with pytest.raises(ValidationError):
        round_clock_end(round_=round_, by=None)
    round_clock_start(round_=round_, by=None)
    with pytest.raises(ValidationError) as info:
        round_clock_start(round_=round_, by=None)
    assert "already started" in info.value.messages[0]
    with pytest.raises(ValidationError):
        round_clock_act(round_=round_, by=None, action="rewind")


def test_round_clock_of_a_finished_round_does_not_start(round_):
    round_.is_finished = True
    round_.save()
    with pytest.raises(ValidationError):
        round_clock_start(round_=round_, by=None)


@pytest.mark.parametrize(
    ("model", "german"),
    [("eventdesk", "Turnierpulte"), ("roundclock", "Rundenuhren"), ("clockextension", "Zeitverlängerungen")],
)
def test_clock_models_have_their_german_plural(model, german):
    meta = apps.get_model("tournaments", model)._meta
    assert "verbose_name_plural" in meta.original_attrs
    with translation.override("de"):
        assert str(meta.verbose_name_plural) == german
