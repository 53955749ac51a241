"""The one spreadsheet writer (tournaments.exports): no cell runs as a formula, in CSV or xlsx."""

import csv
import io

import openpyxl
import pytest
import tablib

from tests.factories import EventFactory, RegistrationFactory, TeamFactory
from tournaments.exports import dataset_bytes, safe_cell, standings_dataset

FORMULA = '=HYPERLINK("http://evil.example", "Click")'


@pytest.mark.parametrize("value", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\uff1d1"])
def test_text_starting_as_a_formula_is_kept_as_text(value):
    assert safe_cell(value) == "'" + value


@pytest.mark.parametrize("value", ["Azure Ants", "1-0-2", "", 3, -2, None])
def test_other_cells_are_left_as_they_are(value):
    assert safe_cell(value) == value


def _dataset():
    data = tablib.Dataset(headers=["team", "points"])
    data.append([FORMULA, 3])
    data.append(["Brass Bats", -1])
    return data


def test_csv_writes_the_formula_as_text():
    rows = list(csv.reader(io.StringIO(dataset_bytes(_dataset(), "csv").decode())))
    assert rows == [["team", "points"], ["'" + FORMULA, "3"], ["Brass Bats", "-1"]]


def test_xlsx_writes_the_formula_as_text_and_numbers_as_numbers():
    sheet = openpyxl.load_workbook(io.BytesIO(dataset_bytes(_dataset(), "xlsx"))).active
    assert sheet["A2"].value == "'" + FORMULA and sheet["A2"].data_type == "s"
    assert sheet["B3"].value == -1


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown export format"):
        dataset_bytes(_dataset(), "pdf")


@pytest.mark.django_db
def test_standings_dataset_lists_every_team_with_its_figures():
    event = EventFactory()
    RegistrationFactory(event=event, team=TeamFactory(name=FORMULA))
    RegistrationFactory(event=event, team=TeamFactory(name="Brass Bats"))
    data = standings_dataset(event=event)
    assert data.headers[:3] == ["rank", "team", "match_points"]
    assert sorted(row[1] for row in data) == sorted([FORMULA, "Brass Bats"])
    cells = [cell for row in csv.reader(io.StringIO(dataset_bytes(data, "csv").decode())) for cell in row]
    assert "'" + FORMULA in cells and FORMULA not in cells


# --- what a store needs (issue 38): the dropped round, e-mails for the organizer, sheets named, words translated ---


def _individual_event(name="Friday Night Magic"):
    from tests.factories import PlayerFactory, UserFactory

    event = EventFactory(name=name, team_size=1)
    for username in ("ann", "ben", "cy"):
        player = PlayerFactory(
            name=username.title(), user=UserFactory(username=username, email=f"{username}@store.example")
        )
        RegistrationFactory(event=event, team=TeamFactory(name=username.title()), seats=[player])
    return event


@pytest.mark.django_db
def test_standings_say_the_round_a_player_dropped_in_and_nothing_for_the_others():
    event = _individual_event()
    event.registrations.filter(team__name="Ben").update(dropped_round=2)
    data = standings_dataset(event=event)
    assert data.headers[-2:] == ["dropped", "did_not_advance"] and "email" not in data.headers
    assert {row[1]: row[-2] for row in data} == {"Ann": "", "Ben": 2, "Cy": ""}
    assert {row[1]: row[-1] for row in data} == {"Ann": "", "Ben": "", "Cy": ""}  # no Day 2 cut


@pytest.mark.django_db
def test_standings_carry_the_players_emails_only_when_asked_for_the_organizer():
    event = _individual_event()
    data = standings_dataset(event=event, emails=True)
    assert data.headers[-3:] == ["dropped", "did_not_advance", "email"]
    assert {row[1]: row[-1] for row in data} == {
        "Ann": "ann@store.example",
        "Ben": "ben@store.example",
        "Cy": "cy@store.example",
    }
    assert not any("@" in str(cell) for row in standings_dataset(event=event) for cell in row)


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("Friday Night Magic", "Friday Night Magic"),
        ("Store Championship: Standard [Top 8] / 2026?", "Store Championship Standard Top"),
        ("'quoted'", "quoted"),
        ("::", "Sheet"),
        ("History", "History 1"),
    ],
)
def test_sheet_title_follows_excels_rules(name, title):
    from tournaments.exports import sheet_title

    assert sheet_title(name) == title and len(sheet_title(name)) <= 31


@pytest.mark.django_db
def test_the_xlsx_sheet_is_named_after_the_event():
    event = _individual_event(name="Friday Night Magic: Standard, week 48 of 2026")
    book = openpyxl.load_workbook(io.BytesIO(dataset_bytes(standings_dataset(event=event), "xlsx")))
    assert book.sheetnames == ["Friday Night Magic Standard, we"]


@pytest.mark.django_db
def test_stages_and_what_decided_a_place_are_translated():
    from django.utils import translation

    from tournaments.exports import decided_by_text, stage_text

    with translation.override("de"):
        assert stage_text("swiss") != "Swiss" and stage_text("final") == "Finale"
        assert decided_by_text("won the final") != "won the final"
        assert decided_by_text("OMW%") == "OMW%"
    with translation.override("en"):
        assert (stage_text("swiss"), decided_by_text("lost the semifinal")) == ("Swiss", "lost the semifinal")
