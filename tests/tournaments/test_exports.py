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
