"""Check-in and no-shows: teams say they are at the venue; after the deadline the desk drops those that didn't,
before round 1 is paired (through registration_drop, the one way a team drops)."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext_lazy

from tournaments.logtext import LogText
from tournaments.models import CheckIn, Event, EventLogEntry, Registration
from tournaments.models.log import LogKind
from tournaments.services.clock import event_desk_for
from tournaments.services.eventlog import event_log_record
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.registrations import registration_drop


def _before_round_one(event: Event) -> None:
    if event.rounds.exists():
        raise ValidationError(_("Round 1 is paired: check-in is over."))


@transaction.atomic
def registration_check_in(*, registration: Registration, by, at_desk: bool = False) -> CheckIn:
    """Check the team in (again is harmless). Refused once round 1 is paired or for a dropped team."""
    _before_round_one(registration.event)
    if registration.is_dropped:
        raise ValidationError(_("%(team)s has dropped; reinstate it first.") % {"team": registration.team.name})
    check_in, _created = CheckIn.objects.get_or_create(
        registration=registration, defaults={"by": by, "at_desk": at_desk}
    )
    event_bump_version(event_id=registration.event_id)
    return check_in


@transaction.atomic
def registration_check_out(*, registration: Registration, by) -> None:
    """Undo a check-in ticked by mistake (desk only)."""
    _before_round_one(registration.event)
    CheckIn.objects.filter(registration=registration).delete()
    event_bump_version(event_id=registration.event_id)


CHECK_IN_ALL = "check_in_all"
CHECK_IN_ALL_UNDO = "check_in_all_undo"


@transaction.atomic
def event_check_in_all(*, event: Event, by) -> int:
    """Tick every registered team that hasn't dropped and isn't checked in yet (the desk's "Check in all", for an
    event whose teams are known to be present). Returns how many were ticked; logged at the desk. Refused once
    round 1 is paired."""
    _before_round_one(event)
    waiting = list(
        Registration.objects.filter(event=event, dropped_round__isnull=True, check_in__isnull=True).values_list(
            "pk", flat=True
        )
    )
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action=CHECK_IN_ALL,
        message=LogText(
            ngettext_lazy("Checked in all: %(n)d team.", "Checked in all: %(n)d teams.", "n"), {"n": len(waiting)}
        ),
    )
    CheckIn.objects.bulk_create([CheckIn(registration_id=pk, by=by, at_desk=True) for pk in waiting])
    event_bump_version(event_id=event.pk)
    return len(waiting)


@transaction.atomic
def event_check_in_all_undo(*, event: Event, by) -> int:
    """Undo the last "Check in all": the check-ins ticked at the desk since then are taken back (players' own
    check-ins on their phones stay). Returns how many; logged. Refused once round 1 is paired or without a
    "Check in all" to undo."""
    _before_round_one(event)
    # The log is never rewritten: a "Check in all" is undone when an undo entry follows it.
    last = (
        EventLogEntry.objects.filter(event=event, action__in=[CHECK_IN_ALL, CHECK_IN_ALL_UNDO])
        .order_by("-at", "-pk")
        .first()
    )
    if last is None or last.action != CHECK_IN_ALL:
        raise ValidationError(_('There is no "Check in all" to undo.'))
    undone, _counts = CheckIn.objects.filter(registration__event=event, at_desk=True, created_at__gte=last.at).delete()
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action=CHECK_IN_ALL_UNDO,
        message=LogText(
            ngettext_lazy("Check in all undone: %(n)d team.", "Check in all undone: %(n)d teams.", "n"), {"n": undone}
        ),
    )
    event_bump_version(event_id=event.pk)
    return undone


def event_set_check_in_deadline(*, event: Event, deadline: dt.datetime | None) -> None:
    """Set (or clear) when check-in closes."""
    desk = event_desk_for(event=event)
    desk.check_in_deadline = deadline
    desk.save(update_fields=["check_in_deadline"])
    event_bump_version(event_id=event.pk)


def event_no_shows(*, event: Event) -> list[Registration]:
    """Teams registered, not dropped and not checked in, by name."""
    return list(
        Registration.objects.filter(event=event, dropped_round__isnull=True, check_in__isnull=True)
        .select_related("team")
        .order_by("team__name")
    )


@transaction.atomic
def event_drop_no_shows(*, event: Event, by) -> list[Registration]:
    """Drop every team that did not check in, once the deadline has passed and before round 1 is paired.
    Returns the dropped teams; logged at the desk."""
    _before_round_one(event)
    desk = event_desk_for(event=event)
    if desk.check_in_deadline is None or desk.check_in_deadline > timezone.now():
        raise ValidationError(_("No-shows can be dropped once the check-in deadline has passed."))
    dropped = event_no_shows(event=event)
    for registration in dropped:
        registration_drop(registration=registration, after_round=0, user=by)
    event_log_record(
        event=event,
        user=by,
        kind=LogKind.DESK,
        action="drop_no_shows",
        message=LogText(
            ngettext_lazy("%(n)d no-show dropped: %(teams)s.", "%(n)d no-shows dropped: %(teams)s.", "n"),
            {"n": len(dropped), "teams": [r.team.name for r in dropped]},
        ),
    )
    return dropped
