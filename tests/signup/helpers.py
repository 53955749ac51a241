"""Building blocks for the sign-up tests: an open event and teams signed up through the services."""

import datetime as dt

from django.utils import timezone

from signup.services import invitation_accept, signup_create
from tests.factories import EventFactory, PlayerFactory


def open_event(**kwargs):
    defaults = {"signup_open": True, "signup_deadline": timezone.now() + dt.timedelta(days=3), "team_size": 3}
    return EventFactory(**{**defaults, **kwargs})


def full_team(event, name: str, players=None):
    """A team formed by its captain and completed through its invitations; returns (sign-up, players)."""
    players = players or [PlayerFactory() for _ in range(event.team_size)]
    signup = signup_create(event=event, captain=players[0], name=name)
    for invitation, player in zip(signup.invitations.order_by("letter"), players[1:], strict=True):
        invitation_accept(token=invitation.token, player=player)
    signup.refresh_from_db()
    return signup, players
