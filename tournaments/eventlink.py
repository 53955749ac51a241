"""Reading and writing an EventLink invite list (issue 53). Pure: bytes or text in, lines or problems out.

EventLink (Wizards of the Coast's store software) takes an event's invite list as a CSV whose first column holds, on
each line, a player's Wizards Account e-mail address or their display name; whatever else a line holds is ignored.
Files made by hand or by spreadsheets are tolerated: a header row or none (recognised by its first cell, a column
name such as "email" or "display name"), blank lines, a byte-order mark, commas, semicolons or tabs between the
columns (detected from the first line, quoted values left out), quoted values. The bounds of every list Hydra reads
apply (HYDRA_IMPORT_MAX_ROWS rows, HYDRA_IMPORT_MAX_CELL_CHARS characters a value, 2 MB, UTF-8).

What a line becomes (an invitation for an address, a player for a name) is decided by the import service
(tournaments.services.registrations.teams_import_lines), never here.
"""

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from tournaments.exports import FORMULA_STARTS, safe_cell
from tournaments.teamcsv import TeamFileError, cell_too_long, list_rows, list_text, too_many_rows

HEADER_WORDS = frozenset(
    {
        "email",
        "e-mail",
        "email address",
        "e-mail address",
        "emailaddress",
        "mail",
        "display name",
        "displayname",
        "name",
        "player",
        "players",
        "player name",
        "wizards account",
        "wizards account email",
        "wizards account e-mail",
        "email or display name",
        "e-mail or display name",
        "invitee",
        "invite",
    }
)
_QUOTED = re.compile(r'"[^"]*"')


@dataclass(frozen=True)
class InviteLine:
    line: int  # the line number in the file, counting a header and blank lines
    value: str  # the address or display name, spaces collapsed
    is_email: bool


@dataclass
class InviteList:
    lines: list[InviteLine] = field(default_factory=list)
    problems: dict[int, str] = field(default_factory=dict)  # line -> why it is refused (malformed, given twice)
    separator: str = ","
    header: bool = False


def _is_email(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def _separator(first_line: str) -> str:
    bare = _QUOTED.sub("", first_line)
    counts = {sep: bare.count(sep) for sep in (",", ";", "\t")}
    return max(counts, key=lambda sep: counts[sep]) if max(counts.values()) else ","


def invite_list_parse(data: bytes | str) -> InviteList:
    """The lines of an EventLink invite list and the problems of single lines, each by its line number: a first
    column that is empty on a line with values, an address that isn't one, a player given twice (the first line
    counts). Raises TeamFileError when the file as a whole can't be read (encoding, binary, empty, the bounds)."""
    max_rows, max_cell = settings.HYDRA_IMPORT_MAX_ROWS, settings.HYDRA_IMPORT_MAX_CELL_CHARS
    text = list_text(data).lstrip("\ufeff")
    if "\x00" in text:
        raise TeamFileError(_("The file contains binary data; export the invite list as CSV text."))
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not first:
        raise TeamFileError(
            _("The file is empty: an invite list has a player's e-mail address or display name on each line.")
        )
    result = InviteList(separator=_separator(first))
    reader = csv.reader(io.StringIO(text.rstrip()), delimiter=result.separator)
    seen: dict[str, int] = {}
    values_seen = 0
    for values in list_rows(reader, max_cell=max_cell):
        line = reader.line_num
        if not any(v.strip() for v in values):
            continue
        values_seen += 1
        value = " ".join(values[0].split()) if values else ""
        if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):  # safe_cell's apostrophe
            value = value[1:]
        if values_seen == 1 and value.lower() in HEADER_WORDS:
            result.header = True
            continue
        if values_seen - result.header > max_rows:
            raise too_many_rows(max_rows)
        if not value:
            result.problems[line] = _("the first column is empty: give an e-mail address or a display name there.")
            continue
        is_email = "@" in value
        if is_email and not _is_email(value):
            result.problems[line] = _("%(value)s is not an e-mail address (a display name has no @).") % {
                "value": value
            }
            continue
        key = value.lower()
        if key in seen:
            result.problems[line] = _("%(value)s is given twice (also line %(other)d): it is imported once.") % {
                "value": value,
                "other": seen[key],
            }
            continue
        seen[key] = line
        result.lines.append(InviteLine(line=line, value=value, is_email=is_email))
    if not result.lines and not result.problems:
        raise TeamFileError(
            _("The file has no players: an invite list has a player's e-mail address or display name on each line.")
        )
    return result


def invite_list_csv(values: Iterable[str]) -> bytes:
    """An invite list as EventLink takes it: one value a line in the first column, no header, UTF-8 with a
    byte-order mark (spreadsheets then read the accents right). A value that would start a formula gets the leading
    apostrophe every export of Hydra gives it (tournaments.exports.safe_cell); invite_list_parse takes it off
    again, so the list round-trips."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for value in values:
        writer.writerow([safe_cell(value)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


__all__ = ["InviteLine", "InviteList", "TeamFileError", "cell_too_long", "invite_list_csv", "invite_list_parse"]
