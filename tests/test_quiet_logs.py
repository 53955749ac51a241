"""Celery beat's per-second draft sweep logs what it did, not that it ran."""

import logging

import pytest

import config.celery  # noqa: F401 - installs the filter, as in every worker and beat process
from config.quiet_logs import ROUTINE_LOGGERS, RoutineTaskFilter


def _record(logger: str, level: int, msg: str, *args) -> logging.LogRecord:
    return logging.LogRecord(logger, level, __file__, 1, msg, args, None)


def test_quiet_logs_routine_lines_of_the_sweep_are_dropped_others_kept():
    quiet = RoutineTaskFilter()
    assert not quiet.filter(
        _record(
            "celery.beat",
            logging.INFO,
            "Scheduler: Sending due task %s (%s)",
            "drafting-sweep-overdue-picks",
            "drafting.draft_sweep",
        )
    )
    assert not quiet.filter(
        _record(
            "celery.app.trace",
            logging.INFO,
            "Task %(name)s[%(id)s] succeeded in %(runtime)ss: %(return_value)s",
            {"name": "drafting.draft_sweep", "id": "x", "runtime": 0.01, "return_value": 0},
        )
    )
    assert not quiet.filter(
        _record("celery.worker.strategy", logging.INFO, "Task %s[%s] received", "drafting.draft_sweep", "x")
    )
    assert quiet.filter(
        _record("celery.app.trace", logging.INFO, "Task %s[%s] succeeded", "drafting.draft_timeout", "y")
    )
    assert quiet.filter(_record("celery.app.trace", logging.ERROR, "Task %s[%s] raised", "drafting.draft_sweep", "z"))


def test_quiet_logs_filter_is_installed_on_celerys_routine_loggers():
    for name in ROUTINE_LOGGERS:
        assert any(isinstance(f, RoutineTaskFilter) for f in logging.getLogger(name).filters)


@pytest.mark.django_db
def test_draft_sweep_logs_only_the_picks_it_made(caplog):
    from drafting.services.picks import draft_tables_sweep_overdue
    from tests.drafting.conftest import expire, make_table

    caplog.set_level(logging.INFO, logger="drafting")
    table = make_table(review=0)
    assert draft_tables_sweep_overdue() == 0
    assert caplog.records == []
    expire(table, ago=5)
    assert draft_tables_sweep_overdue() == 1
    assert [r.getMessage() for r in caplog.records] == [
        f"Draft sweep: table {table.pk} pick 1.1 timed out without its timer; took the oldest card."
    ]
