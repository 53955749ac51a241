"""Pairings reviewed before players see them (issue 53; docs/desk.md, "Publish the pairings").

When the event reviews its pairings (Event.reviews_pairings: on by default at Competitive and Professional REL), a
round that any structure pairs (a Swiss round, the top cut's, a single-elimination bracket's, a multiplayer round's
pods) is written as a draft: Round.published_at empty. The organizer and staff see it at the desk and through the
organizer's API and may still change it (swap, pair again, take back); players' pages, the screen, the overlays,
the API's public and player reads, the anonymous floor, the live pages, webhooks and notifications see only
published rounds (tournaments.selectors.rounds.rounds_players_see). "Publish" (round_publish) stamps the round,
records who published it, bumps the event's version (so every page's ETag changes) and only then tells the outside
world, as pairing does when the event doesn't review: the domain event for webhooks, and the event log entry from
which notifications are made.

The pairing services ask `round_publication` for the stamp of a new round and `round_paired_announce` for its
domain event; their event log entries carry `"draft": true` while the round waits, so the notifications of a
pairing are made from the publish entry instead (notifications.services).
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, Round
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record, round_label
from tournaments.services.locks import round_lock
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.signals import DomainEvent, domain_event_send


class RoundNotPublished(StateConflict):
    """A result (or anything players do with a match) asked of a round whose pairings are still a draft."""


def round_publication(*, event: Event) -> datetime | None:
    """The published_at of a round paired now: now, or None (a draft until "Publish") when the event reviews its
    pairings."""
    return None if event.reviews_pairings else timezone.now()


def round_log_data(*, round_: Round, **data) -> dict:
    """The data of a pairing's event log entry: `data`, marked `"draft": true` while the round waits for "Publish"
    (no one is notified of a draft; notifications.services)."""
    return {**data, "draft": True} if not round_.is_published else data


def _paired_kind(round_: Round) -> str:
    """The domain event a round's pairing sends: a multiplayer round's pods, the top cut's (or bracket's) first
    round, or a round paired."""
    if round_.event.is_multiplayer:
        return DomainEvent.POD_ROUND_PAIRED
    if (
        round_.kind == RoundKind.PLAYOFF
        and not round_.event.rounds.filter(kind=RoundKind.PLAYOFF, number__lt=round_.number).exists()
    ):
        return DomainEvent.TOP_CUT
    return DomainEvent.ROUND_PAIRED


def round_paired_announce(*, round_: Round) -> None:
    """Tell the receivers (webhooks, after the commit) that the round is paired, once players may see it: at once
    for a published round, on "Publish" for a draft."""
    if round_.is_published:
        domain_event_send(event_id=round_.event_id, kind=_paired_kind(round_), round=round_.pk)


def round_require_published(*, round_: Round) -> None:
    """Refuse (RoundNotPublished, the API's 409) a result of a round whose pairings players haven't seen yet."""
    if not round_.is_published:
        raise RoundNotPublished(
            _("%(round)s isn't published yet: its pairings are a draft only the staff see. Publish it first.")
            % {"round": round_.name}
        )


@transaction.atomic
def round_publish(*, round_: Round, user=None) -> Round:
    """Publish a round's pairings: from now on players, the screen, the public API and the live pages see it, and
    its players are told where they sit (notifications, webhooks). Recorded in the event log with who published.

    Refused (StateConflict) when the round is published already or the event is closed; Gone when the round was
    taken back meanwhile (the lock order: the event, then the round)."""
    round_ = round_lock(round_id=round_.pk)
    event_require_open(event_id=round_.event_id)
    if round_.is_published:
        raise StateConflict(_("%(round)s is published already.") % {"round": round_.name})
    round_.published_at = timezone.now()
    round_.save(update_fields=["published_at"])
    event_log_record(
        event=round_.event,
        user=user,
        action=LogAction.ROUND_PUBLISHED,
        message=LogText(gettext_lazy("%(round)s published: players see its pairings."), {"round": round_label(round_)}),
        round_number=round_.number,
        data={"seed": round_.seed},
    )
    event_bump_version(event_id=round_.event_id)
    round_paired_announce(round_=round_)
    return round_
