"""Importing an EventLink invite list into an individual event's registrations, and the store's player list in
EventLink's shape (issue 53; docs/registration.md, "EventLink").

The import is the organizer's team import, line by line: each line is a player of one (a team of one on seat A)
through tournaments.services.registrations.teams_import_lines, so the consent rules of every import hold. An e-mail
address is never a public name: the seat's player is called by the address's first part (shown_name), a new
placeholder keeps the address for its claim link, and when the address is an account's that account's person is
invited and asked, never seated; the report doesn't say which of the two it was. A display name is matched to the
organizer's own unclaimed placeholder of that name, else becomes a new named placeholder. Lines stand alone: a
malformed line, a name given twice, a player registered already are reported and left out, the others are
registered together (all of them or none). The preview is the same import rolled back.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import Refusal
from tournaments.eventlink import invite_list_csv, invite_list_parse
from tournaments.logtext import LogText
from tournaments.models import Event, Player, Seat, WizardsAccount
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.registrations import individual_entry, teams_import_lines
from tournaments.teamcsv import TeamFileError

IMPORTED = ("matched", "new", "address")


@dataclass(frozen=True)
class InviteOutcome:
    line: int
    value: str  # the line's address or display name, as the organizer's own file gave it
    status: str  # "matched" (the organizer's own earlier player), "new" (a new player by that name), "address" (by
    #              e-mail address: a claim link or an invitation goes there; which one is never said), "already"
    #              (registered before), "refused"
    reason: str = ""


@dataclass
class InviteReport:
    lines: list[InviteOutcome] = field(default_factory=list)
    file_error: str = ""
    note: str = ""

    @property
    def counts(self) -> dict[str, int]:
        return {
            "imported": sum(o.status in IMPORTED for o in self.lines),
            "already": sum(o.status == "already" for o in self.lines),
            "refused": sum(o.status == "refused" for o in self.lines),
        }

    @property
    def ok(self) -> bool:
        """Something to import (the confirmation is offered)."""
        return not self.file_error and self.counts["imported"] > 0


class _Preview(Exception):
    """Rolls the preview's import back."""


def invite_list_run(*, event: Event, data: bytes | str, user, preview: bool) -> InviteReport:
    """Import the EventLink invite list `data` into `event` (or, with `preview`, say what importing it would do
    and write nothing): a report line by line. Never raises for the file's content: a file that can't be read, a
    team event or an event past its Swiss rounds is the report's `file_error`."""
    if not event.is_individual:
        return InviteReport(
            file_error=_(
                "An EventLink invite list registers players one by one: this event has teams of %(size)d. Import a "
                "team list (team, seat, player) instead."
            )
            % {"size": event.team_size}
        )
    try:
        parsed = invite_list_parse(data)
    except TeamFileError as exc:
        return InviteReport(file_error=str(exc))
    entries = [individual_entry(player=line.value, where=_("Line %(n)d") % {"n": line.line}) for line in parsed.lines]
    report = InviteReport()
    if parsed.separator != ",":
        report.note = _("The columns are separated by %(sep)s: read as such.") % {
            "sep": {";": _("semicolons"), "\t": _("tabs")}[parsed.separator]
        }
    try:
        with transaction.atomic():
            newest = Player.objects.aggregate(m=Max("pk"))["m"] or 0
            outcome = teams_import_lines(event=event, teams=entries, user=user)
            players = dict(
                Seat.objects.filter(registration__in=outcome.registrations).values_list("registration_id", "player_id")
            )
            for place, line in enumerate(parsed.lines):
                if place in outcome.placed:
                    player = players.get(outcome.placed[place].pk, 0)
                    status = "matched" if player <= newest else "address" if line.is_email else "new"
                    report.lines.append(InviteOutcome(line.line, line.value, status))
                elif place in outcome.already:
                    report.lines.append(InviteOutcome(line.line, line.value, "already"))
                else:
                    reason = " ".join(outcome.refused.get(place, ()))
                    report.lines.append(InviteOutcome(line.line, line.value, "refused", reason))
            if preview:
                raise _Preview
            if outcome.registrations:
                counts = report.counts
                event_log_record(
                    event=event,
                    user=user,
                    action=LogAction.INVITE_LIST_IMPORTED,
                    message=LogText(
                        gettext_lazy(
                            "EventLink invite list imported: %(imported)d registered, %(already)d already "
                            "registered, %(refused)d refused."
                        ),
                        {**counts, "refused": counts["refused"] + len(parsed.problems)},
                    ),
                    after={"registrations": [r.pk for r in outcome.registrations]},
                )
    except _Preview:
        pass
    except Refusal as exc:  # the event's state (its Swiss rounds are over)
        return InviteReport(file_error=str(exc))
    report.lines.extend(InviteOutcome(line, "", "refused", problem) for line, problem in parsed.problems.items())
    report.lines.sort(key=lambda outcome: outcome.line)
    return report


def store_player_list(*, event: Event) -> bytes:
    """The event's players as an EventLink invite list (invite_list_csv), in the order of their names: for each, the
    Wizards Account e-mail address they gave on their profile and shared with the organizers of their events, else
    their display name (never the address of their Hydra login: that one is not theirs to give away here). Imported
    into the next event, it registers the same players (invite_list_run)."""
    seats = Seat.objects.filter(event=event).select_related("player").order_by("player__name", "player_id")
    shared = dict(
        WizardsAccount.objects.filter(player__seats__event=event, shared=True)
        .exclude(email="")
        .values_list("player_id", "email")
    )
    return invite_list_csv(shared.get(seat.player_id) or seat.player.name for seat in seats)
