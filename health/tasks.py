"""The heartbeat tasks (docs/deploy.md, Health). Each part of the deployment is judged by its own heartbeat:

- `health.heartbeat` is sent by every worker to the queue every HYDRA_HEARTBEAT_SECONDS (health.worker); the worker
  that runs it stamps the workers alive, so a frozen beat never makes the workers look dead.
- `health.beat` is beat's periodic task: beat stamps itself alive when it sends it (health.signals); the worker
  that runs it stamps the workers too.
"""

from celery import current_task, shared_task

from health.services import WORKER_KEY, heartbeat_stamp


@shared_task(name="health.heartbeat", ignore_result=True)
def heartbeat() -> None:
    hostname = getattr(current_task.request, "hostname", "") or ""
    heartbeat_stamp(key=WORKER_KEY, who=hostname)


@shared_task(name="health.beat", ignore_result=True)
def beat_tick() -> None:
    heartbeat()
