"""Importing an event's teams from a file (CSV or xlsx), for the desk and the admin alike (docs/registration.md).

The preview is the real import run inside a transaction that is rolled back, so what it shows is exactly what the
confirmation writes: all teams or none, through tournaments.services.registrations.teams_import (the API's import
too). Each player of the file is matched only to the organizer's own unclaimed placeholders (by name, username or
e-mail; tournaments.services.players.players_find_or_create_all); everyone else gets a new placeholder they claim
later. A name or `email` that is another account's gets a placeholder too and that account is invited, never
seated. The preview says which seats are matched, new or invited, and shows nothing the file doesn't say (no
account's name, username or address); a seat named by an e-mail address reads the same whether the address is an
account's or not (the invitation is sent by the confirmed import only); an ambiguous name is a refusal.
"""

import base64
import binascii
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from signup.teamfile import team_file_read
from tournaments.models import Event, Player, Registration, Seat
from tournaments.selectors.placeholders import invited_seats
from tournaments.services.players import email_of
from tournaments.services.registrations import team_entries_from_rows, teams_import
from tournaments.teamcsv import TeamFileError

MAX_UPLOAD = 2 * 1024 * 1024
TEMPLATE_CSV = (
    "team,seat,player,email\nAzure Ants,A,Ada Lovelace,ada@example.org\nAzure Ants,B,walkcap,\n"
    "Azure Ants,C,grace@example.org,\n"
)


@dataclass(frozen=True)
class SeatPreview:
    letter: str
    player: str  # the player's name, as the file gave it (or an earlier file of the same organizer)
    status: str  # "matched" (the organizer's own unclaimed placeholder), "new", "invited" (an existing account's
    #              username was named: a new placeholder holds the seat and the account's person is asked; never said
    #              who), or "address" (new, named by an e-mail address: whether the address is an account's is never
    #              said, as sign-up and the password reset don't say it either)


@dataclass
class ImportPreview:
    teams: list[tuple[str, list[SeatPreview]]] = field(default_factory=list)
    file_error: str = ""
    row_errors: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.teams) and not self.file_error and not self.row_errors

    @property
    def counts(self) -> dict[str, int]:
        seats = [s for _team, team_seats in self.teams for s in team_seats]
        counts = {status: sum(s.status == status for s in seats) for status in ("matched", "new", "invited")}
        counts["new"] += sum(s.status == "address" for s in seats)  # a new placeholder holds each of them
        return counts


class _Preview(Exception):
    """Rolls the preview's import back."""


def _read(*, name: str, data: bytes):
    teamfile = team_file_read(name=name, data=data)
    return teamfile, team_entries_from_rows(teamfile.rows)


def team_file_preview(*, event: Event, name: str, data: bytes, user) -> ImportPreview:
    """What importing this file would register, seat by seat with each player matched or new; or why it can't."""
    try:
        teamfile, entries = _read(name=name, data=data)
    except TeamFileError as exc:
        return ImportPreview(file_error=str(exc))
    newest = Player.objects.aggregate(m=Max("pk"))["m"] or 0
    preview = ImportPreview()
    try:
        with transaction.atomic():
            registered = teams_import(event=event, teams=entries, user=user, problems=teamfile.problems)
            invited = invited_seats(event_id=event.pk, registration_ids=[r.pk for r in registered])
            addressed = {
                (registration.pk, seat.letter.strip().upper())  # teams_import keeps the file's order
                for registration, entry in zip(registered, entries, strict=True)
                for seat in entry.seats
                if seat.email or email_of(" ".join(seat.player.split()))
            }
            by_team: dict[int, list[SeatPreview]] = {}
            for s in (
                Seat.objects.filter(registration__in=registered)
                .select_related("player")
                .order_by("registration", "letter")
            ):
                status = (
                    "matched"
                    if s.player_id <= newest
                    else "address"
                    if (s.registration_id, s.letter) in addressed
                    else "invited"
                    if (s.registration_id, s.letter) in invited
                    else "new"
                )
                by_team.setdefault(s.registration_id, []).append(SeatPreview(s.letter, s.player.name, status))
            preview.teams = [(registration.team.name, by_team.get(registration.pk, [])) for registration in registered]
            raise _Preview
    except _Preview:
        pass
    except ValidationError as exc:
        return ImportPreview(row_errors=exc.messages)
    if teamfile.kind == "csv" and teamfile.separator != ",":
        preview.note = _("The columns are separated by %(sep)s: read as such.") % {
            "sep": {";": _("semicolons"), "\t": _("tabs")}[teamfile.separator]
        }
    return preview


def team_file_import(*, event: Event, name: str, data: bytes, user) -> list[Registration]:
    """Register every team of the file, all or nothing. Raises TeamFileError (the file can't be read) or
    ValidationError (its rows' problems, each naming its line)."""
    teamfile, entries = _read(name=name, data=data)
    return teams_import(event=event, teams=entries, user=user, problems=teamfile.problems)


def team_file_payload(data: bytes) -> str:
    """The previewed file as the confirmation form carries it back (the preview writes nothing, not even a file)."""
    return base64.b64encode(data).decode("ascii")


def team_file_confirm(*, event: Event, file_name: str, payload: str, user) -> list[Registration]:
    """team_file_import of the file the preview showed (team_file_payload); a damaged payload reads as an empty file
    (TeamFileError)."""
    return team_file_import(event=event, name=file_name, data=team_file_data(payload), user=user)


def team_file_data(payload: str) -> bytes:
    """The file a confirmation form carries back (team_file_payload); a damaged payload reads as an empty file."""
    try:
        return base64.b64decode(payload or "", validate=True)
    except (binascii.Error, ValueError):
        return b""
