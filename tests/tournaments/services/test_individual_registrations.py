"""Registering players in individual events (issue 27): a team of one, named as the player, on seat A."""

import pytest
from django.core.exceptions import ValidationError

from tests.factories import EventFactory
from tournaments.services.registrations import (
    individual_entry,
    registration_register_player,
    team_entries_from_rows,
    teams_import,
)
from tournaments.teamcsv import TeamFileError, team_rows_parse

pytestmark = pytest.mark.django_db


def test_a_player_registers_as_a_team_of_one():
    event = EventFactory(team_size=1)
    registration = registration_register_player(event=event, player="  Ann   Lee ")
    assert registration.team.name == "Ann Lee"
    assert [(s.letter, s.player.name) for s in registration.seats.all()] == [("A", "Ann Lee")]


def test_a_player_alone_is_refused_in_a_team_event():
    with pytest.raises(ValidationError) as info:
        registration_register_player(event=EventFactory(team_size=3), player="Ann")
    assert "teams of 3" in info.value.message_dict["player"][0]


def test_the_same_player_twice_is_refused():
    event = EventFactory(team_size=1)
    registration_register_player(event=event, player="Ann")
    with pytest.raises(ValidationError):
        registration_register_player(event=event, player="ann")


def test_a_players_only_csv_imports_each_row_as_a_team_of_one():
    rows, problems = team_rows_parse("Player\nAnn\n\nBo Chen\n")
    assert problems == []
    assert [(r.line, r.team, r.seat, r.player) for r in rows] == [
        (2, "Ann", "A", "Ann"),
        (4, "Bo Chen", "A", "Bo Chen"),
    ]
    event = EventFactory(team_size=1)
    registered = teams_import(event=event, teams=team_entries_from_rows(rows))
    assert [r.team.name for r in registered] == ["Ann", "Bo Chen"]


def test_an_email_column_goes_beside_player_or_beside_team_seat_player():
    rows, problems = team_rows_parse("player,email\nAnn,ann@example.org\nBo Chen,\n")
    assert problems == []
    assert [(r.team, r.seat, r.player, r.email) for r in rows] == [
        ("Ann", "A", "Ann", "ann@example.org"),
        ("Bo Chen", "A", "Bo Chen", ""),
    ]
    rows, problems = team_rows_parse("team,seat,player,email\nOwls,A,Ann,ann@example.org\n")
    assert [(r.team, r.seat, r.player, r.email) for r in rows] == [("Owls", "A", "Ann", "ann@example.org")]
    entries = team_entries_from_rows(rows)
    assert entries[0].seats[0].email == "ann@example.org"
    with pytest.raises(TeamFileError, match="the columns are team, seat, player, email and byes"):
        team_rows_parse("team,seat,player,phone\nOwls,A,Ann,123\n")


def test_a_players_only_csv_in_a_team_event_names_the_missing_seats():
    rows, _problems = team_rows_parse("player\nAnn\n")
    with pytest.raises(ValidationError) as info:
        teams_import(event=EventFactory(team_size=2), teams=team_entries_from_rows(rows))
    assert "Line 2 (Ann)" in info.value.message_dict["rows"][0]


def test_a_header_with_neither_shape_says_both():
    with pytest.raises(TeamFileError, match="or only player for an individual event"):
        team_rows_parse("name\nAnn\n")


def test_individual_entries_import_all_or_nothing():
    event = EventFactory(team_size=1)
    entries = [individual_entry(player="Ann", where="Team 1"), individual_entry(player="ann", where="Team 2")]
    with pytest.raises(ValidationError) as info:
        teams_import(event=event, teams=entries)
    assert "appears twice" in info.value.message_dict["rows"][0]
    assert event.registrations.count() == 0
