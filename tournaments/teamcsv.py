"""Reading a team list file (`team,seat,player` rows, RULES.md 1). Pure: bytes or text in, rows or problems out.

An individual event's list has the one column `player` (RULES.md 9): each row is a team of one, named as the
player, on seat A. Either list may add the column `email`: the player's e-mail address, for their claim link or,
when it is an existing account's, to invite that account (docs/registration.md); and the column `byes`: the byes
the team or player earned in advance, 0 to 3 (issue 42; on any row of a team, the highest counts).

The separator is detected (comma, semicolon or tab, as spreadsheets export them), the header may be in any case and
order, extra columns are refused by name, and the encoding must be UTF-8 (a byte-order mark is fine).
"""
import csv
import io
from dataclasses import dataclass

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


def _text(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    if len(data) > MAX_BYTES:
        raise TeamFileError(_("The file is larger than 2 MB: a team list is much smaller. Check that it is the right file."))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TeamFileError(
            _("The file is not UTF-8 text. Save it again as \"CSV UTF-8\" (in a spreadsheet: Save as, CSV UTF-8).")
        ) from None


def team_rows_parse(data: bytes | str) -> tuple[list[TeamRow], list[str]]:
    """The rows of a team list and the problems of single lines (each message names its line).

    Raises TeamFileError when the file as a whole can't be read (encoding, no header, missing columns).
    """
    text = _text(data).lstrip("\ufeff")
    if "\x00" in text:
        raise TeamFileError(_("The file contains binary data; export the team list as CSV text."))
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise TeamFileError(_("The file is empty: the first line is the header team,seat,player, then one line per player."))
    header_line = lines[0]
    counts = {sep: header_line.count(sep) for sep in (",", ";", "\t")}
    separator = max(counts, key=counts.get) if max(counts.values()) else ","
    reader = csv.reader(io.StringIO(text), delimiter=separator)
    header = [h.strip().lower() for h in next(reader)]
    players_only = [h for h in header if h and h not in OPTIONAL] == ["player"]
    missing = [c for c in COLUMNS if c not in header]
    if missing and not players_only:
        raise TeamFileError(
            _("The header must name the columns team, seat and player, or only player for an individual event; an "
              "email column may go beside player (found: %(found)s).")
            % {"found": ", ".join(h for h in header if h) or _("nothing")}
        )
    extra = [h for h in header if h and h not in COLUMNS + OPTIONAL]
    if extra:
        raise TeamFileError(_("Unknown column(s) %(cols)s: the columns are team, seat, player, email and byes.")
                            % {"cols": ", ".join(extra)})
    # A players-only list: each player is a team of one on seat A, named as the player.
    index = {c: header.index("player" if players_only else c) for c in COLUMNS}
    rows: list[TeamRow] = []
    problems: list[str] = []
    for values in reader:
        line = reader.line_num
        if not any(v.strip() for v in values):
            continue
        if len(values) > len(header):
            problems.append(_("Line %(n)d: more values than columns (%(cols)s).") % {"n": line, "cols": ", ".join(header)})
            continue
        values = values + [""] * (len(header) - len(values))
        email = " ".join(values[header.index("email")].split()) if "email" in header else ""
        byes_text = values[header.index("byes")].strip() if "byes" in header else ""
        if byes_text not in ("", "0", "1", "2", "3"):
            problems.append(_("Line %(n)d: byes are a whole number from 0 to 3 (found %(value)s).")
                            % {"n": line, "value": byes_text})
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
