"""Team list files for the admin's import: CSV (any separator tournaments.teamcsv detects) or a spreadsheet (xlsx).

A spreadsheet's first sheet is turned into the same `team,seat,player` text the CSV reader reads, row for row, so
the admin, the API (POST /api/v1/events/{id}/teams/import) and a CSV file all go through one reader
(tournaments.teamcsv) and one all-or-nothing import (tournaments.services.registrations.teams_import), and a line
number means the same row in the spreadsheet.
"""
import csv
import io
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.teamcsv import MAX_BYTES, TeamFileError, TeamRow, team_rows_parse

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}


@dataclass(frozen=True)
class TeamFile:
    rows: list[TeamRow]
    problems: list[str]  # lines that could not be read, each naming its line
    kind: str  # "csv" or "xlsx"
    separator: str  # ",", ";" or "\t" for CSV; "" for a spreadsheet


def _is_xlsx(name: str, data: bytes) -> bool:
    return name.lower().endswith((".xlsx", ".xlsm")) or (data[:2] == b"PK" and zipfile.is_zipfile(io.BytesIO(data)))


def _sheet_as_csv(data: bytes) -> str:
    # lazy: openpyxl takes about a second to import; only a spreadsheet upload needs it
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise TeamFileError(_("The spreadsheet can't be opened (%(error)s): save it again as .xlsx, or as CSV UTF-8.")
                            % {"error": exc.__class__.__name__}) from None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in book.worksheets[0].iter_rows(values_only=True):
        writer.writerow(["" if v is None else str(v) for v in row])
    book.close()
    return out.getvalue()


def _non_utf8_message(data: bytes) -> str:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return _("The file is not UTF-8 text. Save it again as \"CSV UTF-8\" (in a spreadsheet: Save as, CSV UTF-8).")
    return _("The file is not UTF-8 text: it looks like Windows-1252 or Latin-1, as Excel saves plain \"CSV\". Hydra "
             "doesn't guess, because a wrong guess turns accented names into other letters. Save it again as \"CSV "
             "UTF-8\" (in a spreadsheet: Save as, CSV UTF-8), or upload the .xlsx file itself.")


def team_file_read(*, name: str, data: bytes) -> TeamFile:
    """The rows of an uploaded team list. Raises TeamFileError with a sentence to act on when the file as a whole
    can't be read (too large, not UTF-8 text, not a team list)."""
    if len(data) > MAX_BYTES:
        raise TeamFileError(_("The file is larger than 2 MB: a team list is much smaller. Check that it is the right file."))
    if _is_xlsx(name, data):
        rows, problems = team_rows_parse(_sheet_as_csv(data))
        return TeamFile(rows=rows, problems=problems, kind="xlsx", separator="")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TeamFileError(_non_utf8_message(data)) from None
    rows, problems = team_rows_parse(text)
    header = text.splitlines()[0] if text.strip() else ""
    counts = {sep: header.count(sep) for sep in SEPARATORS}
    separator = max(counts, key=counts.get) if max(counts.values()) else ","
    return TeamFile(rows=rows, problems=problems, kind="csv", separator=separator)
