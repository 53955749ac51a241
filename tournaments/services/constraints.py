"""The organizer's pairing constraints (issue 42): byes earned in advance, fixed tables, pairings to avoid.

Writes only; the pairing service reads them as plain data (selectors.pairings.pairing_constraints_for_event) and
hands them to the pure engine. Every change is recorded in the event's log with who made it.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import RoundKind
from tournaments.logtext import LogText
from tournaments.models import AvoidedPairing, Event, Registration, Round
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.locks import event_lock, registration_lock
from tournaments.services.scoreboard import event_require_open

MAX_BYES_IN_ADVANCE = 3
MAX_TABLE = 32767  # a PositiveSmallIntegerField


def _whole_number(value, *, field: str, low: int, high: int, message: str) -> int:
    """`value` as an int in [low, high], else a ValidationError on `field` with `message` (the user's input)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValidationError({field: message}) from None
    if isinstance(value, float) and value != number or not low <= number <= high:
        raise ValidationError({field: message})
    return number


def _first_paired_round(*, event_id: int, upto: int) -> int | None:
    """The lowest Swiss round from 1 to `upto` that is paired already, or None."""
    return (
        Round.objects.filter(event_id=event_id, kind=RoundKind.SWISS, number__lte=upto)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )


@transaction.atomic
def registration_set_byes(*, registration: Registration, byes, user=None) -> Registration:
    """Give the team (or player) `byes` byes earned in advance, 0 to 3: a bye in rounds 1 to `byes`, each a match
    win as the rules count a bye. Refused (nothing written) for anything but a whole number from 0 to 3, and once
    a round it would change is paired (StateConflict): take the round back first."""
    byes = _whole_number(
        byes,
        field="byes_in_advance",
        low=0,
        high=MAX_BYES_IN_ADVANCE,
        message=_("Byes in advance are a whole number from 0 to 3."),
    )
    registration, before = _locked_before(registration=registration, field="byes_in_advance")
    if byes == before:
        return registration
    paired = _first_paired_round(event_id=registration.event_id, upto=max(byes, before))
    if paired is not None:
        raise StateConflict(
            _(
                "Round %(n)d is already paired: byes in advance can change only rounds not yet "
                "paired (take the round back first)."
            )
            % {"n": paired}
        )
    return _registration_change(
        registration=registration,
        field="byes_in_advance",
        value=byes,
        user=user,
        message=LogText(
            gettext_lazy("%(name)s: byes in advance set to %(n)d."), {"name": registration.team.name, "n": byes}
        ),
    )


def _locked_before(*, registration: Registration, field: str) -> tuple[Registration, object]:
    """The registration locked (after its event, which must be open) and its `field` as it stands."""
    registration = registration_lock(registration_id=registration.pk)
    event_require_open(event_id=registration.event_id)
    return registration, getattr(registration, field)


def _registration_change(*, registration: Registration, field: str, value, user, message: LogText) -> Registration:
    """Save one constraint field of the (locked) registration and log it with its value before and after."""
    before = getattr(registration, field)
    setattr(registration, field, value)
    registration.save(update_fields=[field])
    event_log_record(
        event=registration.event,
        user=user,
        action=LogAction.SETTINGS_CHANGED,
        registration=registration,
        message=message,
        before={field: before},
        after={field: value},
        data={"team": registration.pk},
    )
    return registration


@transaction.atomic
def registration_set_fixed_table(*, registration: Registration, table, user=None) -> Registration:
    """Let the team (or player) keep table `table` in every round paired from now on (None or "" clears it); the
    other tables are numbered around it. Refused (nothing written) for a number below 1 and for a table another
    entrant of the event already keeps."""
    if table in (None, ""):
        table = None
    else:
        table = _whole_number(
            table, field="fixed_table", low=1, high=MAX_TABLE, message=_("A table number is a whole number from 1 up.")
        )
    registration, before = _locked_before(registration=registration, field="fixed_table")
    if table == before:
        return registration
    holder = (
        Registration.objects.filter(event_id=registration.event_id, fixed_table=table)
        .exclude(pk=registration.pk)
        .select_related("team")
        .first()
        if table is not None
        else None
    )
    if holder is not None:
        raise ValidationError(
            {
                "fixed_table": _("Table %(table)d is already kept by %(name)s.")
                % {"table": table, "name": holder.team.name}
            }
        )
    message = (
        LogText(gettext_lazy("%(name)s keeps table %(table)d."), {"name": registration.team.name, "table": table})
        if table is not None
        else LogText(gettext_lazy("%(name)s no longer keeps a fixed table."), {"name": registration.team.name})
    )
    return _registration_change(registration=registration, field="fixed_table", value=table, user=user, message=message)


def _two_of_event(*, event: Event, first: Registration, second: Registration) -> tuple[Registration, Registration]:
    if first.pk == second.pk:
        raise ValidationError(_("Name two different entrants."))
    if first.event_id != event.pk or second.event_id != event.pk:
        raise ValidationError(_("Both must be entered in this event."))
    return (first, second) if first.pk < second.pk else (second, first)


@transaction.atomic
def avoided_pairing_add(*, event: Event, first: Registration, second: Registration, user=None) -> AvoidedPairing:
    """Ask the pairing not to pair `first` and `second` (family, one household) while it is avoidable. The engine
    treats the pair like a rematch: made only when nothing else works, and then the round says so. Adding a pair
    that is already there returns it unchanged. Refused for one entrant twice or one of another event."""
    event = event_lock(event_id=event.pk)
    event_require_open(event_id=event.pk)
    low, high = _two_of_event(event=event, first=first, second=second)
    pairing, created = AvoidedPairing.objects.get_or_create(event=event, first=low, second=high)
    if created:
        event_log_record(
            event=event,
            user=user,
            action=LogAction.SETTINGS_CHANGED,
            message=LogText(
                gettext_lazy("%(first)s and %(second)s are not to be paired while it can be avoided."),
                {"first": low.team.name, "second": high.team.name},
            ),
            after={"avoid": [low.pk, high.pk]},
            data={"teams": [low.pk, high.pk]},
        )
    return pairing


@transaction.atomic
def avoided_pairing_remove(*, event: Event, first: Registration, second: Registration, user=None) -> bool:
    """Drop a pairing to avoid; returns whether there was one."""
    event = event_lock(event_id=event.pk)
    event_require_open(event_id=event.pk)
    low, high = _two_of_event(event=event, first=first, second=second)
    deleted, _count = AvoidedPairing.objects.filter(event=event, first=low, second=high).delete()
    if deleted:
        event_log_record(
            event=event,
            user=user,
            action=LogAction.SETTINGS_CHANGED,
            message=LogText(
                gettext_lazy("%(first)s and %(second)s may be paired again."),
                {"first": low.team.name, "second": high.team.name},
            ),
            before={"avoid": [low.pk, high.pk]},
            data={"teams": [low.pk, high.pk]},
        )
    return bool(deleted)
