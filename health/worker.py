"""Every worker sends the workers' heartbeat task itself (a bootstep on the worker's timer, config/celery.py), so the
worker heartbeat doesn't depend on beat: it goes through the broker and a pool process like any task, and shows
that some worker takes and runs tasks. It sends one more each time it (re)connects to the broker, and again a few
seconds later, so /health/ sees the workers back within seconds of the broker, not a heartbeat period later."""

import logging

from celery import bootsteps
from django.conf import settings

logger = logging.getLogger("health")


class EverySeconds(bootsteps.StartStopStep):
    """A worker step that calls `tick(worker)` on the worker's timer every `seconds(worker)` seconds, from its
    start to its stop (the timer shares the worker's event loop: a tick must be short)."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.tref = None

    def seconds(self, worker) -> float:
        raise NotImplementedError

    def tick(self, worker) -> None:
        raise NotImplementedError

    def start(self, worker):
        self.tref = worker.timer.call_repeatedly(self.seconds(worker), self.tick, (worker,), priority=10)

    def stop(self, worker):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None


class WorkerHeartbeat(EverySeconds):
    def seconds(self, worker) -> float:
        return float(settings.HYDRA_HEARTBEAT_SECONDS)

    def start(self, worker):
        super().start(worker)
        self.tick(worker)

    def tick(self, worker) -> None:
        self.send(worker, self.seconds(worker))

    @staticmethod
    def send(worker, seconds: float) -> None:
        try:
            # No retries: the timer shares the worker's event loop, and a broker that is down is retried next time.
            worker.app.send_task("health.heartbeat", expires=seconds, retry=False)
        except Exception:  # the broker being down must not stop the worker; the stamp going stale says it
            logger.warning("Couldn't send the worker heartbeat", exc_info=True)


class HeartbeatOnConnect(bootsteps.StartStopStep):
    """A consumer step: started each time the worker's consumer has connected and consumes (at start and after
    every broker outage), it sends the heartbeat at once and again after AGAIN_SECONDS (a pool process whose
    cache gave up on Redis during the outage writes again only after config/cache.py's retry delay)."""

    requires = {"celery.worker.consumer.tasks:Tasks"}
    AGAIN_SECONDS = 3.0

    def start(self, consumer):
        seconds = float(settings.HYDRA_HEARTBEAT_SECONDS)
        WorkerHeartbeat.send(consumer, seconds)
        consumer.timer.call_after(self.AGAIN_SECONDS, WorkerHeartbeat.send, (consumer, seconds))
