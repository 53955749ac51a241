from django.contrib.auth.models import Group

from tests.factories import EventFactory, UserFactory
from tournaments.selectors.roles import ORGANIZERS_GROUP


def organizer_of_other_events():
    """An organizer (not a superuser) who runs an event of their own, not the one under test."""
    user = UserFactory()
    user.groups.add(Group.objects.get_or_create(name=ORGANIZERS_GROUP)[0])
    EventFactory(organizer=user)
    return user
