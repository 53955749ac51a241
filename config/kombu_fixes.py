"""A worker outlives any broker outage (issues 19 and 39): it reconnects, never exits, and loses no task it held.

With kombu 5.7's Redis transport, a connection that drops leaves the worker holding messages of a *dead* channel:
timers (countdown/eta tasks such as a draft pick's timer) waiting for their time, and late-acknowledged tasks still
running. Everything such a channel does afterwards goes through `Channel._connparams`, which reads
`self.connection.client`, None once the connection is closed, and the AttributeError escapes Celery as an
"Unrecoverable error": the worker exits with code 1 (kombu#582 is the same path). Three ways in:

- closing the dead channel gives its unacknowledged messages back (`QoS.restore_unacked`),
- a task that finishes later acknowledges its message (`QoS.ack`, the late ack), or rejects it (`QoS.reject`,
  a task lost or refused),
- anything else on the dead channel (`_connparams`).

None of them can reach Redis through that channel, and while Redis is down nothing can reach it at all. So:

1. A dead channel's `_connparams` raises a connection error (which Celery and kombu log and retry), never an
   AttributeError.
2. Its QoS keeps what it couldn't do (the messages to give back, the tags to acknowledge) instead of raising, and
   registers itself as *stranded*.
3. Every worker runs `ResumeStranded` (a bootstep, config/celery.py): once a second, while anything is stranded, it
   opens a fresh connection and finishes the job: an acknowledged tag leaves Redis's unacked index; a message it
   held goes back to its queue, from Redis's unacked hash when Redis kept it (`appendonly yes`, docs/deploy.md)
   and from the worker's own copy when Redis came back empty. A timer held during the outage thus fires within a
   second or two of Redis returning (or at its time, if that is later), not after the visibility timeout (an hour).
4. Reconnecting tries every RECONNECT_MAX_SECONDS at most (kombu's default waits up to 30 s between tries, so a
   20 s outage left workers idle for another 10 s).
"""

import functools
import logging
import threading

from kombu import Connection
from kombu.transport import redis as kombu_redis
from kombu.utils.encoding import bytes_to_str
from kombu.utils.json import loads
from redis import exceptions as redis_errors

from health.worker import EverySeconds

logger = logging.getLogger("hydra.celery")

# What a broker that is down, restarting or out of reach raises, and what a dead channel raised before the fix.
_UNREACHABLE = (AttributeError, OSError, redis_errors.ConnectionError, redis_errors.TimeoutError)
RESUME_SECONDS = 1.0
RECONNECT_MAX_SECONDS = 2.0

_stranded: list = []  # QoS objects of dead channels that still hold messages or acknowledgements
_stranded_lock = threading.RLock()


def _strand(qos) -> None:
    with _stranded_lock:
        if qos not in _stranded:
            _stranded.append(qos)


def _pending(qos, what: str) -> set:
    """The tags a QoS still has to acknowledge ("acks") or give back ("requeues") once the broker is back."""
    name = f"_hydra_pending_{what}"
    if not hasattr(qos, name):
        setattr(qos, name, set())
    return getattr(qos, name)


def _held(qos) -> dict:
    qos._flush()  # tags acknowledged since the last flush are no longer held
    return qos._delivered


# --- 1. a dead channel raises a connection error --------------------------------------------------------------------
def _connparams_of_a_live_channel(self, asynchronous=False):
    if self.connection is None or self.connection.client is None:
        raise redis_errors.ConnectionError("This broker channel is closed (its connection was lost).")
    return _original_connparams(self, asynchronous)


# --- 2. a dead channel's QoS keeps what it couldn't do -------------------------------------------------------------
def _restore_unacked_tolerant(self, client=None):
    # kombu's own, except that each message leaves `_delivered` as soon as it is back in its queue: when the broker
    # fails halfway, the ones still held are exactly the ones not given back.
    try:
        with self.channel.conn_or_acquire(client) as client:
            for tag in list(self._delivered):
                self.restore_by_tag(tag, client=client)
                self._delivered.pop(tag, None)
    except _UNREACHABLE as exc:
        logger.warning(
            "Couldn't give back %d unacknowledged message(s) while the broker is unreachable (%s: %s); "
            "they go back to their queue as soon as it is back.",
            len(self._delivered),
            type(exc).__name__,
            exc,
        )
        _strand(self)
    return None


def _ack_tolerant(self, delivery_tag):
    try:
        return _original_ack(self, delivery_tag)
    except _UNREACHABLE as exc:
        logger.warning(
            "Couldn't acknowledge message %s while the broker is unreachable (%s: %s); it is "
            "acknowledged as soon as the broker is back.",
            delivery_tag,
            type(exc).__name__,
            exc,
        )
        with _stranded_lock:
            _pending(self, "acks").add(delivery_tag)
            self._quick_ack(delivery_tag)  # no longer held: it must not be given back
            _strand(self)
        return None


def _reject_tolerant(self, delivery_tag, requeue=False):
    try:
        return _original_reject(self, delivery_tag, requeue)
    except _UNREACHABLE as exc:
        logger.warning(
            "Couldn't %s message %s while the broker is unreachable (%s: %s); done as soon as it is back.",
            "give back" if requeue else "reject",
            delivery_tag,
            type(exc).__name__,
            exc,
        )
        with _stranded_lock:
            if requeue:
                _pending(self, "requeues").add(delivery_tag)  # stays held until it is given back
            else:
                _pending(self, "acks").add(delivery_tag)
                self._quick_ack(delivery_tag)
            _strand(self)
        return None


# --- 3. resuming once the broker is back ---------------------------------------------------------------------------
def _give_back(channel, client, qos, tag, message) -> None:
    """Move one held message from Redis's unacked index back to its queue, from Redis's copy or, when Redis lost
    it (a restart without persistence), from the worker's own copy."""
    info = message.delivery_info
    # The route first: after a Redis that lost everything, the queue's binding exists again only once a consumer
    # has declared it; until then this raises and the message waits for the next try.
    channel._lookup(info["exchange"], info["routing_key"])

    def restore(pipe):
        kept = pipe.hget(qos.unacked_key, tag)
        pipe.multi()
        pipe.zrem(qos.unacked_index_key, tag).hdel(qos.unacked_key, tag)
        if kept:
            payload, exchange, routing_key = loads(bytes_to_str(kept))
        else:
            payload, exchange, routing_key = message._raw, info["exchange"], info["routing_key"]
        channel._do_restore_message(payload, exchange, routing_key, pipe, True)

    client.transaction(restore, qos.unacked_key)


def resume_stranded(connection: Connection) -> int:
    """Finish what dead channels couldn't, through `connection` (module docstring, 3). Returns how many messages
    and acknowledgements were done; raises the broker's error when it is still unreachable (the rest waits)."""
    done = 0
    with _stranded_lock:
        if not _stranded:
            return 0
        channel = connection.default_channel
        with channel.conn_or_acquire() as client:
            for qos in list(_stranded):
                acks = _pending(qos, "acks")
                for tag in list(acks):
                    client.pipeline().zrem(qos.unacked_index_key, tag).hdel(qos.unacked_key, tag).execute()
                    acks.discard(tag)
                    done += 1
                held = _held(qos)
                requeues = _pending(qos, "requeues")
                # A dead channel's messages all go back; a live channel only gives back what it was told to (the
                # rest are tasks its worker is running).
                dead = qos.channel.closed or qos.channel.connection is None
                for tag, message in list(held.items()):
                    if dead or tag in requeues:
                        _give_back(channel, client, qos, tag, message)
                        held.pop(tag, None)
                        requeues.discard(tag)
                        done += 1
                _stranded.remove(qos)
    if done:
        logger.warning(
            "The broker is back: %d message(s) given back or acknowledged that a lost connection held.", done
        )
    return done


class ResumeStranded(EverySeconds):
    """A worker's timer that resumes stranded messages once a second (module docstring, 3)."""

    def seconds(self, worker) -> float:
        return RESUME_SECONDS

    def tick(self, worker) -> None:
        if not _stranded:
            return
        try:
            with worker.app.connection_for_write() as connection:
                connection.connect()  # one try, no waiting: the timer shares the worker's event loop
                resume_stranded(connection)
        except Exception as exc:  # the broker is still away (or its queues not declared yet): next second
            logger.debug("Stranded messages wait for the broker (%s: %s)", type(exc).__name__, exc)


# --- 4. reconnecting every few seconds -----------------------------------------------------------------------------
def _ensure_connection_promptly(self, *args, **kwargs):
    if len(args) < 3 and "interval_start" not in kwargs:
        kwargs.setdefault("interval_start", 1.0)
        kwargs.setdefault("interval_step", 1.0)
        kwargs.setdefault("interval_max", RECONNECT_MAX_SECONDS)
    return _original_ensure_connection(self, *args, **kwargs)


def _install(owner, name: str, replacement):
    """Put `replacement` in place of owner.name once (a module imported twice doesn't wrap its own fix); returns
    the original."""
    current = getattr(owner, name)
    original = getattr(current, "_hydra_original", current)
    functools.update_wrapper(replacement, original)
    replacement._hydra_original = original
    setattr(owner, name, replacement)
    return original


_original_connparams = _install(kombu_redis.Channel, "_connparams", _connparams_of_a_live_channel)
_original_restore_unacked = _install(kombu_redis.QoS, "restore_unacked", _restore_unacked_tolerant)
_original_ack = _install(kombu_redis.QoS, "ack", _ack_tolerant)
_original_reject = _install(kombu_redis.QoS, "reject", _reject_tolerant)
_original_ensure_connection = _install(Connection, "ensure_connection", _ensure_connection_promptly)
