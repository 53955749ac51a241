"""Domain events: what just happened to an event, told to whoever listens once the change is committed.

The services send one line each (`domain_event_send(event_id=..., kind=DomainEvent.ROUND_PAIRED, round=...)`); the
receivers (webhooks/receivers.py) run after the transaction commits, so they never see a change that is rolled back
and never slow the locked transaction down. A receiver that fails is logged and never undoes the change.
"""

import logging

from django.db import models, transaction
from django.dispatch import Signal
from django.utils.translation import gettext_lazy as _

log = logging.getLogger(__name__)


class DomainEvent(models.TextChoices):
    """What happened. The values are stable: webhook receivers filter on them (docs/webhooks.md)."""

    ROUND_PAIRED = "round.paired", _("Round paired")
    RESULT_FINAL = "result.final", _("Result final (confirmed or entered by the organizer)")
    STANDINGS_CHANGED = "standings.changed", _("Standings changed (a round's last result is in)")
    TOP_CUT = "topcut.started", _("Top cut started")
    DAY2_CUT = "day2.cut", _("Day 2 cut made or undone")
    EVENT_FINISHED = "event.finished", _("Event finished")
    DRAFT_STARTED = "draft.started", _("Draft started")
    DRAFT_FINISHED = "draft.finished", _("Draft finished")
    POD_ROUND_PAIRED = "pods.round.paired", _("Multiplayer pods seated (a round or the top pod)")
    POD_RESULT_FINAL = "pods.result.final", _("Multiplayer pod result final")


# Sent with sender=DomainEvent and the keyword arguments event_id (int), kind (a DomainEvent value) and data (dict of
# ids: round, match, table, pod; a multiplayer pod's is multiplayer.models.MultiplayerTable's).
domain_event = Signal()


def _send_on_commit(signal: Signal, **kwargs) -> None:
    def send() -> None:
        for receiver, answer in signal.send_robust(sender=DomainEvent, **kwargs):
            if isinstance(answer, Exception):
                log.error("Receiver %r failed on %r", receiver, kwargs, exc_info=answer)

    transaction.on_commit(send)


def domain_event_send(*, event_id: int, kind: str, **data) -> None:
    """Tell the receivers about `kind` once the current transaction commits (at once outside of one)."""
    _send_on_commit(domain_event, event_id=event_id, kind=kind, data=data)


# Sent (sender=DomainEvent, event_id=...) after a commit that changed what an event's scoreboards show (its version
# went up): the stream overlays (overlays/live.py) push it to their pages.
scoreboard_changed = Signal()


def scoreboard_changed_send(*, event_id: int) -> None:
    """Tell the live pages the event's scoreboards changed, once the current transaction commits."""
    _send_on_commit(scoreboard_changed, event_id=event_id)
