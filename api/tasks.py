"""Celery tasks of the API: thin, primitive ids in, one call."""

from celery import shared_task
from django.conf import settings
from django.dispatch import receiver

from common.tasks import task_send
from api.views.standings import standings_ahead as compute
from tournaments.models import Event
from tournaments.signals import scoreboard_changed

STANDINGS_AHEAD_TASK = "api.standings_ahead"


@shared_task(name=STANDINGS_AHEAD_TASK, ignore_result=True)
def standings_ahead(event_id: int) -> bool:
    """Sent after each change of an event's scoreboard: compute the standings of its newest version into the shared
    cache, so the API's first answer after the change reads them (api.views.standings.standings_ahead). A burst of
    changes costs one computation per version still newest when its task runs. False when nothing was computed."""
    event = Event.objects.filter(pk=event_id, rounds__isnull=False).distinct().first()
    return bool(event) and compute(event=event)


@receiver(scoreboard_changed, dispatch_uid="api.standings_ahead")
def _scoreboard_changed(sender, *, event_id: int, **kwargs) -> None:
    """Already after the commit (tournaments.signals); a broker that is down costs the first answer's speed only."""
    if not getattr(settings, "HYDRA_STANDINGS_AHEAD", True):
        return
    task_send(STANDINGS_AHEAD_TASK, event_id, what="the standings ahead")
