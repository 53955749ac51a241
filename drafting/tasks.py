"""Celery tasks of the draft: thin, primitive ids in, one service call (docs/drafting.md)."""
from celery import shared_task

from drafting.services.picks import draft_tables_sweep_overdue, draft_timeout_apply, draft_timeout_early
from drafting.services.pods import thg_pods_sweep_overdue, thg_timeout_apply, thg_timeout_early


@shared_task(name="drafting.draft_timeout", ignore_result=True, bind=True)
def draft_timeout(self, table_id: int, pack_index: int, pick_number: int) -> bool:
    """Sent for its deadline (eta): take the oldest card for the player unless pick (pack, number) has been made.

    Delivered before the deadline (the worker's clock ahead of the database's, or a deadline a pause moved), it
    sends itself again for the deadline instead of leaving the pick to the slower sweep.
    """
    if draft_timeout_apply(table_id=table_id, pack_index=pack_index, pick_number=pick_number):
        return True
    deadline = draft_timeout_early(table_id=table_id, pack_index=pack_index, pick_number=pick_number)
    if deadline is not None:
        self.apply_async(args=(table_id, pack_index, pick_number), eta=deadline)
    return False


@shared_task(name="drafting.draft_sweep", ignore_result=True)
def draft_sweep() -> int:
    """Run by beat every second: apply every timeout whose task didn't run (a worker died, or none is running), of
    the Rochester tables and of the Two-Headed Giant pods."""
    return draft_tables_sweep_overdue() + thg_pods_sweep_overdue()


@shared_task(name="drafting.pod_timeout", ignore_result=True, bind=True)
def pod_timeout(self, pod_id: int, pack_round: int, step: int) -> bool:
    """Sent for a Two-Headed Giant pod's deadline (eta): every team that hasn't picked at (round, step) gets the
    two oldest cards of its pack. Delivered early, it sends itself again for the deadline."""
    if thg_timeout_apply(pod_id=pod_id, pack_round=pack_round, step=step):
        return True
    deadline = thg_timeout_early(pod_id=pod_id, pack_round=pack_round, step=step)
    if deadline is not None:
        self.apply_async(args=(pod_id, pack_round, step), eta=deadline)
    return False
