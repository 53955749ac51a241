"""Who may see and write what (issue 7).

- Reading: public events are open to everyone. A non-public event is visible to its organizer and to staff
  (by session), and to the tokens of that event; everyone else gets 404, as if it didn't exist.
- Writing results: a scorekeeper token enters final results for its own event only. A player writes through
  the portal session (CSRF enforced by DRF's SessionAuthentication) on the matches of their own team only.
- A token never lends the rights of the person it acts as: with a scorekeeper token only the token's event
  counts. An organizer token (issue 13) acts as its person on exactly the events that person organizes: it reads
  them and changes them, and creates new ones; every other event is as if it didn't exist.
- Organizer writes (events, teams, rounds, drops, files) need an organizer token, or the session of the event's
  organizer (CSRF enforced). Scorekeeper tokens stay with results.
"""
from django.db.models import Q, QuerySet
from rest_framework.permissions import BasePermission

from api.authentication import token_of
from tournaments.models import Event
from tournaments.permissions import user_runs_event, user_sees_every_event
from tournaments.selectors.roles import user_is_organizer


def event_visible(*, request, event: Event) -> bool:
    """True when the caller may read this event's scoreboards."""
    if event.is_public:
        return True
    token = token_of(request)
    if token is not None:
        if token.is_organizer:
            return event.organizer_id == token.user_id
        return token.event_id == event.pk
    user = request.user
    return bool(user and user.is_authenticated and user.has_perm("tournaments.see_event", event))


def events_visible(*, request) -> QuerySet[Event]:
    """Every event the caller may read (see event_visible); one query, no per-event check."""
    events = Event.objects.all()
    token = token_of(request)
    if token is not None:
        if token.is_organizer:
            return events.filter(Q(is_public=True) | Q(organizer_id=token.user_id))
        return events.filter(Q(is_public=True) | Q(pk=token.event_id))
    user = request.user
    if user and user.is_authenticated:
        if user_sees_every_event(user=user):
            return events
        return events.filter(Q(is_public=True) | Q(organizer_id=user.pk))
    return events.filter(is_public=True)


def event_organizes(*, request, event: Event) -> bool:
    """The session user runs this event (its organizer, or staff); tokens don't count."""
    user = request.user
    return token_of(request) is None and bool(
        user and user.is_authenticated and user_runs_event(user=user, event=event)
    )


def event_runs(*, request, event: Event) -> bool:
    """The caller runs this event: an organizer token of its organizer, or its organizer's (or a superuser's)
    session. Scorekeeper tokens don't: they enter results only."""
    token = token_of(request)
    if token is not None:
        return token.is_organizer and event.organizer_id == token.user_id
    return user_runs_event(user=request.user, event=event)


def caller_may_create_events(*, request) -> bool:
    """An organizer token, or the session of an account with the organizer role."""
    token = token_of(request)
    if token is not None:
        return token.is_organizer and user_is_organizer(user=token.user)
    return user_is_organizer(user=request.user)


class IsTokenOrSessionUser(BasePermission):
    """Writes need a caller: a scorekeeper token or a logged-in player. Anonymous callers get 401."""

    def has_permission(self, request, view) -> bool:
        return token_of(request) is not None or bool(request.user and request.user.is_authenticated)


class IsSessionUser(BasePermission):
    """Confirming and disputing are the other team's acts: a logged-in player, never a scorekeeper token."""

    message = "Confirming or disputing a result is done by a player of the other team, logged in to the portal."

    def has_permission(self, request, view) -> bool:
        return token_of(request) is None and bool(request.user and request.user.is_authenticated)
