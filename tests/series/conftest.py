import datetime as dt

import pytest
from django.contrib.auth.models import Group

from tests.factories import (
    OrganizerFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamFactory,
    TeamMatchFactory,
)
from tournaments.enums import Outcome, ResultState
from tournaments.selectors.roles import ORGANIZERS_GROUP

THURSDAY = dt.date(2026, 1, 1)


@pytest.fixture
def play():
    """play(event, winner_players, loser_players): one round, the first team beats the second (final). The same
    players are the same team (one Team row) at every event."""
    known = {}

    def _team(players):
        if players[0].pk not in known:
            known[players[0].pk] = TeamFactory(name=f"Team of {players[0].name}")
        return known[players[0].pk]

    def _play(event, winners, losers):
        round_ = RoundFactory(event=event, number=1)
        TeamMatchFactory(
            round=round_,
            team_a=RegistrationFactory(event=event, seats=winners, team=_team(winners)),
            team_b=RegistrationFactory(event=event, seats=losers, team=_team(losers)),
            outcome=Outcome.A_WINS,
            result_state=ResultState.FINAL,
        )

    return _play


@pytest.fixture
def teams():
    return {name: [PlayerFactory(name=f"{name}{n}") for n in range(3)] for name in "ABC"}


def store_organizer():
    """An organizer who is no superuser: a member of the Organizers group."""
    user = OrganizerFactory(is_superuser=False, is_staff=False)
    user.groups.add(Group.objects.get_or_create(name=ORGANIZERS_GROUP)[0])
    return user


@pytest.fixture
def organizer():
    return store_organizer()
