"""Celery tasks of the API: thin, primitive ids in, one call."""

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.dispatch import receiver

from common.tasks import task_send
from api.views.standings import standings_ahead as compute
from tournaments.models import Event
from tournaments.signals import scoreboard_changed

STANDINGS_AHEAD_TASK = "api.standings_ahead"


# One worker at a time computes an event's standings ahead (issue 54): in a venue's burst of results the version
# goes up several times a second, and every task found a newer version than the last one computed, so all the
# worker processes computed a 2,048-player event's standings side by side, taking the cores the pages needed.
AHEAD_LOCK_SECONDS = 120


def _ahead_keys(event_id: int) -> tuple[str, str]:
    return f"hydra:standings-ahead:{event_id}:running", f"hydra:standings-ahead:{event_id}:again"


@shared_task(name=STANDINGS_AHEAD_TASK, ignore_result=True)
def standings_ahead(event_id: int) -> bool:
    """Sent after each change of an event's scoreboard: compute the standings of its newest version into the shared
    cache, so the API's first answer after the change reads them (api.views.standings.standings_ahead). A burst of
    changes costs one computation at a time: a task that finds another computing the event's standings leaves it a
    note and returns, and that one computes the newest version once more when it is done. False when nothing was
    computed here."""
    running, again = _ahead_keys(event_id)
    if not cache.add(running, 1, AHEAD_LOCK_SECONDS):
        cache.set(again, 1, AHEAD_LOCK_SECONDS)
        return False
    computed = False
    try:
        while True:
            cache.delete(again)
            event = Event.objects.filter(pk=event_id, rounds__isnull=False).distinct().first()
            computed = (bool(event) and compute(event=event)) or computed
            if not cache.get(again):
                return computed
    finally:
        cache.delete(running)


@receiver(scoreboard_changed, dispatch_uid="api.standings_ahead")
def _scoreboard_changed(sender, *, event_id: int, **kwargs) -> None:
    """Already after the commit (tournaments.signals); a broker that is down costs the first answer's speed only."""
    if not getattr(settings, "HYDRA_STANDINGS_AHEAD", True):
        return
    task_send(STANDINGS_AHEAD_TASK, event_id, what="the standings ahead")
