"""Live push for draft tables (issue 19): every change of a table (a pick, a timeout, a new pack, a pause) is
published on Redis pub/sub once its transaction commits; each seat's page listens through Server-Sent Events
(drafting.views_live) and refreshes at once, instead of waiting up to a second for its next poll. Polling stays as
the fallback (no Redis, a proxy that buffers streams, an old browser).

Without HYDRA_REDIS_URL (`make run`) nothing is published and the pages poll.
"""
import logging

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from drafting.models import DraftTable

logger = logging.getLogger("drafting.live")

_client: tuple = ("", None)  # (url, redis client)


def channel_for(table_id: int) -> str:
    return f"hydra:draft:{table_id}"


def redis_url() -> str:
    return getattr(settings, "HYDRA_REDIS_URL", "") or ""


def _redis():
    global _client
    if _client[1] is None or _client[0] != redis_url():
        import redis

        _client = (redis_url(), redis.Redis.from_url(redis_url(), socket_connect_timeout=1, socket_timeout=1))
    return _client[1]


def draft_table_publish(*, table_id: int, version: int) -> None:
    """Tell every listener of the table its new version (best effort: polling covers a lost message)."""
    if not redis_url():
        return
    try:
        _redis().publish(channel_for(table_id), str(version))
    except Exception:
        logger.warning("Couldn't publish draft table %s's version %s", table_id, version, exc_info=True)


@receiver(post_save, sender=DraftTable, dispatch_uid="drafting.live.publish")
def _publish_on_commit(sender, instance: DraftTable, **kwargs) -> None:
    table_id, version = instance.pk, instance.version
    transaction.on_commit(lambda: draft_table_publish(table_id=table_id, version=version))


def pod_channel_for(pod_id: int) -> str:
    return f"hydra:pod:{pod_id}"


def _publish_pod_on_commit(sender, instance, **kwargs) -> None:
    pod_id, version = instance.pk, instance.version

    def publish() -> None:
        if not redis_url():
            return
        try:
            _redis().publish(pod_channel_for(pod_id), str(version))
        except Exception:
            logger.warning("Couldn't publish pod %s's version %s", pod_id, version, exc_info=True)

    transaction.on_commit(publish)


def _connect_pod() -> None:
    from drafting.models import Pod

    post_save.connect(_publish_pod_on_commit, sender=Pod, dispatch_uid="drafting.live.publish_pod")


_connect_pod()
