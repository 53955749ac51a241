"""Who holds the organizer role: may create events (what an account may do to one event: tournaments.rights)."""

ORGANIZERS_GROUP = "Organizers"


def user_is_organizer(*, user) -> bool:
    """An active account that may create events: a superuser, a member of the Organizers group, or an account
    given the permission to add events."""
    if not (user and user.is_authenticated and user.is_active):
        return False
    return (
        user.is_superuser
        or user.has_perm("tournaments.add_event")
        or user.groups.filter(name=ORGANIZERS_GROUP).exists()
    )
