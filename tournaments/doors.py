"""The one way a door lets someone into an event (issue 55; docs/permissions.md, "One door helper").

Every page, API view and admin action about one event starts the same way: load the event, ask tournaments/rights.py
whether whoever acts holds the named right there, and answer as if the event didn't exist when they don't (a person
who may not use a door learns nothing of the event behind it). `event_with_right` is that question, asked once for
every door; the pages take it as the decorator `event_permission_required` (pretix's `event_permission_required` is
the model), the API as `api.selectors.event_get_to_run` / `event_get_visible` (with the API's own NotFound), and the
admin's actions as `admin_base.event_action_allowed`.
"""

from collections.abc import Callable
from functools import wraps

from django.http import Http404

from tournaments.models import Event


def event_with_right(*, pk, subject, right: Callable, queryset=None) -> Event | None:
    """The event numbered `pk` when `right` (a rule of tournaments.rights, called as `right(subject, event)`)
    allows `subject` it; None when there is no such event or the right is refused: the two look the same."""
    event = (queryset if queryset is not None else Event.objects).filter(pk=pk).first() if pk is not None else None
    if event is None or not right(subject, event):
        return None
    return event


def event_for_door(*, pk, user, right: Callable) -> Event:
    """The event for a page: `event_with_right`, and Http404 ("No such event.") where it answers None."""
    event = event_with_right(pk=pk, subject=user, right=right)
    if event is None:
        raise Http404("No such event.")
    return event


def event_permission_required(right: Callable, *, lookup: str = "pk"):
    """Decorate a page's view: the URL's `lookup` argument (the event's id) becomes the event, handed to the view as
    its argument after the request, for whoever holds `right` (a rule of tournaments.rights) at it; 404 for anyone
    else, the same as for a missing event. Put it closest to the function, under `login_required` and the method
    decorators, so they answer first as they always have."""

    def decorator(view):
        @wraps(view)
        def door(request, *args, **kwargs):
            event = event_for_door(pk=kwargs.pop(lookup), user=request.user, right=right)
            return view(request, event, *args, **kwargs)

        door.event_right = right
        return door

    return decorator
