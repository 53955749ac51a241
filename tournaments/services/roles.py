"""Granting the organizer role."""

from django.contrib.auth.models import Group, Permission
from django.db import transaction

from tournaments.selectors.roles import ORGANIZERS_GROUP

# The role: creating events, registering teams and entering their rounds and results in the admin, and their own
# API tokens. Deliberately no change_event or view_event: those model-wide permissions run or see *every* event
# (tournaments.rights); an organizer runs the events they organize, which the object rules grant by themselves.
_ORGANIZER_PERMISSIONS = (
    [("tournaments", "add_event")]
    + [
        ("tournaments", f"{action}_{model}")
        for model in ("registration", "seat", "team", "player", "round", "teammatch", "seatmatch")
        for action in ("add", "change", "view")
    ]
    + [
        ("tournaments", "view_decklist"),
        ("tournaments", "view_eventlogentry"),
        ("api", "add_apitoken"),
        ("api", "view_apitoken"),
    ]
)


@transaction.atomic
def organizer_role_grant(*, user) -> bool:
    """Put the account in the Organizers group (created with its permissions when missing) and let it use the
    admin. Returns True when the account did not hold the role before."""
    group, _created = Group.objects.get_or_create(name=ORGANIZERS_GROUP)
    wanted = Permission.objects.filter(
        content_type__app_label__in={app for app, _codename in _ORGANIZER_PERMISSIONS},
        codename__in={codename for _app, codename in _ORGANIZER_PERMISSIONS},
    )
    group.permissions.add(*wanted)
    new = not user.groups.filter(pk=group.pk).exists()
    user.groups.add(group)
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return new
