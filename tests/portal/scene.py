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
    client.force_login(user)
    return client


def make_scene() -> Scene:
    organizer = OrganizerFactory()
    event = EventFactory(name="Spring Team Open", organizer=organizer, status=EventStatus.RUNNING, swiss_rounds=3)
    people = {}
    teams = []
    for team_name, first in (("Azure Ants", "alice"), ("Brass Bats", "bob"), ("Cobalt Cats", "carl"), ("Dire Dogs", "dora")):
        players = [PlayerFactory(user=UserFactory(username=first), name=first.title())] + [PlayerFactory() for _ in range(2)]
        if first == "alice":
            players[1] = PlayerFactory(user=UserFactory(username="amy"), name="Amy")
        people[first] = players[0].user
        if first == "alice":
            people["amy"] = players[1].user
        teams.append(RegistrationFactory(event=event, team=TeamFactory(name=team_name), seats=players))
    round_ = RoundFactory(event=event, number=1)
    match = TeamMatchFactory(round=round_, table=1, team_a=teams[0], team_b=teams[1])
    other = TeamMatchFactory(round=round_, table=2, team_a=teams[2], team_b=teams[3])
    return Scene(
        event=event, round=round_, teams=teams, match=match, other_match=other, alice=people["alice"],
        amy=people["amy"], bob=people["bob"], carl=people["carl"], olga=UserFactory(username="olga"),
        organizer=organizer,
    )
