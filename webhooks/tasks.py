"""Celery task of the webhooks: thin, a delivery id in, one service call; the retry is Celery's own."""

from celery import shared_task

from webhooks.services import DELIVER_TASK, webhook_deliveries_sweep, webhook_delivery_attempt


@shared_task(name=DELIVER_TASK, bind=True, ignore_result=True, acks_late=True, max_retries=None)
def webhook_deliver(self, delivery_id: int) -> None:
    """Make one attempt; after a failure, come back after the backoff the service computed (it gives up by itself
    after HYDRA_WEBHOOK_MAX_ATTEMPTS, so Celery's own limit is off)."""
    wait = webhook_delivery_attempt(delivery_id=delivery_id)
    if wait is not None:
        raise self.retry(countdown=wait)


@shared_task(name="webhooks.sweep", ignore_result=True)
def webhook_sweep() -> int:
    """Beat, every minute: send again the deliveries whose task was lost (webhook_deliveries_sweep)."""
    return webhook_deliveries_sweep()
