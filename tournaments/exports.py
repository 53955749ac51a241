"""The one way Hydra writes a spreadsheet (CSV or xlsx): every text cell is made safe first, an xlsx sheet is named
after the event (within Excel's rules for sheet names), and the standings table every export of standings uses (the
desk's exports, the admin's standings CSV, signup.exports).

A spreadsheet runs a cell that starts with = + - @ (or a tab or line break, or their full-width forms) as a formula:
a team called `=HYPERLINK("http://evil", "Click")` would be a live link in Excel (CSV injection). Such a text cell
gets a leading apostrophe, which spreadsheets show as plain text (OWASP's advice). Numbers stay numbers.
"""

import re

import tablib
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.enums import EventStatus
from tournaments.placements import placing_decided_by
from tournaments.models import Event, Registration, Seat, WizardsAccount
from tournaments.selectors.placements import placements_for_event
from tournaments.selectors.standings import standings_for_event, team_names_for_event

FORMATS = ("csv", "xlsx")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def safe_cell(value):
    """A cell a spreadsheet shows as written, never runs as a formula: text starting as a formula gets a leading
    apostrophe; anything that isn't text is returned as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


# Excel's rules for a sheet's name: at most 31 characters, none of : \ / ? * [ ], not starting or ending with an
# apostrophe, not empty, and not "History" (Excel keeps that name for itself).
SHEET_NAME_LENGTH = 31
_SHEET_FORBIDDEN = re.compile(r"[:\\/?*\[\]\x00-\x1f]")


def sheet_title(name: str) -> str:
    """`name` as an xlsx sheet's name Excel opens: forbidden characters become spaces, runs of spaces one, cut to 31
    characters, apostrophes at either end taken off; "Sheet" when nothing is left, "History" is "History 1"."""
    title = " ".join(_SHEET_FORBIDDEN.sub(" ", name or "").split())[:SHEET_NAME_LENGTH].strip().strip("'").strip()
    if not title:
        return "Sheet"
    return "History 1" if title.lower() == "history" else title


def dataset_bytes(dataset: tablib.Dataset, file_format: str, *, title: str = "") -> bytes:
    """The dataset as a file (`file_format` csv or xlsx), every text cell made safe (safe_cell); an xlsx sheet is
    named `title` (the event's name) as Excel allows (sheet_title)."""
    if file_format not in FORMATS:
        raise ValueError(f"unknown export format {file_format!r}; one of {', '.join(FORMATS)}")
    safe = tablib.Dataset(headers=list(dataset.headers or []), title=sheet_title(title or dataset.title or ""))
    for row in dataset:
        safe.append([safe_cell(value) for value in row])
    content = safe.export(file_format)
    return content.encode("utf-8") if isinstance(content, str) else content


STANDINGS_COLUMNS = [
    "rank",
    "team",
    "match_points",
    "record",
    "byes",
    "mw",
    "omw",
    "gw",
    "ogw",
    "decided_by",
    "dropped",
    "did_not_advance",
]

# A Commander night's standings (multiplayer.selectors.multiplayer_standing_rows, issue 56) name their own figures:
# points, pods won-lost-drawn, the points as a share of the most, the opponents' average, the pods won per pod
# played and the average seat (a number, not a share).
MULTIPLAYER_COLUMNS = {
    "team": "player",
    "match_points": "points",
    "mw": "points_share",
    "omw": "opponents_average",
    "gw": "pods_won_share",
    "ogw": "average_seat",
}


def stage_text(stage: str) -> str:
    """A placing's stage (tournaments.placements.STAGES) in the reader's language: "Swiss", "Final" ..."""
    if stage.startswith("round_of_"):
        return _("Round of %(n)s") % {"n": stage.rsplit("_", 1)[1]}
    return {
        "final": _("Final"),
        "semifinal": _("Semifinal"),
        "quarterfinal": _("Quarterfinal"),
        "top_pod": _("Top pod"),
        "swiss": pgettext("stage of an event", "Swiss"),
    }.get(stage, stage)


def decided_by_text(criterion: str) -> str:
    """What decided a place (tournaments.standings' criteria, tournaments.placements.placing_decided_by) in the
    reader's language; the figures' abbreviations (OMW%, GW%, OGW%) stay as the MTR writes them."""
    if criterion.startswith("lost in the round of "):
        return _("lost in the round of %(n)s") % {"n": criterion.rsplit(" ", 1)[1]}
    return {
        "match points": _("match points"),
        "final tiebreak": _("final tiebreak"),
        "rating": _("rating"),
        "won the final": _("won the final"),
        "lost the final": _("lost the final"),
        "lost the semifinal": _("lost the semifinal"),
        "lost the quarterfinal": _("lost the quarterfinal"),
        # A Commander night's (multiplayer.selectors.multiplayer_standing_rows, issue 56).
        "points": _("points"),
        "opponents' average": _("opponents' average"),
        "pods won": _("pods won"),
        "seat order": _("seat order"),
        "won the top pod": _("won the top pod"),
        "played the top pod": _("played the top pod"),
    }.get(criterion, criterion)


def _emails(event: Event) -> dict[int, str]:
    """Registration id -> its players' e-mail addresses, seat by seat ("; " between them). One query."""
    found: dict[int, list[str]] = {}
    for registration, email in (
        Seat.objects.filter(event=event)
        .order_by("registration_id", "letter")
        .values_list("registration_id", "player__user__email")
    ):
        if email:
            found.setdefault(registration, []).append(email)
    return {registration: "; ".join(emails) for registration, emails in found.items()}


def _out_rounds(event: Event) -> tuple[dict[int, int], dict[int, int]]:
    """(registration id -> the round it dropped after, -> the round of the Day 2 cut it did not advance past), for
    the teams that have one. One query."""
    dropped, cut = {}, {}
    for pk, dropped_round, cut_round in (
        Registration.objects.filter(event=event)
        .filter(Q(dropped_round__isnull=False) | Q(day2_cut_round__isnull=False))
        .values_list("id", "dropped_round", "day2_cut_round")
    ):
        if dropped_round is not None:
            dropped[pk] = dropped_round
        if cut_round is not None:
            cut[pk] = cut_round
    return dropped, cut


SANCTIONING_COLUMNS = (
    "place",
    "team",
    "seat",
    "player",
    "email",
    "wizards_email",
    "dci_number",
    "match_points",
    "record",
    "dropped",
    "did_not_advance",
)


def sanctioning_dataset(*, event: Event) -> tablib.Dataset:
    """The event's roster and results as a store re-enters or uploads them to its sanctioning body: one row per
    player, by final placing (the placings so far before the end): place, team, seat, player's name, e-mail (empty
    for a placeholder without an account), match points, the team's record, the round it dropped in and the round
    of the Day 2 cut it did not advance past. An
    individual event has no team and seat columns. With them the player's Wizards Account e-mail and legacy DCI
    number, where the player gave them on their profile and shared them with their events' organizers (issue 53,
    tournaments.rights.may_see_wizards_account; empty otherwise). Five queries and the standings'."""
    names = team_names_for_event(event=event)
    rows = {row.team: row for row in standings_for_event(event=event)}
    dropped, cut = _out_rounds(event)
    wizards = {
        player: (email, dci)
        for player, email, dci in WizardsAccount.objects.filter(player__seats__event=event, shared=True).values_list(
            "player_id", "email", "dci_number"
        )
    }
    seats: dict[int, list[tuple[str, str, str, tuple[str, str]]]] = {}
    for registration, letter, player_id, player, email in (
        Seat.objects.filter(event=event)
        .order_by("registration_id", "letter")
        .values_list("registration_id", "letter", "player_id", "player__name", "player__user__email")
    ):
        seats.setdefault(registration, []).append((letter, player, email or "", wizards.get(player_id, ("", ""))))
    columns = [c for c in SANCTIONING_COLUMNS if not (event.is_individual and c in ("team", "seat"))]
    data = tablib.Dataset(headers=columns, title=event.name)
    for placing in placements_for_event(event=event):
        row = rows.get(placing.team)
        for letter, player, email, (wizards_email, dci_number) in seats.get(placing.team, []):
            cells = {
                "wizards_email": wizards_email,
                "dci_number": dci_number,
                "place": placing.place,
                "team": names.get(placing.team, ""),
                "seat": letter,
                "player": player,
                "email": email,
                "match_points": row.match_points if row else 0,
                "record": row.record if row else "",
                "dropped": dropped.get(placing.team, ""),
                "did_not_advance": cut.get(placing.team, ""),
            }
            data.append([cells[c] for c in columns])
    return data


def standings_dataset(*, event: Event, swiss_only: bool = False, emails: bool = False) -> tablib.Dataset:
    """The standings, one row per team, every figure exact to four decimals, with the round each dropped team
    dropped in (`dropped`, empty for the others), the round of the Day 2 cut each team below it did not advance
    past (`did_not_advance`) and, with `emails` (the organizer's exports only), its players'
    e-mail addresses. Once the event is finished its final placings lead (place and stage first, RULES.md 4)
    unless `swiss_only`. Stages and what decided a place are in the reader's language."""
    names = team_names_for_event(event=event)
    rows = standings_for_event(event=event)
    dropped, cut = _out_rounds(event)
    addresses = _emails(event) if emails else {}
    # An individual event's file names players (tournaments.wording): the entrant column says so.
    columns = [("player" if c == "team" and event.is_individual else c) for c in STANDINGS_COLUMNS]
    if event.is_multiplayer:
        columns = [MULTIPLAYER_COLUMNS.get(c, c) for c in STANDINGS_COLUMNS]
    if emails:
        columns.append("email")

    def cells(row, decided_by: str) -> list:
        line = [
            row.rank,
            str(names.get(row.team, row.team)),
            row.match_points,
            row.record,
            row.byes,
            row.mw.rounded,
            row.omw.rounded,
            row.gw.rounded,
            row.ogw.rounded,
            decided_by_text(decided_by),
            dropped.get(row.team, ""),
            cut.get(row.team, ""),
        ]
        return [*line, addresses.get(row.team, "")] if emails else line

    title = event.name
    if event.status == EventStatus.FINISHED and not swiss_only:
        by_team = {row.team: row for row in rows}
        data = tablib.Dataset(headers=["place", "stage", *columns], title=title)
        for placing in placements_for_event(event=event):
            row = by_team[placing.team]
            # A team placed by the top cut was placed by its playoff match, not by the Swiss tiebreakers.
            data.append(
                [
                    placing.place,
                    stage_text(placing.stage),
                    *cells(row, placing_decided_by(placing, swiss_decided_by=row.decided_by)),
                ]
            )
        return data
    data = tablib.Dataset(headers=columns, title=title)
    for row in rows:
        data.append(cells(row, row.decided_by))
    return data
