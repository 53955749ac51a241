"""Reads of the event's announcements (tournaments/services/announcements.py writes them): what the portal's pages,
the desk and the projector show."""

from django.db.models import Exists, Q, Subquery

from tournaments.models import Announcement, Event, Round


def announcements_for_event(*, event: Event, limit: int = 3) -> list[Announcement]:
    """The latest shown announcements of the event's current round (before round 1: those made before it), newest
    first; one query. An announcement made in an earlier round (or in the Swiss rounds, once the top cut is
    paired) is over."""
    rounds = Round.objects.filter(event_id=event.pk)
    current = Q(round_id=Subquery(rounds.order_by("-number").values("pk")[:1])) | (
        Q(round__isnull=True) & ~Exists(rounds)
    )
    return list(Announcement.objects.filter(current, event=event, is_active=True)[:limit])
