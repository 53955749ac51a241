"""Live push for every draft (issue 19): every change of a draft row (a pick, a timeout, a new pack, a pause) is
published on Redis pub/sub once its transaction commits, on the draft's channel (core.DraftKind.channel); each
seat's page listens through Server-Sent Events (drafting.views.live) and refreshes at once, instead of waiting up
to a second for its next poll. Polling stays as the fallback (no Redis, a proxy that buffers streams, an old
browser).

Without HYDRA_REDIS_URL (`make run`) nothing is published and the pages poll.
"""

import logging

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from common.polls import poll_tokens_renew
from drafting.core import KINDS, POD, TABLE, DraftKind
from drafting.models import EventTimer
from tournaments.polltokens import drafts_token

logger = logging.getLogger("drafting.live")

_client: tuple = ("", None)  # (url, redis client)

channel_for = TABLE.channel
pod_channel_for = POD.channel


def redis_url() -> str:
    return settings.HYDRA_REDIS_URL or ""


def _redis():
    global _client
    if _client[1] is None or _client[0] != redis_url():
        # lazy: the Redis client only where HYDRA_REDIS_URL is set; a machine without Redis never loads it
        import redis

        _client = (redis_url(), redis.Redis.from_url(redis_url(), socket_connect_timeout=1, socket_timeout=1))
    return _client[1]


def draft_publish(*, kind: DraftKind, draft_id: int, version: int) -> None:
    """Tell every listener of the draft its new version (best effort: polling covers a lost message)."""
    if not redis_url():
        return
    try:
        _redis().publish(kind.channel(draft_id), str(version))
    except Exception:
        logger.warning("Couldn't publish %s %s's version %s", kind.name, draft_id, version, exc_info=True)


def _receiver(kind: DraftKind):
    def publish_on_commit(sender, instance, **kwargs) -> None:
        draft_id, version = instance.pk, instance.version
        transaction.on_commit(lambda: draft_publish(kind=kind, draft_id=draft_id, version=version))
        poll_tokens_renew(drafts_token(instance.event_id))  # the watched pages that show a draft's state

    return publish_on_commit


_receivers = {kind.name: _receiver(kind) for kind in KINDS}  # kept referenced: signals hold weak references
for _kind in KINDS:
    post_save.connect(_receivers[_kind.name], sender=_kind.model, dispatch_uid=f"drafting.live.publish_{_kind.name}")


def _timer_changed(sender, instance, **kwargs) -> None:
    poll_tokens_renew(drafts_token(instance.event_id))  # the call page's state (drafting/views/paper.py)


post_save.connect(_timer_changed, sender=EventTimer, dispatch_uid="drafting.live.timer_saved")
post_delete.connect(_timer_changed, sender=EventTimer, dispatch_uid="drafting.live.timer_deleted")
