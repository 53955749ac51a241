"""Start, pause, resume, add time to and end a round's clock (docs/desk.md, "The round clock").

Each change locks the one clock row inside a short transaction and bumps the event's scoreboard version, so
every live page (desk, pairings, projector) and the API's ETags follow the clock.
"""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import clock as engine
from tournaments.logtext import LogText
from tournaments.models import ClockExtension, ClockPurpose, ClockStatus, EventDesk, Round, RoundClock
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record
from tournaments.services.locks import round_lock
from tournaments.services.scoreboard import event_bump_version

MAX_ADD_SECONDS = 4 * 3600
MIN_ROUND_MINUTES, MAX_ROUND_MINUTES = 1, 600  # EventDesk's constraint
ACTIONS = ("start", "pause", "resume", "add", "end")


def now() -> dt.datetime:
    """The server's clock, the only clock of a round."""
    return timezone.now()


def event_desk_for(*, event) -> EventDesk:
    """The event's desk settings, created with the defaults on first use."""
    desk, _created = EventDesk.objects.get_or_create(event=event)
    return desk


def event_set_round_minutes(*, event, minutes: int, by) -> EventDesk:
    """Set how many minutes a round lasts (1 to 600; the clocks started later use it), written to the desk's log."""
    if not MIN_ROUND_MINUTES <= minutes <= MAX_ROUND_MINUTES:
        raise ValidationError(_("A clock runs 1 to 600 minutes."))
    desk = event_desk_for(event=event)
    if desk.round_minutes != minutes:
        before, desk.round_minutes = desk.round_minutes, minutes
        desk.save(update_fields=["round_minutes"])
        event_log_record(
            event=event,
            user=by,
            kind=LogKind.SETTINGS,
            action="round_minutes",
            message=LogText(
                gettext_lazy("Minutes per round: %(before)d changed to %(after)d."),
                {"before": before, "after": minutes},
            ),
            before={"round_minutes": before},
            after={"round_minutes": minutes},
        )
    return desk


def _duration(round_: Round, purpose: str) -> int:
    desk = EventDesk.objects.filter(event_id=round_.event_id).first()
    if purpose == ClockPurpose.DECKBUILDING:
        minutes = desk.deckbuilding_minutes if desk else EventDesk._meta.get_field("deckbuilding_minutes").default
    else:
        minutes = desk.round_minutes if desk else EventDesk._meta.get_field("round_minutes").default
    return minutes * 60


def _locked_clock(round_: Round, purpose: str) -> RoundClock:
    # The event, then the round (tournaments/services/locks.py), then the clock alone: a join under FOR UPDATE would
    # lock the round and event rows in the database's order, against the one order of every round's write.
    locked = round_lock(round_id=round_.pk)
    RoundClock.objects.get_or_create(
        round=locked, purpose=purpose, defaults={"duration_seconds": _duration(locked, purpose)}
    )
    clock = RoundClock.objects.select_for_update(of=("self",)).get(round=locked, purpose=purpose)
    clock.round = locked
    return clock


def _reading(clock: RoundClock, at: dt.datetime) -> engine.ClockReading:
    return engine.read_clock(
        status=clock.status,
        duration_seconds=clock.duration_seconds,
        ends_at=clock.ends_at,
        paused_remaining=clock.paused_remaining,
        now=at,
    )


def _save(clock: RoundClock) -> RoundClock:
    clock.save()
    event_bump_version(event_id=clock.round.event_id)
    return clock


def _seconds(value) -> int:
    try:
        seconds = int(value)
    except (TypeError, ValueError):
        raise ValidationError(_("Give the time to add in whole seconds, like 300 for five minutes.")) from None
    if not 1 <= seconds <= MAX_ADD_SECONDS:
        raise ValidationError(_("Add between 1 and %(max)d seconds at a time.") % {"max": MAX_ADD_SECONDS})
    return seconds


@transaction.atomic
def round_clock_start(
    *, round_: Round, by, seconds: int | None = None, purpose: str = ClockPurpose.MATCHES
) -> RoundClock:
    """Start the clock: it ends `seconds` from now (default: the event's round length plus time already added).
    Refused once started or when the round is over."""
    clock = _locked_clock(round_, purpose)
    if clock.round.is_finished:
        raise ValidationError(_("Round %(n)d is over; its clock can't start.") % {"n": clock.round.number})
    if clock.status != ClockStatus.NOT_STARTED:
        raise ValidationError(_("The clock of round %(n)d has already started.") % {"n": clock.round.number})
    if seconds is not None:
        clock.duration_seconds = _seconds(seconds)
    at = now()
    clock.status, clock.started_at = ClockStatus.RUNNING, at
    clock.ends_at = at + dt.timedelta(seconds=clock.duration_seconds)
    return _save(clock)


@transaction.atomic
def round_clock_pause(*, round_: Round, by, purpose: str = ClockPurpose.MATCHES) -> RoundClock:
    """Stop the clock, keeping the time left. Refused unless it is running (a clock that ran out is over)."""
    clock = _locked_clock(round_, purpose)
    reading = _reading(clock, now())
    if reading.state != engine.RUNNING:
        raise ValidationError(
            _("Only a running clock can be paused (this one is %(state)s).") % {"state": _state_label(reading.state)}
        )
    clock.status, clock.paused_remaining, clock.ends_at = (
        ClockStatus.PAUSED,
        (clock.ends_at - now()).total_seconds(),
        None,
    )
    return _save(clock)


@transaction.atomic
def round_clock_resume(*, round_: Round, by, purpose: str = ClockPurpose.MATCHES) -> RoundClock:
    """Run a paused clock again with the time it had left."""
    clock = _locked_clock(round_, purpose)
    if clock.status != ClockStatus.PAUSED:
        raise ValidationError(_("Only a paused clock can be resumed."))
    clock.status = ClockStatus.RUNNING
    clock.ends_at = now() + dt.timedelta(seconds=clock.paused_remaining or 0)
    clock.paused_remaining = None
    return _save(clock)


@transaction.atomic
def round_clock_add(
    *, round_: Round, by, seconds, table: int | None = None, reason: str = "", purpose: str = ClockPurpose.MATCHES
) -> RoundClock:
    """Add time. Without `table`, to the whole round (a clock that ran out runs again from now). With `table`,
    a time extension for that table only, which needs its reason (MTR 2.6); the round's clock is unchanged."""
    seconds = _seconds(seconds)
    reason = (reason or "").strip()[:200]
    clock = _locked_clock(round_, purpose)
    if table is not None:
        if not clock.round.matches.filter(table=table).exists():
            raise ValidationError(_("Round %(n)d has no table %(t)s.") % {"n": clock.round.number, "t": table})
        if not reason:
            raise ValidationError(_("A time extension for a table needs its reason (MTR 2.6)."))
    else:
        at = now()
        reading = _reading(clock, at)
        if reading.state == engine.NOT_STARTED:
            clock.duration_seconds += seconds
        elif reading.state == engine.PAUSED:
            clock.paused_remaining = (clock.paused_remaining or 0) + seconds
        elif reading.state == engine.RUNNING:
            clock.ends_at += dt.timedelta(seconds=seconds)
        else:
            clock.status, clock.ends_at = ClockStatus.RUNNING, at + dt.timedelta(seconds=seconds)
    ClockExtension.objects.create(
        clock=clock, table=table, seconds=seconds, reason=reason, by=by if getattr(by, "pk", None) else None
    )
    return _save(clock)


@transaction.atomic
def round_clock_end(*, round_: Round, by, purpose: str = ClockPurpose.MATCHES) -> RoundClock:
    """Call time now: the clock is over (players finish the turn and play up to five extra turns, MTR 2.5)."""
    clock = _locked_clock(round_, purpose)
    if clock.status == ClockStatus.NOT_STARTED:
        raise ValidationError(_("The clock has not started."))
    clock.status, clock.ends_at, clock.paused_remaining = ClockStatus.OVER, now(), None
    return _save(clock)


def round_clock_act(
    *,
    round_: Round,
    by,
    action: str,
    seconds=None,
    table: int | None = None,
    reason: str = "",
    purpose: str = ClockPurpose.MATCHES,
) -> RoundClock:
    """One of ACTIONS by name, as the desk's buttons and the API send it."""
    if action == "start":
        return round_clock_start(round_=round_, by=by, seconds=seconds, purpose=purpose)
    if action == "pause":
        return round_clock_pause(round_=round_, by=by, purpose=purpose)
    if action == "resume":
        return round_clock_resume(round_=round_, by=by, purpose=purpose)
    if action == "add":
        return round_clock_add(round_=round_, by=by, seconds=seconds, table=table, reason=reason, purpose=purpose)
    if action == "end":
        return round_clock_end(round_=round_, by=by, purpose=purpose)
    raise ValidationError(
        _("Unknown clock action %(action)s: use start, pause, resume, add or end.") % {"action": str(action)[:20]}
    )


def _state_label(state: str) -> str:
    return dict(ClockStatus.choices).get(state, state)
