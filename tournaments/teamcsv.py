"""Reading a team list file (`team,seat,player` rows, RULES.md 1). Pure: bytes or text in, rows or problems out.

An individual event's list has the one column `player` (RULES.md 9): each row is a team of one, named as the
player, on seat A. Either list may add the column `email`: the player's e-mail address, for their claim link or,
when it is an existing account's, to invite that account (docs/registration.md); and the column `byes`: the byes
the team or player earned in advance, 0 to 3 (issue 42; on any row of a team, the highest counts).

The separator is detected (comma, semicolon or tab, as spreadsheets export them), the header may be in any case and
order, extra columns are refused by name, and the encoding must be UTF-8 (a byte-order mark is fine). A list holds at
most HYDRA_IMPORT_MAX_ROWS rows of HYDRA_IMPORT_MAX_CELL_CHARS characters a value (issue 52): the refusal names the
limit.
"""

import csv
import io
from dataclasses import dataclass

from django.conf import settings
from django.utils.formats import number_format
from django.utils.translation import gettext as _

COLUMNS = ("team", "seat", "player")
OPTIONAL = ("email", "byes")
MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class TeamRow:
    line: int  # the line number in the file, the header being line 1
    team: str
    seat: str
    player: str
    email: str = ""
    byes: int = 0


class TeamFileError(ValueError):
    """The file as a whole can't be read; the message says how to fix it."""


def too_many_rows(limit: int) -> TeamFileError:
    """The refusal of a list longer than Hydra reads, naming the limit."""
    n = number_format(limit, force_grouping=True)
    return TeamFileError(
        _("The list has more than %(n)s rows; Hydra reads at most %(n)s. Split it, or check that it is the right file.")
        % {"n": n}
    )


def cell_too_long(*, line: int, limit: int) -> TeamFileError:
    """The refusal of a value longer than Hydra reads, naming its line and the limit."""
    n = number_format(limit, force_grouping=True)
    return TeamFileError(
        _(
            "Line %(line)d has a value longer than %(n)s characters; Hydra reads at most %(n)s "
            "characters a value (a team, seat, player or e-mail address)."
        )
        % {"line": line, "n": n}
    )


def list_text(data: bytes | str) -> str:
    """A list file's text: UTF-8 (a byte-order mark is fine) and at most 2 MB, else TeamFileError saying why."""
    if isinstance(data, str):
        return data
    if len(data) > MAX_BYTES:
        raise TeamFileError(
            _("The file is larger than 2 MB: a team list is much smaller. Check that it is the right file.")
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TeamFileError(
            _('The file is not UTF-8 text. Save it again as "CSV UTF-8" (in a spreadsheet: Save as, CSV UTF-8).')
        ) from None


def team_rows_parse(data: bytes | str) -> tuple[list[TeamRow], list[str]]:
    """The rows of a team list and the problems of single lines (each message names its line).

    Raises TeamFileError when the file as a whole can't be read (encoding, no header, missing columns, more rows
    or a longer value than HYDRA_IMPORT_MAX_ROWS and HYDRA_IMPORT_MAX_CELL_CHARS allow).
    """
    max_rows, max_cell = settings.HYDRA_IMPORT_MAX_ROWS, settings.HYDRA_IMPORT_MAX_CELL_CHARS
    text = list_text(data).lstrip("\ufeff")
    if "\x00" in text:
        raise TeamFileError(_("The file contains binary data; export the team list as CSV text."))
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise TeamFileError(
            _("The file is empty: the first line is the header team,seat,player, then one line per player.")
        )
    header_line = lines[0]
    counts = {sep: header_line.count(sep) for sep in (",", ";", "\t")}
    separator = max(counts, key=counts.get) if max(counts.values()) else ","
    # Blank lines at the end cost nothing; a row with values is refused past the header and max_rows lines.
    reader = csv.reader(io.StringIO(text.rstrip()), delimiter=separator)
    try:
        header = [h.strip().lower() for h in next(reader)]
    except csv.Error:  # a value longer than the csv module's own limit (128 KB)
        raise cell_too_long(line=1, limit=max_cell) from None
    players_only = [h for h in header if h and h not in OPTIONAL] == ["player"]
    missing = [c for c in COLUMNS if c not in header]
    if missing and not players_only:
        raise TeamFileError(
            _(
                "The header must name the columns team, seat and player, or only player for an individual event; an "
                "email column may go beside player (found: %(found)s)."
            )
            % {"found": ", ".join(h for h in header if h) or _("nothing")}
        )
    extra = [h for h in header if h and h not in COLUMNS + OPTIONAL]
    if extra:
        raise TeamFileError(
            _("Unknown column(s) %(cols)s: the columns are team, seat, player, email and byes.")
            % {"cols": ", ".join(extra)}
        )
    # A players-only list: each player is a team of one on seat A, named as the player.
    index = {c: header.index("player" if players_only else c) for c in COLUMNS}
    rows: list[TeamRow] = []
    problems: list[str] = []
    for values in list_rows(reader, max_cell=max_cell):
        line = reader.line_num
        if not any(v.strip() for v in values):
            continue
        if line > max_rows + 1:  # the header and max_rows rows: a row with values past them is one too many
            raise too_many_rows(max_rows)
        if len(values) > len(header):
            problems.append(
                _("Line %(n)d: more values than columns (%(cols)s).") % {"n": line, "cols": ", ".join(header)}
            )
            continue
        values = values + [""] * (len(header) - len(values))
        email = " ".join(values[header.index("email")].split()) if "email" in header else ""
        byes_text = values[header.index("byes")].strip() if "byes" in header else ""
        if byes_text not in ("", "0", "1", "2", "3"):
            problems.append(
                _("Line %(n)d: byes are a whole number from 0 to 3 (found %(value)s).")
                % {"n": line, "value": byes_text}
            )
            continue
        byes = int(byes_text or 0)
        row = TeamRow(line=line, email=email, byes=byes, **{c: " ".join(values[index[c]].split()) for c in COLUMNS})
        if players_only and row.player:
            row = TeamRow(line=line, team=row.player, seat="A", player=row.player, email=email, byes=byes)
        empty = [c for c in COLUMNS if not getattr(row, c)]
        if empty:
            problems.append(_("Line %(n)d: %(cols)s missing.") % {"n": line, "cols": ", ".join(empty)})
            continue
        rows.append(row)
    if not rows and not problems:
        raise TeamFileError(_("The file has a header but no players: add one line per player (team,seat,player)."))
    return rows, problems


def list_rows(reader, *, max_cell: int):
    """The reader's rows, refused at the first value longer than `max_cell` characters."""
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error:  # a value longer than the csv module's own limit (128 KB)
            raise cell_too_long(line=reader.line_num, limit=max_cell) from None
        if any(len(v) > max_cell for v in values):
            raise cell_too_long(line=reader.line_num, limit=max_cell)
        yield values
