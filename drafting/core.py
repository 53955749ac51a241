"""The one drafting core: the lifecycle every draft format shares (docs/drafting.md, "The core").

A draft is a row of a `DraftBase` model: a Rochester `DraftTable` (one seat picks at a time) or a `Pod` (every seat
of the pod picks from the pack in front of it under one clock: the Two-Headed Giant and the individual booster
draft). This module owns, once for all of them:

- the lifecycle: waiting (setup), running, paused or in a review break, finished; pause, resume, end;
- the row lock (`draft_lock`): every write locks the draft's row in a short transaction and checks the position
  (pack, pick) it expects, so a pick, its timer task, the sweep and a page read racing record exactly one pick;
- the timeout machinery: the timer task sent for the deadline (`draft_schedule_timeout`), the task's and the
  sweep's apply (`draft_timeout_apply`), the early delivery (`draft_timeout_early`), the beat sweep
  (`drafts_sweep_overdue`) and the lazy timeout on read (`draft_refresh`, `drafts_refresh`);
- the draft actions written to the event's one log (`draft_log`, tournaments.services.eventlog) and the live push channel (`DraftKind.channel`, drafting.live).

A format plugs in with its pure rules (rochester.py, thg.py, booster.py) and a small adapter in its service module
that registers what a timeout takes and what happens when the draft ends (`draft_format_register`).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from django.utils import timezone

from common.refusals import Conflict
from common.tasks import send_after_commit
from drafting.boosters import open_boosters
from drafting.data import load_set
from drafting.models import DraftAction, DraftBase, DraftStatus, DraftTable, PickVia, Pod
from tournaments.logtext import LogText
from tournaments.models import EventLogEntry
from tournaments.models.log import LogKind
from tournaments.services.eventlog import event_log_record
from tournaments.signals import DomainEvent, domain_event_send

log = logging.getLogger(__name__)

SWEEP_GRACE_SECONDS = 0.5  # the timer task normally fires first; the sweep only catches what it missed


class DraftRefused(Conflict):
    """An action the rules don't allow right now; the message says why, for the person who tried."""


@dataclass(frozen=True)
class DraftKind:
    """How the core reaches one kind of draft row: its model, the two fields naming the pick it waits for, its
    timer task, its live channel and the organizer's refusals in its own words."""

    name: str
    model: type[DraftBase]
    position_fields: tuple[str, str]
    timeout_task: str
    channel_prefix: str
    already_paused: Promise
    pause_not_running: Promise
    resume_not_paused: Promise
    already_over: Promise

    def channel(self, draft_id: int) -> str:
        """The Redis pub/sub channel the draft's pages listen on (drafting.live)."""
        return f"{self.channel_prefix}:{draft_id}"


TABLE = DraftKind(
    name="table",
    model=DraftTable,
    position_fields=("pack_index", "pick_number"),
    timeout_task="drafting.draft_timeout",
    channel_prefix="hydra:draft",
    already_paused=gettext_lazy("This table is already paused."),
    pause_not_running=gettext_lazy("Only a running table can be paused."),
    resume_not_paused=gettext_lazy("Only a paused table can be resumed."),
    already_over=gettext_lazy("This table's draft is already over."),
)
POD = DraftKind(
    name="pod",
    model=Pod,
    position_fields=("pack_round", "step"),
    timeout_task="drafting.pod_timeout",
    channel_prefix="hydra:pod",
    already_paused=gettext_lazy("This pod is already paused."),
    pause_not_running=gettext_lazy("Only a running pod can be paused."),
    resume_not_paused=gettext_lazy("Only a paused pod can be resumed."),
    already_over=gettext_lazy("This pod's draft is over already."),
)
KINDS = (TABLE, POD)

# What a format does at a timeout (with the row locked, the deadline passed: take for every seat out of time and
# move the draft on) and when the draft ends (e.g. the pods' pools). Registered by the formats' service modules.
TimeoutHook = Callable[[DraftBase, dt.datetime, str], None]
EndHook = Callable[[DraftBase, object], None]
_timeouts: dict[str, TimeoutHook] = {}
_ends: dict[str, EndHook] = {}


def draft_format_register(*, kind: DraftKind, timeout: TimeoutHook, ended: EndHook | None = None) -> None:
    """Plug a format's adapter into the core: `timeout(draft, now, via)` applies a timeout to the locked draft,
    `ended(draft, by)` runs when the organizer ends the draft."""
    _timeouts[kind.name] = timeout
    if ended is not None:
        _ends[kind.name] = ended


def now() -> dt.datetime:
    """The server's clock, the only clock of a draft."""
    return timezone.now()


SEEN_WITH_PUSH_SECONDS = 0.25  # Redis pub/sub to the page's Server-Sent Events stream, and a re-render
SEEN_BY_POLLING_SECONDS = 1.0  # no Redis (`make run`): the page polls every second


def seen_allowance() -> dt.timedelta:
    """The time the news of a new pick takes to reach the phone, added to a pick's deadline when the pick becomes
    visible (not after a review period, during which the pack was on the screen): the clock the server runs starts
    when the player can see the pick (settings.HYDRA_DRAFT_SEEN_SECONDS; by default 0.25 s with the live push and
    1 s when the pages poll)."""
    seconds = getattr(settings, "HYDRA_DRAFT_SEEN_SECONDS", None)
    if seconds is None:
        seconds = SEEN_WITH_PUSH_SECONDS if getattr(settings, "HYDRA_REDIS_URL", "") else SEEN_BY_POLLING_SECONDS
    return dt.timedelta(seconds=max(0.0, seconds))


def kind_of(draft: DraftBase) -> DraftKind:
    return TABLE if isinstance(draft, DraftTable) else POD


def draft_position(draft: DraftBase) -> tuple[int, int]:
    """The pick the draft waits for, as (pack, pick) in its kind's own fields."""
    first, second = kind_of(draft).position_fields
    return getattr(draft, first), getattr(draft, second)


def draft_lock(*, kind: DraftKind, draft_id: int, with_event: bool = True) -> DraftBase:
    """Lock the draft's row for the rest of the current transaction and return it fresh (with its event, unless
    `with_event` is False: a player's pick doesn't need it, and the lock is held for as little work as possible).

    PostgreSQL: SELECT ... FOR UPDATE. SQLite ignores FOR UPDATE, so there a no-op UPDATE takes the database's
    write lock first; a second writer then waits (the busy timeout) instead of failing on a lock upgrade.
    Raises the model's DoesNotExist.
    """
    if connection.vendor == "sqlite":
        kind.model.objects.filter(pk=draft_id).update(version=F("version"))
    rows = kind.model.objects.select_for_update(of=("self",))
    return (rows.select_related("event") if with_event else rows).get(pk=draft_id)


def draft_check_running(draft: DraftBase) -> None:
    """Raise DraftRefused, saying why, unless the draft is running."""
    if draft.status == DraftStatus.PAUSED:
        raise DraftRefused(_("The draft is paused; wait for the organizer to resume it."))
    if draft.status == DraftStatus.FINISHED:
        raise DraftRefused(_("The draft is over."))
    if draft.status != DraftStatus.RUNNING:
        raise DraftRefused(_("The draft hasn't started yet."))


def draft_overdue(draft: DraftBase, now: dt.datetime) -> bool:
    return draft.deadline is not None and now >= draft.deadline


def draft_log(draft: DraftBase, action: str, *, by, detail: str = "", round_=None) -> EventLogEntry:
    """Write one draft action (never a pick) to the event's one log: the action, who did it (a person, a token, or
    nobody for the system) and why. The entry's data names the table (and where it stood) or the pod
    (drafting.selectors.tables.draft_log_entries reads a draft's entries back)."""
    if isinstance(draft, DraftTable):
        where = LogText(gettext_lazy("Draft table %(n)d"), {"n": draft.number})
        data = {"draft_table": draft.pk, "pack_index": draft.pack_index, "pick_number": draft.pick_number}
        round_number = getattr(round_, "number", None) or (draft.round.number if draft.round_id else None)
    else:
        where = LogText(gettext_lazy("Pod %(n)d"), {"n": draft.number})
        data, round_number = {"pod": draft.pk}, None
    label = DraftAction(action).label if action in DraftAction.values else action
    params = {"draft": where, "action": label, "detail": detail}
    message = gettext_lazy("%(draft)s: %(action)s. %(detail)s") if detail else gettext_lazy("%(draft)s: %(action)s.")
    return event_log_record(
        event=draft.event,
        user=by,
        kind=LogKind.DRAFT,
        action=action,
        round_number=round_number,
        message=LogText(message, params),
        data={**data, "detail": detail},
    )


def draft_schedule_timeout(draft: DraftBase) -> None:
    """After the transaction commits, send the timer task for the draft's current pick, due at its deadline.

    The task carries the pick it is for and does nothing if that pick has been made by then; the periodic sweep
    catches a timer whose worker died. If the broker is down the write still commits (the error is logged)."""
    if draft.deadline is None:
        return
    task, args, eta = kind_of(draft).timeout_task, (draft.pk, *draft_position(draft)), draft.deadline
    send_after_commit(task, *args, eta=eta, what="the timer", lost="beat's sweep covers it")


def _current(kind: DraftKind, draft_id: int):
    return kind.model.objects.filter(pk=draft_id).values_list("status", *kind.position_fields, "deadline").first()


def draft_timeout_apply(*, kind: DraftKind, draft_id: int, position: tuple[int, int], via: str = PickVia.TIMER) -> bool:
    """If the pick at `position` is still awaited and its deadline has passed, apply the format's timeout (the
    oldest card(s) for every seat out of time) and move the draft on. Returns whether it did.

    Safe to call any number of times, early or late: a pick already made, a paused or finished draft, or a deadline
    not reached (a stale timer after a pause or an undo) leave everything as it is.
    """
    # Most timer tasks find their pick made long ago: a plain read says so without a transaction or a lock.
    current = _current(kind, draft_id)
    if current is None or current[:3] != (DraftStatus.RUNNING, *position):
        return False
    if current[3] is None or current[3] > now():
        return False
    with transaction.atomic():
        draft = draft_lock(kind=kind, draft_id=draft_id)
        at = now()
        if draft.status != DraftStatus.RUNNING or draft_position(draft) != tuple(position):
            return False
        if not draft_overdue(draft, at):
            return False
        _timeouts[kind.name](draft, at, via)
        return True


def draft_timeout_early(*, kind: DraftKind, draft_id: int, position: tuple[int, int]) -> dt.datetime | None:
    """The deadline of the pick at `position` when it is still awaited but its deadline is still ahead: a timer
    delivered early (clocks apart, or sent before a pause moved the deadline). None otherwise."""
    current = _current(kind, draft_id)
    if current is None or current[:3] != (DraftStatus.RUNNING, *position):
        return None
    deadline = current[3]
    return deadline if deadline is not None and deadline > now() else None


def drafts_sweep_overdue(*, kind: DraftKind, grace_seconds: float = SWEEP_GRACE_SECONDS) -> int:
    """Apply the timeout of every running draft of `kind` whose deadline passed more than `grace_seconds` ago
    without its timer task running (a worker that died, or no worker at all). Returns the timeouts applied."""
    cutoff = now() - dt.timedelta(seconds=grace_seconds)
    overdue = kind.model.objects.filter(status=DraftStatus.RUNNING, deadline__lte=cutoff).values_list(
        "pk", *kind.position_fields
    )
    made = 0
    for draft_id, *position in overdue:
        if draft_timeout_apply(kind=kind, draft_id=draft_id, position=tuple(position), via=PickVia.SWEEP):
            made += 1
            log.info(
                "Draft sweep: %s %s pick %s.%s timed out without its timer; took the oldest %s.",
                kind.name,
                draft_id,
                position[0] + 1,
                position[1],
                "card" if kind is TABLE else "cards",
            )
    return made


def draft_refresh(*, draft: DraftBase) -> DraftBase:
    """The draft as it stands by the server's clock: if its deadline has passed, apply the timeout first.

    Every read of a draft's state goes through this, so a deadline that is over never shows as running, even
    with no worker at all. Returns `draft` itself when nothing was overdue (no extra query)."""
    if draft.status != DraftStatus.RUNNING or draft.deadline is None or draft.deadline > now():
        return draft
    kind = kind_of(draft)
    draft_timeout_apply(kind=kind, draft_id=draft.pk, position=draft_position(draft), via=PickVia.READ)
    return kind.model.objects.select_related("event").get(pk=draft.pk)


def drafts_refresh(*, kind: DraftKind, event) -> int:
    """Apply the timeout of every running draft of `kind` in `event` whose deadline is over (one query when none
    is), so a list read by the server's clock never shows an expired deadline. Returns the timeouts applied."""
    overdue = kind.model.objects.filter(event=event, status=DraftStatus.RUNNING, deadline__lte=now()).values_list(
        "pk", *kind.position_fields
    )
    return sum(
        draft_timeout_apply(kind=kind, draft_id=pk, position=tuple(position), via=PickVia.READ)
        for pk, *position in overdue
    )


def draft_boosters_open(*, draft: DraftBase, set_code: str, seed: str, count: int) -> tuple[list, str, str]:
    """Open `count` boosters for the draft from the set's booster configuration (`set_code`, else the draft's set)
    with `seed` (else one derived from the draft's recorded seed): (packs, set code, seed). Raises DraftRefused
    without a set, UnknownSetError/BoosterDataError for a set Hydra can't open."""
    code = (set_code or draft.set_code).strip().upper()
    if not code:
        raise DraftRefused(_("Choose the set the packs come from."))
    seed = seed or f"{draft.seed}-{code}"
    return open_boosters(load_set(code), count=count, seed=seed), code, seed


def draft_packs_store(
    *,
    kind: DraftKind,
    draft_id: int,
    by,
    packs: list,
    source: str,
    set_code: str,
    seed: str,
    card_model: type,
    place: Callable[[DraftBase, int], dict],
    sizes: Callable[[DraftBase, list], list],
) -> DraftBase:
    """Load the packs of a draft that hasn't started (replacing any loaded before), one card row a card in layout
    order (`position` 1 = laid out first), logged with who did it. The format says where pack number `index` goes
    (`place(draft, index)`: the card row's pack fields) and how its sizes are kept (`sizes(draft, packs)`).
    Raises DraftRefused once the draft has started."""
    with transaction.atomic():
        draft = draft_lock(kind=kind, draft_id=draft_id)
        if draft.status != DraftStatus.SETUP:
            raise DraftRefused(_("The draft has started; its packs can't change."))
        card_model.objects.filter(**{kind.name: draft}).delete()
        card_model.objects.bulk_create(
            card_model(
                **{kind.name: draft},
                **place(draft, index),
                position=position,
                uuid=card.uuid,
                name=card.name,
                set_code=card.set_code,
                rarity=card.rarity,
                colors="".join(card.colors),
                types=" ".join(card.types),
                mana_value=card.mana_value,
                foil=card.foil,
            )
            for index, pack in enumerate(packs)
            for position, card in enumerate(pack, start=1)
        )
        draft.pack_sizes = sizes(draft, packs)
        draft.pack_source, draft.set_code, draft.booster_seed = source, set_code, seed
        draft.version += 1
        draft.save(update_fields=["pack_sizes", "pack_source", "set_code", "booster_seed", "version"])
        counts = sorted({len(pack) for pack in packs})
        draft_log(draft, DraftAction.PACKS, by=by, detail=f"{source} {set_code} seed {seed!r}, pack sizes {counts}")
    return draft


def draft_pause(*, kind: DraftKind, draft_id: int, by, review_break: bool = False, reason: str = "") -> DraftBase:
    """Stop the clock, keeping the time left. With `review_break` the players may look through their picks until
    the draft resumes (a paused draft can become a review break). A pick already overdue is applied first."""
    draft = kind.model.objects.get(pk=draft_id)
    draft_timeout_apply(kind=kind, draft_id=draft_id, position=draft_position(draft))
    with transaction.atomic():
        draft = draft_lock(kind=kind, draft_id=draft_id)
        if draft.status == DraftStatus.PAUSED and review_break and not draft.review_break:
            draft.review_break = True
            draft.version += 1
            draft.save(update_fields=["review_break", "version"])
            draft_log(draft, DraftAction.REVIEW_BREAK, by=by, detail=reason)
            return draft
        if draft.status == DraftStatus.PAUSED:
            raise DraftRefused(str(kind.already_paused))
        if draft.status != DraftStatus.RUNNING:
            raise DraftRefused(str(kind.pause_not_running))
        clock_stop(draft, review_break=review_break)
        draft.save()
        draft_log(draft, DraftAction.REVIEW_BREAK if review_break else DraftAction.PAUSE, by=by, detail=reason)
    return draft


def draft_resume(*, kind: DraftKind, draft_id: int, by) -> DraftBase:
    """Restart the clock with the time it had left: the deadlines move by the length of the pause. Ends a review
    break."""
    with transaction.atomic():
        draft = draft_lock(kind=kind, draft_id=draft_id)
        if draft.status != DraftStatus.PAUSED:
            raise DraftRefused(str(kind.resume_not_paused))
        clock_restart(draft)
        draft.save()
        draft_log(draft, DraftAction.RESUME, by=by)
        draft_schedule_timeout(draft)
    return draft


def draft_end(*, kind: DraftKind, draft_id: int, by, reason: str = "") -> DraftBase:
    """End the draft now; cards not yet taken stay untaken. Logged with who and why; the format's end hook runs
    (a pod's pools)."""
    with transaction.atomic():
        draft = draft_lock(kind=kind, draft_id=draft_id)
        if draft.status == DraftStatus.FINISHED:
            raise DraftRefused(str(kind.already_over))
        draft.status, draft.finished_at, draft.review_break = DraftStatus.FINISHED, now(), False
        draft.deadline = draft.picks_open_at = draft.paused_deadline_left = draft.paused_review_left = None
        draft.version += 1
        draft.save()
        draft_log(draft, DraftAction.END, by=by, detail=reason)
        domain_event_send(event_id=draft.event_id, kind=DomainEvent.DRAFT_FINISHED, **{kind.name: draft.pk})
        if kind.name in _ends:
            _ends[kind.name](draft, by)
    return draft


def clock_stop(draft: DraftBase, *, review_break: bool) -> None:
    """Pause a running draft's clock: keep the time its pick and its review had left, clear the deadlines and bump
    its version. The caller holds the row's lock, has checked it may pause, saves and logs."""
    at = now()
    draft.paused_deadline_left = _seconds_left(draft.deadline, at)
    draft.paused_review_left = _seconds_left(draft.picks_open_at, at)
    draft.deadline = draft.picks_open_at = None
    draft.status, draft.review_break = DraftStatus.PAUSED, review_break
    draft.version += 1


def clock_restart(draft: DraftBase) -> None:
    """Resume a paused draft's clock with the time it had left (ends a review break) and bump its version. The
    caller holds the row's lock, has checked it is paused, saves, logs and schedules the timeout."""
    at = now()
    draft.deadline = _moment_after(at, draft.paused_deadline_left)
    draft.picks_open_at = _moment_after(at, draft.paused_review_left)
    draft.paused_deadline_left = draft.paused_review_left = None
    draft.status, draft.review_break = DraftStatus.RUNNING, False
    draft.version += 1


def _seconds_left(moment: dt.datetime | None, at: dt.datetime) -> float | None:
    return None if moment is None else max(0.0, (moment - at).total_seconds())


def _moment_after(at: dt.datetime, seconds: float | None) -> dt.datetime | None:
    return None if seconds is None else at + dt.timedelta(seconds=seconds)
