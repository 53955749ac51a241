"""The API's doors, asking the one rights module (tournaments.rights; docs/permissions.md).

The caller is a person's session (CSRF enforced by DRF's SessionAuthentication) or an API token (the token's person
is marked with it, so every rule sees the token, never the person's own rights): an event token is a scorekeeper of
its one event (reads it, enters final results); an organizer token acts as its person on the events that person owns
or co-organizes, and creates new ones. Whatever the caller may not see answers 404, as if it didn't exist.
"""

from django.db.models import QuerySet
from rest_framework.permissions import BasePermission

from api.authentication import token_of
from tournaments.models import Event
from tournaments import rights


def caller(request):
    """Who acts: the token when there is one, else the session's person (anonymous included)."""
    return token_of(request) or request.user


def event_visible(*, request, event: Event) -> bool:
    """The caller may read this event's scoreboards (rights.may_see_event)."""
    return rights.may_see_event(caller(request), event)


def events_visible(*, request) -> QuerySet[Event]:
    """Every event the caller may read, in one query."""
    return rights.events_visible_to(caller(request))


def event_organizes(*, request, event: Event) -> bool:
    """The caller runs this event in person (a session, not a token)."""
    return token_of(request) is None and rights.may_run_event(request.user, event)


def event_runs(*, request, event: Event) -> bool:
    """The caller runs this event: its owner's or a co-organizer's session or organizer token (a superuser's
    session). Scorekeeper tokens don't: they enter results only (event_scores)."""
    return rights.may_run_event(caller(request), event)


def event_scores(*, request, event: Event) -> bool:
    """The caller may do the desk's work at this event: results, clock (rights.may_score_event)."""
    return rights.may_score_event(caller(request), event)


def caller_may_create_events(*, request) -> bool:
    return rights.may_create_events(caller(request))


class IsTokenOrSessionUser(BasePermission):
    """Writes need a caller: a token or a logged-in person. Anonymous callers get 401."""

    asks_who = True  # api/schema.py documents 401 and 403 for its reads too

    def has_permission(self, request, view) -> bool:
        return token_of(request) is not None or bool(request.user and request.user.is_authenticated)


class IsSessionUser(BasePermission):
    """Confirming and disputing are the other team's acts: a logged-in player, never a token."""

    message = "Confirming or disputing a result is done by a player of the other team, logged in to the portal."
    asks_who = True  # api/schema.py documents 401 and 403 for its reads too

    def has_permission(self, request, view) -> bool:
        return token_of(request) is None and bool(request.user and request.user.is_authenticated)


class IsPlayerInPerson(IsSessionUser):
    """A player's own decklist is registered by the player, logged in: never a token."""

    message = "Registering a decklist is done by the seat's player, logged in to the portal."
