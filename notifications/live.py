"""The open pages' banner: once a person's notifications are stored, their new unread count is published on the
person's Redis channel (the live push of drafting.live and the overlays); a page listening through
notifications.views.events fetches the banner. Works in venue mode without internet (it never leaves the LAN)."""

import logging

from drafting.live import _redis, redis_url

log = logging.getLogger(__name__)


def person_channel(person_id: int) -> str:
    return f"hydra:person:{person_id}"


def unread_publish(*, counts: dict[int, int]) -> None:
    """Tell each person's open pages their unread count (best effort: the inbox is there either way)."""
    if not redis_url() or not counts:
        return
    try:
        pipe = _redis().pipeline(transaction=False)
        for person_id, count in counts.items():
            pipe.publish(person_channel(person_id), str(count))
        pipe.execute()
    except Exception:  # noqa: BLE001 - a lost banner costs nothing: the inbox has it
        log.warning("Couldn't publish %d unread counts", len(counts), exc_info=True)
