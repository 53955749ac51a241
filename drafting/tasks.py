"""Celery tasks of the draft: thin, primitive ids in, one service call (docs/drafting.md)."""

from celery import shared_task

from common.tasks import task_send
from drafting import core
from drafting.services import picks, pods  # noqa: F401  (the formats plug their timeouts into the core)


def _timeout(task, kind: core.DraftKind, draft_id: int, position: tuple[int, int]) -> bool:
    """Apply the timeout of the pick at `position` unless it has been made. Delivered before the deadline (the
    worker's clock ahead of the database's, or a deadline a pause moved), send the task again for the deadline
    instead of leaving the pick to the slower sweep."""
    if core.draft_timeout_apply(kind=kind, draft_id=draft_id, position=position):
        return True
    deadline = core.draft_timeout_early(kind=kind, draft_id=draft_id, position=position)
    if deadline is not None:
        task_send(task, draft_id, *position, eta=deadline, what="the timer again", lost="beat's sweep covers it")
    return False


@shared_task(name="drafting.draft_timeout", ignore_result=True, bind=True)
def draft_timeout(self, table_id: int, pack_index: int, pick_number: int) -> bool:
    """Sent for a Rochester table's deadline (eta): the oldest card for the seat to pick, unless it picked."""
    return _timeout(self, core.TABLE, table_id, (pack_index, pick_number))


@shared_task(name="drafting.pod_timeout", ignore_result=True, bind=True)
def pod_timeout(self, pod_id: int, pack_round: int, step: int) -> bool:
    """Sent for a pod's deadline (eta): every seat that hasn't picked at (round, step) gets the oldest cards of its
    pack."""
    return _timeout(self, core.POD, pod_id, (pack_round, step))


@shared_task(name="drafting.draft_sweep", ignore_result=True)
def draft_sweep() -> int:
    """Run by beat every second: apply every timeout whose task didn't run (a worker died, or none is running), of
    every kind of draft."""
    return sum(core.drafts_sweep_overdue(kind=kind) for kind in core.KINDS)
