"""Live push for the stream overlays: whatever changes an event's overlays (its scoreboard version, a round clock,
a shared game's life and poison, a draft table's picks) is published on the event's Redis channel once committed;
each overlay listens through Server-Sent Events (overlays.views.overlay_events, the stream of drafting/views/live.py)
and refreshes at once. Without HYDRA_REDIS_URL nothing is published and the overlays poll."""

import logging

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from drafting.live import _redis, redis_url
from drafting.models import DraftTable
from sharedgame.models import GameState
from tournaments.models import Round, RoundClock, TeamMatch
from tournaments.signals import scoreboard_changed

logger = logging.getLogger("overlays.live")


def event_channel(event_id: int) -> str:
    return f"hydra:event:{event_id}"


def event_publish(*, event_id: int) -> None:
    """Tell every overlay of the event that something changed (best effort: the overlays poll as a fallback)."""
    if not redis_url():
        return
    try:
        _redis().publish(event_channel(event_id), "changed")
    except Exception:
        logger.warning("Couldn't publish a change of event %s to its overlays", event_id, exc_info=True)


@receiver(scoreboard_changed, dispatch_uid="overlays.scoreboard")
def _scoreboard(sender, *, event_id: int, **kwargs) -> None:
    event_publish(event_id=event_id)  # already after the commit (tournaments.signals)


def _event_id_of(instance) -> int | None:
    if isinstance(instance, DraftTable):
        return instance.event_id
    if isinstance(instance, RoundClock):
        return Round.objects.filter(pk=instance.round_id).values_list("event_id", flat=True).first()
    if isinstance(instance, GameState):
        return TeamMatch.objects.filter(pk=instance.match_id).values_list("round__event_id", flat=True).first()
    return None


@receiver(post_save, sender=DraftTable, dispatch_uid="overlays.draft_table")
@receiver(post_save, sender=RoundClock, dispatch_uid="overlays.round_clock")
@receiver(post_save, sender=GameState, dispatch_uid="overlays.game_state")
def _saved(sender, instance, **kwargs) -> None:
    if not redis_url():
        return
    event_id = _event_id_of(instance)
    if event_id is not None:
        transaction.on_commit(lambda: event_publish(event_id=event_id))
