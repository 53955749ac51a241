"""teams_import in bulk (issue 30): the same refusals and player matching as one team at a time (only the
organizer's own unclaimed placeholders, issue 37), in a number of queries that doesn't grow with the team list."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import (
    EventFactory,
    OrganizerFactory,
    PlaceholderFactory,
    RegistrationFactory,
    TeamFactory,
    UserFactory,
)
from tournaments.models import Player, Registration, Team
from tournaments.services.players import players_find_or_create_all
from tournaments.services.registrations import SeatEntry, TeamEntry, teams_import

pytestmark = pytest.mark.django_db


def _entry(name, *players, where="Line 1"):
    return TeamEntry(
        name=name, seats=tuple(SeatEntry(letter=letter, player=p) for letter, p in zip("ABC", players)), where=where
    )


def _file(teams: int, tag: str, organizer) -> list[TeamEntry]:
    """`teams` teams; the first seat of each is the organizer's own placeholder named by its username, e-mail or
    name in turn."""
    entries = []
    for i in range(teams):
        user = PlaceholderFactory(
            user__username=f"{tag}user{i}",
            user__email=f"{tag}{i}@example.org",
            name=f"{tag} known {i}",
            made_by=organizer,
        ).user
        known = (user.username, user.email, f"{tag} known {i}")[i % 3]
        entries.append(_entry(f"{tag} team {i}", known, f"{tag} new {i}b", f"{tag} new {i}c", where=f"Team {i + 1}"))
    return entries


def _import_queries(teams: int, tag: str) -> int:
    event = EventFactory(team_size=3)
    entries = _file(teams, tag, event.organizer)
    with CaptureQueriesContext(connection) as queries:
        registered = teams_import(event=event, teams=entries)
    assert len(registered) == teams
    return len(queries)


def test_importing_5_or_40_teams_costs_the_same_queries():
    small, large = _import_queries(5, "s"), _import_queries(40, "l")
    assert small == large
    assert large <= 18  # the new logins' insert runs in a savepoint: a username taken meanwhile is looked for again


def test_own_placeholders_are_matched_by_username_email_or_name_and_new_players_get_placeholders():
    event = EventFactory(team_size=3)
    entries = _file(3, "m", event.organizer)
    players_before = Player.objects.count()
    registered = teams_import(event=event, teams=entries)
    seats = [
        [(s.letter, s.player.name, s.player.user.username) for s in r.seats.order_by("letter")] for r in registered
    ]
    assert [team[0] for team in seats] == [
        ("A", "m known 0", "muser0"),
        ("A", "m known 1", "muser1"),
        ("A", "m known 2", "muser2"),
    ]
    assert seats[0][1] == ("B", "m new 0b", "mnew0b")
    assert Player.objects.count() == players_before + 6
    assert not get_user_model().objects.get(username="mnew0b").has_usable_password()
    assert Player.objects.get(user__username="mnew0b").made_by == event.organizer
    assert [r.team.name for r in registered] == ["m team 0", "m team 1", "m team 2"]


def test_new_accounts_get_free_usernames_and_an_email_address_its_account():
    UserFactory(username="ann")
    UserFactory(username="ANN2")
    match = players_find_or_create_all(
        names=["Ann", "A-n-n", "bo@example.org", "Bo@Example.org "], organizer=OrganizerFactory()
    )
    found = match.players
    assert match.refused == {}
    assert set(match.invited) == {"ann"}  # "Ann" is ann's username: a placeholder, and ann is invited
    assert found["ann"].user.username == "ann3" and found["a-n-n"].user.username == "ann4"
    assert found["bo@example.org"].name == "bo" and found["bo@example.org"].user.email == "bo@example.org"


def test_every_refusal_is_named_and_nothing_is_written():
    event = EventFactory(team_size=3)
    on_a_team = PlaceholderFactory(made_by=event.organizer)
    taken = RegistrationFactory(event=event, seats=[on_a_team, PlaceholderFactory(), PlaceholderFactory()])
    PlaceholderFactory(name="Twin", made_by=event.organizer)
    PlaceholderFactory(name="twin", made_by=event.organizer)
    TeamFactory(name="Old Name")
    entries = [
        _entry("Good", "g1", "g2", "g3", where="Line 2"),
        _entry("Dup", "d1", "d1", "d3", where="Line 5"),
        _entry("Ambiguous", "Twin", "a2", "a3", where="Line 8"),
        _entry("Taken", on_a_team.name, "t2", "t3", where="Line 11"),
        _entry("Short", "s1", "s2", where="Line 14"),
        _entry(taken.team.name, "r1", "r2", "r3", where="Line 16"),
        _entry("Twice", "g1", "w2", "w3", where="Line 19"),
        _entry("good", "x1", "x2", "x3", where="Line 22"),
    ]
    registrations, teams, players = Registration.objects.count(), Team.objects.count(), Player.objects.count()
    with pytest.raises(ValidationError) as info:
        teams_import(event=event, teams=entries)
    assert info.value.message_dict["rows"] == [
        "Line 5 (Dup): A player can hold only one seat.",
        (
            "Line 8 (Ambiguous): Seat A: Several of your players match Twin (by name, username or e-mail): Hydra "
            "can't tell which one is meant. Give the account's username or e-mail address instead."
        ),
        f"Line 11 (Taken): {on_a_team.name} is already on team {taken.team.name} in this event.",
        "Line 14 (Short): This event has teams of 3: give exactly 3 players, one per seat A, B, C (got 2).",
        f"Line 16 ({taken.team.name}): {taken.team.name} is already registered for this event.",
        "Line 19 (Twice): g1 is already on team Good in this event.",
        "Line 22: the team good appears twice (also Line 2); give each team once.",
    ]
    assert (Registration.objects.count(), Team.objects.count(), Player.objects.count()) == (
        registrations,
        teams,
        players,
    )


def test_an_existing_team_of_another_event_is_registered_under_its_own_name():
    TeamFactory(name="Azure Ants")
    event = EventFactory(team_size=3)
    [registration] = teams_import(event=event, teams=[_entry("azure  ants", "p1", "p2", "p3")])
    assert registration.team.name == "Azure Ants" and Team.objects.filter(name__iexact="azure ants").count() == 1


def test_the_email_column_is_kept_for_a_new_placeholder_and_invites_an_existing_account():
    from tournaments.models import SeatInvitation

    event = EventFactory(team_size=3)
    rae = UserFactory(username="rae", email="rae@example.org")
    [registration] = teams_import(
        event=event,
        user=event.organizer,
        teams=[
            TeamEntry(
                name="Mail",
                where="Line 2",
                seats=(
                    SeatEntry(letter="A", player="Nell New", email="nell@example.org"),
                    SeatEntry(letter="B", player="Rae R", email="RAE@example.org"),
                    SeatEntry(letter="C", player="Cal C"),
                ),
            )
        ],
    )
    seats = {s.letter: s.player for s in registration.seats.select_related("player__user")}
    assert seats["A"].user.email == "nell@example.org"  # for its claim link
    assert seats["B"].user_id != rae.pk and seats["B"].user.email == ""  # rae's address: she is asked, not seated
    assert SeatInvitation.objects.get(placeholder=seats["B"]).user == rae
    with pytest.raises(ValidationError) as info:
        teams_import(
            event=EventFactory(team_size=3),
            teams=[
                TeamEntry(
                    name="Bad",
                    where="Line 2",
                    seats=(
                        SeatEntry(letter="A", player="X", email="not-an-address"),
                        SeatEntry(letter="B", player="Y"),
                        SeatEntry(letter="C", player="Z"),
                    ),
                )
            ],
        )
    assert "not-an-address is not an e-mail address." in str(info.value)
