"""Announcements: a line of text to every player of the event, on their pages and on the projector."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Announcement, Event
from tournaments.selectors.rounds import round_latest
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.scoreboard import event_bump_version

MAX_LENGTH = 280


@transaction.atomic
def announcement_post(*, event: Event, by, text: str) -> Announcement:
    """Post an announcement (one line, at most 280 characters) in the event's latest round (none before round 1):
    it shows until the next round (or the top cut) is paired."""
    text = " ".join((text or "").split())
    if not text:
        raise ValidationError(_("Write the announcement first."))
    if len(text) > MAX_LENGTH:
        raise ValidationError(_("An announcement is at most %(n)d characters.") % {"n": MAX_LENGTH})
    latest = round_latest(event=event)
    announcement = Announcement.objects.create(event=event, round=latest, text=text, by=by)
    # In the event log, with who posted it (the text in its data: the desk shows the log's sentences, and an
    # announcement shows only while its round is the latest); the players are told from there (notifications).
    event_log_record(
        event=event,
        user=by,
        action=LogAction.ANNOUNCED,
        message=LogAction.ANNOUNCED.label,
        round_number=latest.number if latest else None,
        data={"announcement": announcement.pk, "text": text},
    )
    event_bump_version(event_id=event.pk)
    return announcement


def announcement_hide(*, announcement: Announcement) -> None:
    """Stop showing an announcement."""
    Announcement.objects.filter(pk=announcement.pk).update(is_active=False)
    event_bump_version(event_id=announcement.event_id)
