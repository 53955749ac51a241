"""Team lists are bounded by what they inflate to, not by their compressed size (issue 52): an 88 KB .xlsx at the
desk's import took a web process 6.9 s and 330 MB, a 262 KB one 29 s and 1.2 GB, because the whole sheet became
one string. A spreadsheet's zip is checked before it is opened, its sheet read row by row, and a list (CSV too) is
refused past HYDRA_IMPORT_MAX_ROWS rows or HYDRA_IMPORT_MAX_CELL_CHARS characters a value, the limit named."""

import io
import time
import tracemalloc
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from signup.teamfile import team_file_read
from tests.factories import EventFactory, OrganizerFactory
from tournaments.models import Registration
from tournaments.teamcsv import TeamFileError, team_rows_parse

MB = 1024 * 1024
SHEET = "xl/worksheets/sheet1.xml"
SHEET_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
)
SHEET_TAIL = "</sheetData></worksheet>"


def _cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def _row(number: int, *values: str) -> str:
    return f'<row r="{number}">' + "".join(_cell(f"{col}{number}", v) for col, v in zip("ABCDE", values)) + "</row>"


def xlsx_with_sheet(parts) -> bytes:
    """A real .xlsx (openpyxl's own), its first sheet's XML replaced by `parts` (strings), streamed into the zip."""
    book = openpyxl.Workbook()
    book.active.append(["team", "seat", "player"])
    plain = io.BytesIO()
    book.save(plain)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(plain.getvalue())) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for item in source.infolist():
            if item.filename != SHEET:
                target.writestr(item, source.read(item.filename))
        with target.open(SHEET, "w") as sheet:
            for part in parts:
                sheet.write(part.encode())
    return out.getvalue()


def _measured(call):
    """Run `call`, which must refuse; the refusal, the seconds and the peak of traced memory (bytes)."""
    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(TeamFileError) as refused:
            call()
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return str(refused.value), time.monotonic() - started, peak


def test_a_zip_bomb_xlsx_of_one_huge_repeated_cell_is_refused_before_it_is_opened():
    huge = "A" * MB
    data = xlsx_with_sheet(
        [SHEET_HEAD, '<row r="1"><c r="A1" t="inlineStr"><is><t>', *([huge] * 40), "</t></is></c></row>", SHEET_TAIL]
    )
    assert len(data) < 100 * 1024  # 40 MB of sheet in a few dozen KB
    message, seconds, peak = _measured(lambda: team_file_read(name="teams.xlsx", data=data))
    assert message.startswith("The spreadsheet unpacks to more than 10 MB; Hydra reads at most 10 MB.")
    print(
        f"\nxlsx bomb ({len(data) // 1024} KB, 40 MB inflated): refused in {seconds:.3f} s, "
        f"peak traced memory {peak / MB:.2f} MB"
    )
    assert seconds < 2 and peak < 4 * MB


def test_a_sheet_of_more_rows_than_hydra_reads_is_refused_with_the_limit(settings):
    rows = (_row(n, f"Team {n}", "A", f"Player {n}") for n in range(2, 20_002))
    data = xlsx_with_sheet([SHEET_HEAD, _row(1, "team", "seat", "player"), *rows, SHEET_TAIL])
    assert len(data) < 2 * MB  # under the upload's own cap: only the rows refuse it
    message, seconds, peak = _measured(lambda: team_file_read(name="teams.xlsx", data=data))
    assert message.startswith("The list has more than 5,000 rows; Hydra reads at most 5,000.")
    print(
        f"\nxlsx of 20,000 rows ({len(data) // 1024} KB): refused in {seconds:.3f} s, "
        f"peak traced memory {peak / MB:.2f} MB"
    )
    assert peak < 32 * MB
    settings.HYDRA_IMPORT_MAX_ROWS = 100
    small = xlsx_with_sheet(
        [
            SHEET_HEAD,
            _row(1, "team", "seat", "player"),
            *(_row(n, f"Team {n}", "A", f"P {n}") for n in range(2, 103)),
            SHEET_TAIL,
        ]
    )
    with pytest.raises(TeamFileError, match="more than 100 rows; Hydra reads at most 100"):
        team_file_read(name="teams.xlsx", data=small)


def test_a_sheet_whose_rows_jump_past_the_limit_is_refused_and_a_small_gap_keeps_the_line_numbers():
    data = xlsx_with_sheet(
        [
            SHEET_HEAD,
            _row(1, "team", "seat", "player"),
            _row(3, "Ants", "A", "Ada"),
            _row(1_048_576, "Bats", "A", "Bo"),
            _row(99_999_999, "Cats", "A", "Cy"),
            SHEET_TAIL,
        ]
    )
    with pytest.raises(TeamFileError, match="The list has more than 5,000 rows"):
        team_file_read(name="teams.xlsx", data=data)
    data = xlsx_with_sheet(
        [
            SHEET_HEAD,
            _row(1, "team", "seat", "player"),
            _row(3, "Ants", "A", "Ada"),
            _row(7, "Bats", "A", ""),
            SHEET_TAIL,
        ]
    )
    teamfile = team_file_read(name="teams.xlsx", data=data)
    assert [(r.line, r.team, r.player) for r in teamfile.rows] == [(3, "Ants", "Ada")]
    assert teamfile.problems == ["Line 7: player missing."]


def test_a_value_longer_than_hydra_reads_is_refused_naming_its_line():
    data = xlsx_with_sheet([SHEET_HEAD, _row(1, "team", "seat", "player"), _row(2, "Ants", "A", "x" * 600), SHEET_TAIL])
    with pytest.raises(TeamFileError, match="Line 2 has a value longer than 500 characters; Hydra reads at most 500"):
        team_file_read(name="teams.xlsx", data=data)
    with pytest.raises(TeamFileError, match="Line 3 has a value longer than 500 characters"):
        team_rows_parse("team,seat,player\nAnts,A,Ada\nAnts,B," + "y" * 200_000 + "\n")


def test_a_csv_of_more_rows_than_hydra_reads_is_refused(settings):
    settings.HYDRA_IMPORT_MAX_ROWS = 10
    text = "player\n" + "".join(f"Player {n}\n" for n in range(11))
    with pytest.raises(TeamFileError, match="more than 10 rows; Hydra reads at most 10"):
        team_rows_parse(text)
    rows, problems = team_rows_parse("player\n" + "".join(f"Player {n}\n" for n in range(10)) + "\n" * 100_000)
    assert len(rows) == 10 and problems == []  # blank lines at the end don't count


@pytest.mark.django_db
def test_the_desk_and_the_api_refuse_a_list_past_the_limits_with_a_sentence_not_a_500(client, settings):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, team_size=1)
    client.force_login(organizer)
    settings.HYDRA_IMPORT_MAX_ROWS = 3
    bomb = xlsx_with_sheet([SHEET_HEAD, _row(1, "player"), *(_row(n, f"P {n}") for n in range(2, 10)), SHEET_TAIL])
    response = client.post(
        reverse("desk:import_teams", args=[event.pk]), {"file": SimpleUploadedFile("teams.xlsx", bomb)}
    )
    assert response.status_code == 400 and "The list has more than 3 rows; Hydra reads at most 3." in response.text
    response = client.post(
        reverse("api:team-import", args=[event.pk]),
        "player\n" + "".join(f"P {n}\n" for n in range(9)),
        content_type="text/csv",
    )
    assert response.status_code == 400 and "more than 3 rows" in response.text
    assert not Registration.objects.filter(event=event).exists()
