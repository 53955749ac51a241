"""A worker must outlive a Redis restart (issue 19, defect 1).

With kombu 5.7's Redis transport, a worker that holds unacknowledged messages (a draft pick timer waiting for its
deadline) when the connection drops crashes for good: closing the dead channel restores those messages through a
connection that is already released (`self.connection.client` is None), and the AttributeError escapes as an
"Unrecoverable error". Restoring can't work while Redis is down anyway; the messages stay in Redis's unacked index
(kombu re-queues them after the visibility timeout) and beat's draft sweep applies any pick deadline that passed
meanwhile. So the failed restore is logged and the worker goes on to reconnect.
"""
import logging

from kombu.transport import redis as kombu_redis
from redis import exceptions as redis_errors

logger = logging.getLogger("hydra.celery")

_RESTORE_FAILURES = (AttributeError, OSError, redis_errors.ConnectionError, redis_errors.TimeoutError)


def _restore_unacked_tolerant(self, client=None):
    try:
        return _original_restore_unacked(self, client)
    except _RESTORE_FAILURES as exc:
        logger.warning(
            "Couldn't give back %d unacknowledged message(s) while the broker is unreachable (%s: %s); "
            "they are re-queued from Redis after the visibility timeout.",
            len(self._delivered), type(exc).__name__, exc,
        )
        return None


_original_restore_unacked = kombu_redis.QoS.restore_unacked
if not getattr(kombu_redis.QoS.restore_unacked, "_hydra_tolerant", False):
    _restore_unacked_tolerant._hydra_tolerant = True
    kombu_redis.QoS.restore_unacked = _restore_unacked_tolerant
