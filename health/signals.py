"""Beat stamps its last run when it publishes its heartbeat task, `health.beat` (only beat sends it)."""
import logging
import socket

from celery.signals import before_task_publish

from health.services import BEAT_KEY, heartbeat_stamp

logger = logging.getLogger("health")
BEAT_TASK = "health.beat"


@before_task_publish.connect
def _stamp_beat(sender=None, headers=None, **kwargs):
    if sender != BEAT_TASK:
        return
    try:
        heartbeat_stamp(key=BEAT_KEY, who=socket.gethostname())
    except Exception:  # the cache being down must not stop beat from sending
        logger.warning("Couldn't record beat's heartbeat in the cache", exc_info=True)
