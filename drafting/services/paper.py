"""The paper draft (issue 40, docs/drafting.md "Paper draft"): real boosters on the table, Hydra seats the pods,
calls the picks and times the deck building. Seating is the booster draft's (services.booster) or the Two-Headed
Giant draft's (services.pods), with `paper=True`; a team Rochester draft's tables are each round's (services.rounds,
paper when the event has real product). The timers are rows (models.EventTimer) of the whole event, of one pod or
of one table, whose schedule is drafting.called's, so every page computes the call by itself. Every change goes to
the event's one log with who made it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drafting import called
from drafting.core import DraftRefused
from drafting.models import DraftStatus, DraftTable, EventTimer, PackSource, Pod, TimerKind
from drafting.selectors.paper import paper_calls_running
from tournaments.enums import FormatKind
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record

from .booster import booster_pods_seat
from .pods import pick_seconds_table, thg_pods_seat
from .tables import draft_settings_for

LIMITED_FORMATS = {
    FormatKind.BOOSTER_DRAFT,
    FormatKind.THG_DRAFT,
    FormatKind.TEAM_ROCHESTER,
    FormatKind.TEAM_SEALED,
    FormatKind.THG_SEALED,
}


def _record(event: Event, *, by, action: str, message, data: dict) -> None:
    event_log_record(event=event, user=by, kind=LogKind.DRAFT, action=action, message=message, data=data)


@transaction.atomic
def paper_pods_seat(
    *,
    event: Event,
    by,
    seed: int | None = None,
    pods_every_round: bool = False,
    confirm_five: bool = False,
) -> list[Pod]:
    """Seat a draft with real packs: a booster draft's players in random pods of up to eight, as equal as possible
    (MTR 7.6), or a Two-Headed Giant draft's teams in random pods of three or four (five teams one pod of five with
    `confirm_five`; RULES.md 7), no packs in Hydra. `pods_every_round` (booster draft): every Swiss round pairs
    within the pod (else round 1 only, across the table by seat); a 2HG draft's pods play within the pod every round
    unless the event lifts the pod rule. The event becomes one played with real product (Event.real_product: no
    pools in Hydra, typed decks checked as limited decks without a pool; issue 56). Raises DraftRefused as
    booster_pods_seat and thg_pods_seat do."""
    if event.format_kind == FormatKind.THG_DRAFT:
        pods = thg_pods_seat(event=event, by=by, seed=seed, confirm_five=confirm_five, paper=True)
        rounds = gettext_lazy("the teams of a pod play each other")
    else:
        pods = booster_pods_seat(event=event, by=by, seed=seed, paper=True, pods_every_round=pods_every_round)
        rounds = (
            gettext_lazy("every round pairs within the pod")
            if pods_every_round
            else gettext_lazy("round 1 pairs within the pod")
        )
    marked = not event.real_product
    if marked:  # real packs on the table: Hydra keeps no pools, so the decks are typed and checked without one
        Event.objects.filter(pk=event.pk).update(real_product=True)
        event.real_product = True
    _record(
        event,
        by=by,
        action="paper_pods_seated",
        data={"pods": len(pods), "pods_every_round": pods_every_round, "real_product_marked": marked},
        message=LogText(
            gettext_lazy("Paper draft: %(pods)d pods seated; %(rounds)s."), {"pods": len(pods), "rounds": rounds}
        ),
    )
    return pods


def _scope_label(*, pod: Pod | None = None, table: DraftTable | None = None):
    """Whose call a timer is, for the log: a pod, a round's table, or "" (the whole event)."""
    if table is not None:
        if table.round_id:
            return LogText(
                gettext_lazy("Round %(round)d, table %(table)d: "), {"round": table.round.number, "table": table.number}
            )
        return LogText(gettext_lazy("Table %(table)d: "), {"table": table.number})
    if pod is not None:
        return LogText(gettext_lazy("Pod %(pod)d: "), {"pod": pod.number})
    return ""


def _timer_start(
    *,
    event: Event,
    by,
    kind: str,
    schedule: list[called.Segment],
    message,
    pod: Pod | None = None,
    table: DraftTable | None = None,
) -> EventTimer:
    now = timezone.now()
    timer, created = EventTimer.objects.select_for_update().get_or_create(
        event=event,
        kind=kind,
        pod=pod,
        table=table,
        defaults={"schedule": [s.as_json() for s in schedule], "started_at": now},
    )
    if not created:
        if not event_timer_over(timer=timer, now=now):
            raise DraftRefused(_("That timer is still running; let it end first."))
        timer.schedule, timer.started_at, timer.paused_at, timer.paused_seconds = (
            [s.as_json() for s in schedule],
            now,
            None,
            0.0,
        )
        timer.version += 1
        timer.save()
    _record(
        event,
        by=by,
        action=f"timer_{kind}_start",
        message=message,
        data={
            "timer": timer.pk,
            "seconds": called.total_seconds(schedule),
            "pod": pod.pk if pod else None,
            "table": table.pk if table else None,
        },
    )
    return timer


def event_timer_elapsed(*, timer: EventTimer, now) -> float:
    """Seconds the timer has run at `now` (drafting.called.elapsed_seconds on the row)."""
    return called.elapsed_seconds(
        started=timer.started_at.timestamp(),
        now=now.timestamp(),
        paused_at=timer.paused_at.timestamp() if timer.paused_at else None,
        paused_total=timer.paused_seconds,
    )


def event_timer_over(*, timer: EventTimer, now) -> bool:
    return called.position(timer.schedule, event_timer_elapsed(timer=timer, now=now)).over


@transaction.atomic
def called_draft_start(
    *,
    event: Event,
    by,
    pack_size: int,
    packs: int | None = None,
    pod_id: int | None = None,
) -> EventTimer:
    """Start calling the paper draft of `event` (all its pods under one call, or with `pod_id` one pod on its own):
    packs of `pack_size` cards. A booster draft: three packs (or `packs`), the MTR Appendix B pick times (or the
    event's `booster_pick_seconds`) and the reviews between packs. A Two-Headed Giant draft: six packs, two cards a
    pick with the 2HG pick times (or the event's `thg_pick_seconds`), 30 s of review before each pack after the
    first. Raises DraftRefused when the event has no paper pods (or no such pod), the sizes are out of range, or
    that call is still running."""
    pods = Pod.objects.filter(event=event, pack_source=PackSource.PAPER)
    if not pods.exists():
        raise DraftRefused(_("Seat the paper draft's pods first."))
    pod = None
    if pod_id is not None:
        pod = pods.filter(pk=pod_id).first()
        if pod is None:
            raise DraftRefused(_("This event has no such paper pod."))
    settings = draft_settings_for(event=event)
    thg_draft = event.format_kind == FormatKind.THG_DRAFT
    try:
        if thg_draft:
            packs = called.THG_PACK_ROUNDS if packs is None else packs
            schedule = called.thg_called_draft_schedule(
                pack_size=pack_size, packs=packs, table=pick_seconds_table(settings.thg_pick_seconds) or None
            )
        else:
            packs = 3 if packs is None else packs
            table = pick_seconds_table(settings.booster_pick_seconds) or None
            schedule = called.called_draft_schedule(
                pack_size=pack_size, packs=packs, **({"table": table} if table else {})
            )
    except called.ScheduleRefused:
        raise DraftRefused(
            _("A pack holds %(low)d to %(high)d cards and a draft has 1 to %(packs)d packs.")
            % {"low": called.MIN_PACK_SIZE, "high": called.MAX_PACK_SIZE, "packs": called.MAX_PACKS}
        ) from None
    if pod is None:  # the event-wide call keeps its sentence, so older log lines read as they did
        message = LogText(
            gettext_lazy("Called draft started: %(packs)d packs of %(cards)d cards."),
            {"packs": packs, "cards": pack_size},
        )
    else:
        message = LogText(
            gettext_lazy("%(scope)sCalled draft started: %(packs)d packs of %(cards)d cards."),
            {"scope": _scope_label(pod=pod), "packs": packs, "cards": pack_size},
        )
    return _timer_start(event=event, by=by, kind=TimerKind.CALLED_DRAFT, schedule=schedule, pod=pod, message=message)


@transaction.atomic
def rochester_call_start(
    *,
    event: Event,
    by,
    table_id: int,
    pack_size: int,
    first_team: int | None = None,
    build_minutes: int | None = None,
) -> EventTimer:
    """Start calling one table's team Rochester draft with real packs (RULES.md 6): a round's table (or the one
    draft's), `first_team` the team that picks first (as the team that won the draw decided; recorded on the
    table), packs of `pack_size` cards, the event's review and pick seconds (20 s and 5 s by default), in the
    horseshoe order; with `build_minutes` the deck building time follows at once. The table becomes a paper table
    (Hydra loads no packs for it). Raises DraftRefused when the table isn't the event's, has digital packs or has
    started drafting digitally, nobody said which team picks first, the sizes are out of range, or its call is
    still running."""
    if event.format_kind != FormatKind.TEAM_ROCHESTER:
        raise DraftRefused(_("Only a team Rochester draft calls its tables' drafts."))
    table = (
        DraftTable.objects.select_for_update(of=("self",))
        .select_related("round")
        .filter(pk=table_id, event=event)
        .first()
    )
    if table is None:
        raise DraftRefused(_("This event has no such draft table."))
    if table.status != DraftStatus.SETUP or table.pack_source not in ("", PackSource.PAPER):
        raise DraftRefused(_("This table drafts with packs in Hydra; end that draft before calling a paper one."))
    first = first_team if first_team is not None else table.first_team
    if first not in (1, 2):
        raise DraftRefused(
            _("Say which team picks first (team %(n)d won the draw and decides).") % {"n": table.chooser}
        )
    settings = draft_settings_for(event=event)
    try:
        schedule = called.rochester_call_schedule(
            team_size=event.team_size,
            pack_size=pack_size,
            first_team=first,
            review_seconds=int(
                settings.review_seconds if settings.review_seconds is not None else called.ROCHESTER_REVIEW_SECONDS
            ),
            pick_seconds=int(settings.pick_seconds or called.ROCHESTER_PICK_SECONDS),
            build_minutes=build_minutes or None,
        )
    except called.ScheduleRefused:
        raise DraftRefused(
            _("A pack holds %(low)d to %(high)d cards and deck building takes 1 to 180 minutes.")
            % {"low": called.MIN_PACK_SIZE, "high": called.MAX_PACK_SIZE}
        ) from None
    if table.first_team != first or table.pack_source != PackSource.PAPER:
        table.first_team, table.pack_source = first, PackSource.PAPER
        table.version += 1
        table.save(update_fields=["first_team", "pack_source", "version"])
    return _timer_start(
        event=event,
        by=by,
        kind=TimerKind.CALLED_DRAFT,
        schedule=schedule,
        table=table,
        message=LogText(
            gettext_lazy(
                "%(scope)sCalled Rochester draft started: packs of %(cards)d cards, team %(team)d picks first."
            ),
            {"scope": _scope_label(table=table), "cards": pack_size, "team": first},
        ),
    )


@transaction.atomic
def deck_building_start(*, event: Event, by, minutes: int) -> EventTimer:
    """Start the deck building (and registration) timer of a limited event, draft or sealed: one stretch of
    `minutes` minutes every page of the event counts down. Raises DraftRefused for another format, minutes out
    of range, a deck building timer still running, or a paper pod draft's call still running (end it first:
    called_draft_end)."""
    if event.format_kind not in LIMITED_FORMATS:
        raise DraftRefused(_("Only a limited event has a deck building timer."))
    calling = paper_calls_running(event=event, now=timezone.now())
    if calling:  # deck building never starts under a running call without a word (issue 56)
        raise DraftRefused(
            _(
                "The draft is still being called, so deck building hasn't started. It starts once the call is over; "
                "if every pod has finished drafting, end the call first (End the call: the draft is over)."
            )
        )
    try:
        schedule = called.deck_building_schedule(minutes=minutes)
    except called.ScheduleRefused:
        raise DraftRefused(_("Deck building takes 1 to 180 minutes.")) from None
    return _timer_start(
        event=event,
        by=by,
        kind=TimerKind.DECK_BUILDING,
        schedule=schedule,
        message=LogText(gettext_lazy("Deck building started: %(minutes)d minutes."), {"minutes": minutes}),
    )


def _locked_timer(*, event: Event, kind: str | None = None, timer_id: int | None = None) -> EventTimer:
    """The event's timer `timer_id` (any scope), or the event-wide timer of `kind`, locked."""
    timers = (
        EventTimer.objects.select_for_update(of=("self",)).select_related("pod", "table__round").filter(event=event)
    )
    if timer_id is not None:
        timer = timers.filter(pk=timer_id).first()
    else:
        timer = timers.filter(kind=kind, pod__isnull=True, table__isnull=True).first()
    if timer is None:
        raise DraftRefused(_("That timer hasn't started."))
    return timer


def _timer_name(timer: EventTimer):
    return LogText(
        gettext_lazy("%(scope)s%(timer)s"),
        {"scope": _scope_label(pod=timer.pod, table=timer.table), "timer": TimerKind(timer.kind).label},
    )


@transaction.atomic
def event_timer_pause(*, event: Event, by, kind: str | None = None, timer_id: int | None = None) -> EventTimer:
    """Stop the clock of a timer where it stands: the event-wide timer of `kind`, or any of the event's timers by
    `timer_id` (a pod's, a table's). Raises DraftRefused when it isn't running."""
    timer = _locked_timer(event=event, kind=kind, timer_id=timer_id)
    now = timezone.now()
    if timer.paused_at is not None or event_timer_over(timer=timer, now=now):
        raise DraftRefused(_("That timer isn't running."))
    timer.paused_at = now
    timer.version += 1
    timer.save(update_fields=["paused_at", "version"])
    _record(
        event,
        by=by,
        action=f"timer_{timer.kind}_pause",
        data={"timer": timer.pk},
        message=LogText(gettext_lazy("%(timer)s paused."), {"timer": _timer_name(timer)}),
    )
    return timer


@transaction.atomic
def event_timer_resume(*, event: Event, by, kind: str | None = None, timer_id: int | None = None) -> EventTimer:
    """Run a paused timer (by `kind` or `timer_id`, as event_timer_pause) on from where it stopped. Raises
    DraftRefused when it isn't paused."""
    timer = _locked_timer(event=event, kind=kind, timer_id=timer_id)
    if timer.paused_at is None:
        raise DraftRefused(_("That timer isn't paused."))
    now = timezone.now()
    timer.paused_seconds += max(0.0, (now - timer.paused_at).total_seconds())
    timer.paused_at = None
    timer.version += 1
    timer.save(update_fields=["paused_at", "paused_seconds", "version"])
    _record(
        event,
        by=by,
        action=f"timer_{timer.kind}_resume",
        data={"timer": timer.pk},
        message=LogText(gettext_lazy("%(timer)s resumed."), {"timer": _timer_name(timer)}),
    )
    return timer


@transaction.atomic
def event_timer_stop(*, event: Event, by, kind: str | None = None, timer_id: int | None = None) -> None:
    """Take a timer (by `kind` or `timer_id`, as event_timer_pause) off every page (a call started with the wrong
    pack size, a draft abandoned), so it can start afresh. Raises DraftRefused when it hasn't started."""
    timer = _locked_timer(event=event, kind=kind, timer_id=timer_id)
    _record(
        event,
        by=by,
        action=f"timer_{timer.kind}_stop",
        data={"timer": timer.pk},
        message=LogText(gettext_lazy("%(timer)s stopped."), {"timer": _timer_name(timer)}),
    )
    timer.delete()


@transaction.atomic
def deck_building_end(*, event: Event, by, timer_id: int | None = None) -> EventTimer:
    """End the event's deck building timer now, before its time is up (every deck is in): its schedule keeps the
    minutes it ran, so every page shows it over and the desk moves on to pairing. `timer_id` (the API's call):
    refused unless it is that timer. Raises DraftRefused when it hasn't started, is already over, or `timer_id`
    is another timer (a draft's call doesn't end early: stop it)."""
    timer = _locked_timer(event=event, kind=TimerKind.DECK_BUILDING)
    if timer_id is not None and timer.pk != timer_id:
        raise DraftRefused(_("Only the deck building timer ends early; stop a call instead."))
    now = timezone.now()
    if event_timer_over(timer=timer, now=now):
        raise DraftRefused(_("Deck building is already over."))
    ran, total = _timer_cut(timer, now=now)
    _record(
        event,
        by=by,
        action="timer_build_end",
        data={"timer": timer.pk, "seconds": int(ran)},
        message=LogText(
            gettext_lazy("Deck building ended early after %(minutes)d of %(total)d minutes: every deck is in."),
            {"minutes": int(ran) // 60, "total": total // 60},
        ),
    )
    return timer


def _timer_cut(timer: EventTimer, *, now) -> tuple[float, int]:
    """End a running timer at `now`: its schedule keeps the seconds it ran (so every page shows it over) and a pause
    is settled. Returns (seconds it ran, seconds it was to run)."""
    ran, total = event_timer_elapsed(timer=timer, now=now), called.total_seconds(timer.schedule)
    if timer.paused_at is not None:
        timer.paused_seconds += max(0.0, (now - timer.paused_at).total_seconds())
        timer.paused_at = None
    timer.schedule = called.schedule_cut(timer.schedule, ran)
    timer.version += 1
    timer.save(update_fields=["schedule", "paused_at", "paused_seconds", "version"])
    return ran, total


@transaction.atomic
def called_draft_end(*, event: Event, by, timer_id: int | None = None) -> int:
    """End the paper pod draft's calls that still run (the event-wide call and each pod's own; with `timer_id` that
    call alone), now: every pod has finished drafting before the call did (a pack passed quicker than called, a pod
    of few players). Each call's schedule keeps the time it ran, so every page shows it over and deck building may
    start. Returns how many calls were ended. Raises DraftRefused when no such call runs."""
    now = timezone.now()
    calls = (
        EventTimer.objects.select_for_update(of=("self",))
        .select_related("pod")
        .filter(event=event, kind=TimerKind.CALLED_DRAFT, table__isnull=True)
        .order_by("pk")
    )
    if timer_id is not None:
        calls = calls.filter(pk=timer_id)
    timers = [timer for timer in calls if not event_timer_over(timer=timer, now=now)]
    if not timers:
        raise DraftRefused(_("No call of this draft is running."))
    for timer in timers:
        ran, _total = _timer_cut(timer, now=now)
        _record(
            event,
            by=by,
            action="timer_draft_end",
            data={"timer": timer.pk, "seconds": int(ran)},
            message=LogText(
                gettext_lazy("%(timer)s ended after %(minutes)d minutes: the draft is over."),
                {"timer": _timer_name(timer), "minutes": int(ran) // 60},
            ),
        )
    return len(timers)
