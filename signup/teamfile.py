"""Team list files for the admin's import: CSV (any separator tournaments.teamcsv detects) or a spreadsheet (xlsx).

A spreadsheet's first sheet is turned into the same `team,seat,player` text the CSV reader reads, row for row, so
the admin, the API (POST /api/v1/events/{id}/teams/import) and a CSV file all go through one reader
(tournaments.teamcsv) and one all-or-nothing import (tournaments.services.registrations.teams_import), and a line
number means the same row in the spreadsheet.

A spreadsheet is a zip: a 2 MB file can unpack to gigabytes (issue 52: an 88 KB sheet took a web process 6.9 s
and 330 MB). So it is bounded by what it inflates to: the zip's declared sizes (which Python's zipfile holds every
member to) are checked against HYDRA_XLSX_MAX_BYTES before the sheet is opened, then the sheet is read row by row
(openpyxl's read-only mode) and refused at a row with values past HYDRA_IMPORT_MAX_ROWS rows, a cell longer than
HYDRA_IMPORT_MAX_CELL_CHARS characters, or 2 MB of text in all.
"""

import csv
import io
import zipfile
from dataclasses import dataclass

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.teamcsv import MAX_BYTES, TeamFileError, TeamRow, cell_too_long, team_rows_parse, too_many_rows

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}
# A team list's columns are at most five (team, seat, player, email, byes); the sheet is read that far and a little
# beyond, so a column Hydra doesn't know is still named in the refusal.
_MAX_COLUMNS = 26
# Excel's own last row: a row numbered past it is no spreadsheet's, and reading stops there.
_SHEET_ROWS = 1_048_576
# An .xlsx holds a dozen members or so; thousands are no team list.
_MAX_MEMBERS = 1000


@dataclass(frozen=True)
class TeamFile:
    rows: list[TeamRow]
    problems: list[str]  # lines that could not be read, each naming its line
    kind: str  # "csv" or "xlsx"
    separator: str  # ",", ";" or "\t" for CSV; "" for a spreadsheet


def _is_xlsx(name: str, data: bytes) -> bool:
    return name.lower().endswith((".xlsx", ".xlsm")) or (data[:2] == b"PK" and zipfile.is_zipfile(io.BytesIO(data)))


def _inflated_check(data: bytes) -> None:
    """Refuse a spreadsheet whose members unpack to more than HYDRA_XLSX_MAX_BYTES, before anything is unpacked."""
    limit = settings.HYDRA_XLSX_MAX_BYTES
    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return  # openpyxl says the file can't be opened, in the words of the sheet's own refusal
    if len(members) > _MAX_MEMBERS or sum(m.file_size for m in members) > limit:
        mb = number_format(max(1, limit // (1024 * 1024)), force_grouping=True)
        raise TeamFileError(
            _(
                "The spreadsheet unpacks to more than %(mb)s MB; Hydra reads at most %(mb)s MB. A team "
                "list is much smaller: check that it is the right file, or save it as CSV UTF-8."
            )
            % {"mb": mb}
        )


def _sheet_as_csv(data: bytes) -> str:
    _inflated_check(data)
    # lazy: openpyxl takes about a second to import; only a spreadsheet upload needs it
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise TeamFileError(
            _("The spreadsheet can't be opened (%(error)s): save it again as .xlsx, or as CSV UTF-8.")
            % {"error": exc.__class__.__name__}
        ) from None
    try:
        return _rows_as_csv(book.worksheets[0].iter_rows(values_only=True, max_col=_MAX_COLUMNS, max_row=_SHEET_ROWS))
    finally:
        book.close()


def _rows_as_csv(rows) -> str:
    """The sheet's rows as CSV text, row for row (an empty row stays a line, so line numbers are the sheet's;
    empty rows at the end are dropped), within the limits: no row with values past row HYDRA_IMPORT_MAX_ROWS + 1
    (the header's), no value longer than HYDRA_IMPORT_MAX_CELL_CHARS."""
    max_rows, max_cell = settings.HYDRA_IMPORT_MAX_ROWS, settings.HYDRA_IMPORT_MAX_CELL_CHARS
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    empty = 0
    for line, row in enumerate(rows, start=1):
        if row.count(None) == len(row):  # quick: openpyxl fills the rows a sheet skips with empty ones
            empty += 1
            continue
        values = ["" if v is None else str(v) for v in row]
        while values and not values[-1].strip():
            values.pop()
        if not values:
            empty += 1
            continue
        if line > max_rows + 1:  # the header and max_rows rows: a row with values past them is one too many
            raise too_many_rows(max_rows)
        if any(len(v) > max_cell for v in values):
            raise cell_too_long(line=line, limit=max_cell)
        out.write("\n" * empty)
        empty = 0
        writer.writerow(values)
        if out.tell() > MAX_BYTES:
            raise TeamFileError(
                _(
                    "The sheet holds more than 2 MB of text: a team list is much smaller. Check that it "
                    "is the right file."
                )
            )
    return out.getvalue()


def _non_utf8_message(data: bytes) -> str:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return _('The file is not UTF-8 text. Save it again as "CSV UTF-8" (in a spreadsheet: Save as, CSV UTF-8).')
    return _(
        'The file is not UTF-8 text: it looks like Windows-1252 or Latin-1, as Excel saves plain "CSV". Hydra '
        "doesn't guess, because a wrong guess turns accented names into other letters. Save it again as \"CSV "
        'UTF-8" (in a spreadsheet: Save as, CSV UTF-8), or upload the .xlsx file itself.'
    )


def team_file_read(*, name: str, data: bytes) -> TeamFile:
    """The rows of an uploaded team list. Raises TeamFileError with a sentence to act on when the file as a whole
    can't be read (too large, not UTF-8 text, not a team list)."""
    if len(data) > MAX_BYTES:
        raise TeamFileError(
            _("The file is larger than 2 MB: a team list is much smaller. Check that it is the right file.")
        )
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
