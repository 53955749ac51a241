"""Reads of the notifications: a person's inbox, what is unread, their choices."""

from django.db.models import QuerySet

from notifications.kinds import DEFAULT_CHANNELS, Channel, NoticeKind
from notifications.models import Notification, NotificationPreference
from notifications.texts import notice_body, notice_title


def notifications_of(*, person, unread: bool | None = None, event_id: int | None = None) -> QuerySet[Notification]:
    """The person's notifications, newest first (unread only, read only, or all); of one event only when
    `event_id` is given (an event token's, tournaments.rights.notifications_event_scope)."""
    rows = Notification.objects.filter(person=person)
    if event_id is not None:
        rows = rows.filter(event_id=event_id)
    if unread is not None:
        rows = rows.filter(read_at__isnull=unread)
    return rows.order_by("-created_at", "-id")


def notifications_unread_count(*, person) -> int:
    return Notification.objects.filter(person=person, read_at__isnull=True).count()


def notification_view(notice: Notification) -> dict:
    """One notification as a page and the API show it, in the current language."""
    return {
        "id": notice.pk,
        "kind": notice.kind,
        "event": notice.event_id,
        "link": notice.link,
        "title": notice_title(kind=notice.kind, params=notice.params),
        "body": notice_body(kind=notice.kind, params=notice.params),
        "created_at": notice.created_at,
        "read": notice.read_at is not None,
    }


def notification_preferences_of(*, person) -> dict[str, dict[str, bool]]:
    """kind -> {"push": bool, "email": bool}: the person's choice, or the default for a kind never chosen."""
    chosen = {p.kind: {"push": p.push, "email": p.email} for p in NotificationPreference.objects.filter(person=person)}
    return {
        kind: chosen.get(
            kind, {"push": Channel.PUSH in DEFAULT_CHANNELS[kind], "email": Channel.EMAIL in DEFAULT_CHANNELS[kind]}
        )
        for kind in NoticeKind.values
    }
