"""The old logs move into the one event log (issue 29): desk log entries, draft log entries (of tables and pods)
and sealed pool log entries become EventLogEntry rows keeping when, who and the text, and the old models go."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone, translation

from tests.factories import DraftTableFactory, SealedPoolFactory, UserFactory
from tournaments.models import EventLogEntry

BEFORE = [
    ("tournaments", "0017_rating_importance_help_in_words"),
    ("desk", "0003_announcement_round"),
    ("drafting", "0008_verbose_name_plural"),
    ("sealed", "0002_verbose_name_plural"),
]
AFTER = [
    ("tournaments", "0018_one_event_log"),
    ("desk", "0004_desk_log_into_event_log"),
    ("drafting", "0009_draft_log_into_event_log"),
    ("sealed", "0003_pool_log_into_event_log"),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_old_logs_move_into_the_event_log_keeping_time_person_and_text():
    judge = UserFactory()
    table = DraftTableFactory()
    pool = SealedPoolFactory()
    event, pool_event = table.event, pool.registration.event
    when = timezone.now() - dt.timedelta(days=3)
    try:
        old = _migrate(BEFORE)
        desk_log = old.get_model("desk", "DeskLogEntry").objects.create(
            event_id=event.pk,
            action="pair",
            detail="Pair round 2",
            warnings=["Round 1: results missing at table(s) 3."],
            by_id=judge.pk,
        )
        draft_log = old.get_model("drafting", "DraftLog").objects.create(
            table_id=table.pk, actor_id=judge.pk, action="pause", pack_index=1, pick_number=4, detail="Judge call"
        )
        pool_log = old.get_model("sealed", "PoolLog").objects.create(
            pool_id=pool.pk, action="changed", by_id=judge.pk, after_round=2, detail=["Bolt: A side -> B main"]
        )
        for model, row, field in (
            (old.get_model("desk", "DeskLogEntry"), desk_log, "created_at"),
            (old.get_model("drafting", "DraftLog"), draft_log, "at"),
            (old.get_model("sealed", "PoolLog"), pool_log, "at"),
        ):
            model.objects.filter(pk=row.pk).update(**{field: when})
        new = _migrate(AFTER)
        assert not {"DeskLogEntry", "DraftLog", "PoolLog"} & {m.__name__ for m in new.get_models()}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    desk = EventLogEntry.objects.get(event=event, kind="desk")
    assert (desk.at, desk.user_id, desk.action, desk.message) == (when, judge.pk, "pair", "Pair round 2")
    assert desk.warning_texts == ["Round 1: results missing at table(s) 3."]
    draft = EventLogEntry.objects.get(event=event, kind="draft")
    assert (draft.at, draft.user_id, draft.action) == (when, judge.pk, "pause")
    assert draft.message == f"Draft table {table.number}: Paused. Judge call"
    assert draft.data == {"draft_table": table.pk, "pack_index": 1, "pick_number": 4, "detail": "Judge call"}
    with translation.override("de"):
        assert draft.text != draft.message and "Judge call" in draft.text
    pooled = EventLogEntry.objects.get(event=pool_event, kind="pool")
    assert (pooled.at, pooled.user_id, pooled.action, pooled.round_number) == (when, judge.pk, "pool_changed", 2)
    assert pooled.registration_id == pool.registration_id and pooled.after == {"moved": ["Bolt: A side -> B main"]}
    assert "Bolt: A side -> B main" in pooled.message
