"""Celery tasks of the draft: thin, primitive ids in, one service call (docs/drafting.md)."""
from celery import shared_task

from drafting.services.picks import draft_tables_sweep_overdue, draft_timeout_apply


@shared_task(name="drafting.draft_timeout", ignore_result=True)
def draft_timeout(table_id: int, pack_index: int, pick_number: int) -> bool:
    """Sent for its deadline (eta): take the oldest card for the player unless pick (pack, number) has been made."""
    return draft_timeout_apply(table_id=table_id, pack_index=pack_index, pick_number=pick_number)


@shared_task(name="drafting.draft_sweep", ignore_result=True)
def draft_sweep() -> int:
    """Run by beat every second: apply every timeout whose task didn't run (a worker died, or none is running)."""
    return draft_tables_sweep_overdue()
