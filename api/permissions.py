"""Who may see and write what (issue 7).

- Reading: public events are open to everyone. A non-public event is visible to its organizer and to staff
  (by session), and to the tokens of that event; everyone else gets 404, as if it didn't exist.
- Writing results: a scorekeeper token enters final results for its own event only. A player writes through
  the portal session (CSRF enforced by DRF's SessionAuthentication) on the matches of their own team only.
- A token never lends the rights of the person it acts as: with a token only the token's event counts.
"""
from django.db.models import Q, QuerySet
from rest_framework.permissions import BasePermission

from api.authentication import token_of
from tournaments.models import Event


def event_visible(*, request, event: Event) -> bool:
    """True when the caller may read this event's scoreboards."""
    if event.is_public:
        return True
    token = token_of(request)
    if token is not None:
        return token.event_id == event.pk
    user = request.user
    return bool(user and user.is_authenticated and (user.is_staff or event.organizer_id == user.pk))


def events_visible(*, request) -> QuerySet[Event]:
    """Every event the caller may read (see event_visible); one query, no per-event check."""
    events = Event.objects.all()
    token = token_of(request)
    if token is not None:
        return events.filter(Q(is_public=True) | Q(pk=token.event_id))
    user = request.user
    if user and user.is_authenticated:
        if user.is_staff:
            return events
        return events.filter(Q(is_public=True) | Q(organizer_id=user.pk))
    return events.filter(is_public=True)


def event_organizes(*, request, event: Event) -> bool:
    """The session user runs this event (its organizer, or staff); tokens don't count."""
    user = request.user
    return token_of(request) is None and bool(
        user and user.is_authenticated and (user.is_staff or event.organizer_id == user.pk)
    )


class IsTokenOrSessionUser(BasePermission):
    """Writes need a caller: a scorekeeper token or a logged-in player. Anonymous callers get 401."""

    def has_permission(self, request, view) -> bool:
        return token_of(request) is not None or bool(request.user and request.user.is_authenticated)


class IsSessionUser(BasePermission):
    """Confirming and disputing are the other team's acts: a logged-in player, never a scorekeeper token."""

    message = "Confirming or disputing a result is done by a player of the other team, logged in to the portal."

    def has_permission(self, request, view) -> bool:
        return token_of(request) is None and bool(request.user and request.user.is_authenticated)
