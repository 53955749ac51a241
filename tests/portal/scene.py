"""The portal's test scene: a running event of four teams of three, round 1 paired at two tables, and people who
must not see what isn't theirs. Shared by tests/portal and tests/browser."""

from dataclasses import dataclass

from tournaments.enums import EventStatus
from tournaments.models import Event, Registration, Round, TeamMatch
from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TeamFactory,
    TeamMatchFactory,
    UserFactory,
)


@dataclass
class Scene:
    event: Event
    round: Round
    teams: list[Registration]  # Azure Ants, Brass Bats, Cobalt Cats, Dire Dogs
    match: TeamMatch  # table 1: Azure Ants (A) v Brass Bats (B)
    other_match: TeamMatch  # table 2: Cobalt Cats v Dire Dogs
    alice: object  # seat A of Azure Ants
    amy: object  # seat B of Azure Ants
    bob: object  # seat A of Brass Bats
    carl: object  # seat A of Cobalt Cats: plays in the event, not in table 1's match
    olga: object  # signed in, plays nowhere
    organizer: object


def login_client(client, user):
    """The test client, signed in as `user`."""
    client.force_login(user)
    return client


def _player(username: str):
    return PlayerFactory(user=UserFactory(username=username), name=username.title())


def make_scene() -> Scene:
    """Spring Team Open, running, round 1: table 1 Azure Ants (Alice on A, Amy on B) v Brass Bats (Bob on A),
    table 2 Cobalt Cats (Carl on A) v Dire Dogs (Dora on A). Every user's password is "pw-for-tests"."""
    organizer = OrganizerFactory()
    event = EventFactory(name="Spring Team Open", organizer=organizer, status=EventStatus.RUNNING, swiss_rounds=3)
    named = {name: _player(name) for name in ("alice", "amy", "bob", "carl", "dora")}
    rosters = {
        "Azure Ants": [named["alice"], named["amy"], PlayerFactory()],
        "Brass Bats": [named["bob"], PlayerFactory(), PlayerFactory()],
        "Cobalt Cats": [named["carl"], PlayerFactory(), PlayerFactory()],
        "Dire Dogs": [named["dora"], PlayerFactory(), PlayerFactory()],
    }
    teams = [
        RegistrationFactory(event=event, team=TeamFactory(name=name), seats=players)
        for name, players in rosters.items()
    ]
    round_ = RoundFactory(event=event, number=1)
    match = TeamMatchFactory(round=round_, table=1, team_a=teams[0], team_b=teams[1])
    other = TeamMatchFactory(round=round_, table=2, team_a=teams[2], team_b=teams[3])
    return Scene(
        event=event,
        round=round_,
        teams=teams,
        match=match,
        other_match=other,
        alice=named["alice"].user,
        amy=named["amy"].user,
        bob=named["bob"].user,
        carl=named["carl"].user,
        olga=UserFactory(username="olga"),
        organizer=organizer,
    )
