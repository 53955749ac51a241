"""The one way Hydra writes a spreadsheet (CSV or xlsx): every text cell is made safe first, and the standings
table every export of standings uses (the desk's exports, the admin's standings CSV, signup.exports).

A spreadsheet runs a cell that starts with = + - @ (or a tab or line break, or their full-width forms) as a formula:
a team called `=HYPERLINK("http://evil", "Click")` would be a live link in Excel (CSV injection). Such a text cell
gets a leading apostrophe, which spreadsheets show as plain text (OWASP's advice). Numbers stay numbers.
"""
import tablib

from tournaments.enums import EventStatus
from tournaments.placements import placing_decided_by
from tournaments.models import Event
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event

FORMATS = ("csv", "xlsx")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def safe_cell(value):
    """A cell a spreadsheet shows as written, never runs as a formula: text starting as a formula gets a leading
    apostrophe; anything that isn't text is returned as it is."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def dataset_bytes(dataset: tablib.Dataset, file_format: str) -> bytes:
    """The dataset as a file (`file_format` csv or xlsx), every text cell made safe (safe_cell)."""
    if file_format not in FORMATS:
        raise ValueError(f"unknown export format {file_format!r}; one of {', '.join(FORMATS)}")
    safe = tablib.Dataset(headers=list(dataset.headers or []))
    for row in dataset:
        safe.append([safe_cell(value) for value in row])
    content = safe.export(file_format)
    return content.encode("utf-8") if isinstance(content, str) else content


STANDINGS_COLUMNS = ["rank", "team", "match_points", "record", "byes", "mw", "omw", "gw", "ogw", "decided_by"]


def standings_dataset(*, event: Event, swiss_only: bool = False) -> tablib.Dataset:
    """The standings, one row per team, every figure exact to four decimals. Once the event is finished its final
    placings lead (place and stage first, RULES.md 4) unless `swiss_only`."""
    names = team_names_for_event(event=event)
    rows = standings_for_event(event=event)
    # An individual event's file names players (tournaments.wording): the entrant column says so.
    columns = [("player" if c == "team" and event.is_individual else c) for c in STANDINGS_COLUMNS]

    def cells(row) -> list:
        return [row.rank, str(names.get(row.team, row.team)), row.match_points, row.record, row.byes,
                row.mw.rounded, row.omw.rounded, row.gw.rounded, row.ogw.rounded, row.decided_by]

    if event.status == EventStatus.FINISHED and not swiss_only:
        by_team = {row.team: row for row in rows}
        data = tablib.Dataset(headers=["place", "stage", *columns])
        for placing in placements_for_event(event=event):
            row = by_team[placing.team]
            # A team placed by the top cut was placed by its playoff match, not by the Swiss tiebreakers.
            data.append([placing.place, placing.stage, *cells(row)[:-1],
                         placing_decided_by(placing, swiss_decided_by=row.decided_by)])
        return data
    data = tablib.Dataset(headers=columns)
    for row in rows:
        data.append(cells(row))
    return data
