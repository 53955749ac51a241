"""Check-in and announcements move from desk to tournaments (issue 55): the rows of an event's check-ins and
announcements are the same rows after the migration, under tournaments' tables, and back again."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import RegistrationFactory, RoundFactory, UserFactory
from tournaments.models import Announcement, CheckIn

BEFORE = [("tournaments", "0034_names_not_addresses"), ("desk", "0005_round_clock_to_tournaments")]
AFTER = [("tournaments", "0035_checkin_announcements_from_desk"), ("desk", "0006_checkin_announcements_to_tournaments")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _tables() -> set[str]:
    return set(connection.introspection.table_names())


@pytest.mark.django_db(transaction=True)
def test_check_ins_and_announcements_keep_their_rows_when_they_move_to_tournaments():
    judge = UserFactory()
    round_ = RoundFactory()
    registration = RegistrationFactory(event=round_.event)
    content_type = ContentType.objects.get_for_model(CheckIn)
    try:
        old = _migrate(BEFORE)
        assert {"desk_checkin", "desk_announcement"} <= _tables()
        check_in = old.get_model("desk", "CheckIn").objects.create(
            registration_id=registration.pk, by_id=judge.pk, at_desk=True
        )
        announcement = old.get_model("desk", "Announcement").objects.create(
            event_id=round_.event_id, round_id=round_.pk, text="Lunch at one", by_id=judge.pk
        )
        new = _migrate(AFTER)
        assert not {"CheckIn", "Announcement"} & {m.__name__ for m in new.get_models() if m._meta.app_label == "desk"}
        assert {"tournaments_checkin", "tournaments_announcement"} <= _tables()
        assert not {"desk_checkin", "desk_announcement"} & _tables()
        assert new.get_model("tournaments", "Announcement").objects.get(pk=announcement.pk).text == "Lunch at one"
        # Backwards, the rows go back under desk's tables.
        back = _migrate(BEFORE)
        assert back.get_model("desk", "CheckIn").objects.get(pk=check_in.pk).at_desk is True
        assert ContentType.objects.get(pk=content_type.pk).app_label == "desk"  # with its permissions
        _migrate(AFTER)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(CheckIn).pk == content_type.pk
    assert not ContentType.objects.filter(app_label="desk", model__in=["checkin", "announcement"])
    kept = CheckIn.objects.get(registration=registration)
    assert (kept.pk, kept.by_id, kept.at_desk) == (check_in.pk, judge.pk, True)
    shown = Announcement.objects.get(event=round_.event)
    assert (shown.pk, shown.round_id, shown.text, shown.by_id, shown.is_active) == (
        announcement.pk,
        round_.pk,
        "Lunch at one",
        judge.pk,
        True,
    )
    # New rows still get ids after the old ones (the renamed tables keep their sequences).
    assert Announcement.objects.create(event=round_.event, text="Round 2 soon").pk > announcement.pk
