"""Beat stamps its last run when it publishes its heartbeat task, `health.beat` (only beat sends it), and, in beat's
own process, whenever it publishes any task (the per-second draft sweep), at most once per STAMP_EVERY seconds: so
after a Redis outage, which may take the stamps with it, /health/ sees beat back within a second or two."""

import logging
import socket
import time

from celery.signals import beat_init, before_task_publish

from health.services import BEAT_KEY, heartbeat_stamp

logger = logging.getLogger("health")
BEAT_TASK = "health.beat"
STAMP_EVERY = 1.0

_beat = {"here": False, "stamped": 0.0}


@beat_init.connect
def _in_beat(sender=None, **kwargs):
    _beat["here"] = True


@before_task_publish.connect
def _stamp_beat(sender=None, headers=None, **kwargs):
    now = time.monotonic()
    if sender != BEAT_TASK and not (_beat["here"] and now - _beat["stamped"] >= STAMP_EVERY):
        return
    try:
        heartbeat_stamp(key=BEAT_KEY, who=socket.gethostname())
        _beat["stamped"] = now
    except Exception:  # the cache being down must not stop beat from sending
        logger.warning("Couldn't record beat's heartbeat in the cache", exc_info=True)
