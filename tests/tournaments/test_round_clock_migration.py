"""The round clocks move from desk to tournaments (issue 33): the rows of an event's desk settings, its clocks and
their time extensions are the same rows after the migration, under tournaments' tables, and back again."""

import datetime as dt

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.factories import RoundFactory, UserFactory
from tournaments.models import ClockExtension, EventDesk, RoundClock

BEFORE = [("tournaments", "0018_one_event_log"), ("desk", "0004_desk_log_into_event_log")]
AFTER = [("tournaments", "0019_round_clock_from_desk"), ("desk", "0005_round_clock_to_tournaments")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _tables() -> set[str]:
    return set(connection.introspection.table_names())


@pytest.mark.django_db(transaction=True)
def test_the_clocks_keep_their_rows_when_they_move_to_tournaments():
    judge = UserFactory()
    round_ = RoundFactory()
    ends = timezone.now() + dt.timedelta(minutes=20)
    content_type = ContentType.objects.get_for_model(RoundClock)
    try:
        old = _migrate(BEFORE)
        assert {"desk_roundclock", "desk_clockextension", "desk_eventdesk"} <= _tables()
        old.get_model("desk", "EventDesk").objects.create(
            event_id=round_.event_id, round_minutes=55, deckbuilding_minutes=30
        )
        clock = old.get_model("desk", "RoundClock").objects.create(
            round_id=round_.pk, purpose="matches", status="running", duration_seconds=3300, ends_at=ends
        )
        old.get_model("desk", "ClockExtension").objects.create(
            clock_id=clock.pk, table=3, seconds=180, reason="Deck check", by_id=judge.pk
        )
        new = _migrate(AFTER)
        assert not {"RoundClock", "ClockExtension", "EventDesk"} & {
            m.__name__ for m in new.get_models() if m._meta.app_label == "desk"
        }
        assert {"tournaments_roundclock", "tournaments_clockextension", "tournaments_eventdesk"} <= _tables()
        assert not {"desk_roundclock", "desk_clockextension", "desk_eventdesk"} & _tables()
        assert new.get_model("tournaments", "RoundClock").objects.get(pk=clock.pk).ends_at == ends
        # Backwards, the rows go back under desk's tables.
        back = _migrate(BEFORE)
        assert back.get_model("desk", "RoundClock").objects.get(pk=clock.pk).duration_seconds == 3300
        assert ContentType.objects.get(pk=content_type.pk).app_label == "desk"  # with its permissions
        _migrate(AFTER)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(RoundClock).pk == content_type.pk
    assert not ContentType.objects.filter(app_label="desk", model__in=["roundclock", "clockextension", "eventdesk"])
    desk = EventDesk.objects.get(event=round_.event)
    assert (desk.round_minutes, desk.deckbuilding_minutes) == (55, 30)
    clock = RoundClock.objects.get(round=round_)
    assert (clock.status, clock.duration_seconds, clock.ends_at) == ("running", 3300, ends)
    extension = ClockExtension.objects.get(clock=clock)
    assert (extension.table, extension.seconds, extension.reason, extension.by_id) == (3, 180, "Deck check", judge.pk)
    # New rows still get ids after the old ones (the renamed tables keep their sequences).
    assert RoundClock.objects.create(round=round_, purpose="deckbuilding", duration_seconds=60).pk > clock.pk
