"""The paper draft (issue 40, docs/drafting.md "Paper draft"): real boosters on the table, Hydra seats the pods,
calls the picks and times the deck building. Seating is the booster draft's (services.booster, with `paper=True`);
the timers are event-level rows (models.EventTimer) whose schedule is drafting.called's, so every page computes
the call by itself. Every change goes to the event's one log with who made it."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drafting import called
from drafting.core import DraftRefused
from drafting.models import EventTimer, PackSource, Pod, TimerKind
from tournaments.enums import FormatKind
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record

from .booster import booster_pods_seat
from .pods import pick_seconds_table
from .tables import draft_settings_for

LIMITED_FORMATS = {FormatKind.BOOSTER_DRAFT, FormatKind.THG_DRAFT, FormatKind.TEAM_ROCHESTER, FormatKind.TEAM_SEALED,
                   FormatKind.THG_SEALED}


def _record(event: Event, *, by, action: str, message, data: dict) -> None:
    event_log_record(event=event, user=by, kind=LogKind.DRAFT, action=action, message=message, data=data)


@transaction.atomic
def paper_pods_seat(*, event: Event, by, seed: int | None = None, pods_every_round: bool = False) -> list[Pod]:
    """Seat a booster draft with real packs: random pods of up to eight, as equal as possible (MTR 7.6), no packs
    in Hydra. `pods_every_round`: every Swiss round pairs within the pod (else round 1 only, across the table by
    seat). Raises DraftRefused as booster_pods_seat does."""
    pods = booster_pods_seat(event=event, by=by, seed=seed, paper=True, pods_every_round=pods_every_round)
    _record(event, by=by, action="paper_pods_seated", data={"pods": len(pods), "pods_every_round": pods_every_round},
            message=LogText(gettext_lazy("Paper draft: %(pods)d pods seated; %(rounds)s."), {
                "pods": len(pods), "rounds": gettext_lazy("every round pairs within the pod") if pods_every_round
                else gettext_lazy("round 1 pairs within the pod")}))
    return pods


def _timer_start(*, event: Event, by, kind: str, schedule: list[called.Segment], message) -> EventTimer:
    now = timezone.now()
    timer, created = EventTimer.objects.select_for_update().get_or_create(
        event=event, kind=kind, defaults={"schedule": [s.as_json() for s in schedule], "started_at": now})
    if not created:
        if not event_timer_over(timer=timer, now=now):
            raise DraftRefused(_("That timer is still running; let it end first."))
        timer.schedule, timer.started_at, timer.paused_at, timer.paused_seconds = (
            [s.as_json() for s in schedule], now, None, 0.0)
        timer.version += 1
        timer.save()
    _record(event, by=by, action=f"timer_{kind}_start", message=message,
            data={"timer": timer.pk, "seconds": called.total_seconds(schedule)})
    return timer


def event_timer_elapsed(*, timer: EventTimer, now) -> float:
    """Seconds the timer has run at `now` (drafting.called.elapsed_seconds on the row)."""
    return called.elapsed_seconds(
        started=timer.started_at.timestamp(), now=now.timestamp(),
        paused_at=timer.paused_at.timestamp() if timer.paused_at else None, paused_total=timer.paused_seconds)


def event_timer_over(*, timer: EventTimer, now) -> bool:
    return called.position(timer.schedule, event_timer_elapsed(timer=timer, now=now)).over


@transaction.atomic
def called_draft_start(*, event: Event, by, pack_size: int, packs: int = 3) -> EventTimer:
    """Start calling the paper draft of `event`: packs of `pack_size` cards, the MTR Appendix B pick times (or the
    event's `booster_pick_seconds`) and the reviews between packs. Raises DraftRefused when the event has no paper
    pods, the sizes are out of range, or a called draft is still running."""
    if not Pod.objects.filter(event=event, pack_source=PackSource.PAPER).exists():
        raise DraftRefused(_("Seat the paper draft's pods first."))
    table = pick_seconds_table(draft_settings_for(event=event).booster_pick_seconds) or None
    try:
        schedule = called.called_draft_schedule(
            pack_size=pack_size, packs=packs, **({"table": table} if table else {}))
    except called.ScheduleRefused:
        raise DraftRefused(_("A pack holds %(low)d to %(high)d cards and a draft has 1 to %(packs)d packs.") % {
            "low": called.MIN_PACK_SIZE, "high": called.MAX_PACK_SIZE, "packs": called.MAX_PACKS}) from None
    return _timer_start(event=event, by=by, kind=TimerKind.CALLED_DRAFT, schedule=schedule, message=LogText(
        gettext_lazy("Called draft started: %(packs)d packs of %(cards)d cards."), {"packs": packs, "cards": pack_size}))


@transaction.atomic
def deck_building_start(*, event: Event, by, minutes: int) -> EventTimer:
    """Start the deck building (and registration) timer of a limited event, draft or sealed: one stretch of
    `minutes` minutes every page of the event counts down. Raises DraftRefused for another format, minutes out
    of range, or a deck building timer still running."""
    if event.format_kind not in LIMITED_FORMATS:
        raise DraftRefused(_("Only a limited event has a deck building timer."))
    try:
        schedule = called.deck_building_schedule(minutes=minutes)
    except called.ScheduleRefused:
        raise DraftRefused(_("Deck building takes 1 to 180 minutes.")) from None
    return _timer_start(event=event, by=by, kind=TimerKind.DECK_BUILDING, schedule=schedule, message=LogText(
        gettext_lazy("Deck building started: %(minutes)d minutes."), {"minutes": minutes}))


def _locked_timer(*, event: Event, kind: str) -> EventTimer:
    timer = EventTimer.objects.select_for_update().filter(event=event, kind=kind).first()
    if timer is None:
        raise DraftRefused(_("That timer hasn't started."))
    return timer


@transaction.atomic
def event_timer_pause(*, event: Event, kind: str, by) -> EventTimer:
    """Stop the clock of the event's timer of `kind` where it stands. Raises DraftRefused when it isn't running."""
    timer = _locked_timer(event=event, kind=kind)
    now = timezone.now()
    if timer.paused_at is not None or event_timer_over(timer=timer, now=now):
        raise DraftRefused(_("That timer isn't running."))
    timer.paused_at = now
    timer.version += 1
    timer.save(update_fields=["paused_at", "version"])
    _record(event, by=by, action=f"timer_{kind}_pause", data={"timer": timer.pk},
            message=LogText(gettext_lazy("%(timer)s paused."), {"timer": TimerKind(kind).label}))
    return timer


@transaction.atomic
def event_timer_resume(*, event: Event, kind: str, by) -> EventTimer:
    """Run the paused timer of `kind` on from where it stopped. Raises DraftRefused when it isn't paused."""
    timer = _locked_timer(event=event, kind=kind)
    if timer.paused_at is None:
        raise DraftRefused(_("That timer isn't paused."))
    now = timezone.now()
    timer.paused_seconds += max(0.0, (now - timer.paused_at).total_seconds())
    timer.paused_at = None
    timer.version += 1
    timer.save(update_fields=["paused_at", "paused_seconds", "version"])
    _record(event, by=by, action=f"timer_{kind}_resume", data={"timer": timer.pk},
            message=LogText(gettext_lazy("%(timer)s resumed."), {"timer": TimerKind(kind).label}))
    return timer


@transaction.atomic
def event_timer_stop(*, event: Event, kind: str, by) -> None:
    """Take the timer of `kind` off every page (a call started with the wrong pack size, a draft abandoned), so it
    can start afresh. Raises DraftRefused when it hasn't started."""
    timer = _locked_timer(event=event, kind=kind)
    _record(event, by=by, action=f"timer_{kind}_stop", data={"timer": timer.pk},
            message=LogText(gettext_lazy("%(timer)s stopped."), {"timer": TimerKind(kind).label}))
    timer.delete()
