"""The heartbeat task: beat sends it every HYDRA_HEARTBEAT_SECONDS; the worker that runs it stamps itself alive."""
from celery import current_task, shared_task

from health.services import WORKER_KEY, heartbeat_stamp


@shared_task(name="health.heartbeat", ignore_result=True)
def heartbeat() -> None:
    hostname = getattr(current_task.request, "hostname", "") or ""
    heartbeat_stamp(key=WORKER_KEY, who=hostname)
