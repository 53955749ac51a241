"""The Two-Headed Giant booster draft in pods (RULES.md 7, MTR 9.7; docs/2hg-draft.md): seating the pods, the
packs, a team's two-card pick, the timeout (two oldest cards), the sweeps, and the organizer's actions.

The rules (pod sizes, passing, pick time, what a pick may be) are drafting.thg; this module adapts them to the
models. Like the Rochester draft, every write locks the pod's row (timers.pod_lock) in a short transaction and
checks the pick step it expects, so a team's pick, its teammate's, the timer task, the sweep and a page read
racing for one step record exactly one pick of two cards per team.
"""
from __future__ import annotations

import datetime as dt
import logging
import math
import random
import secrets
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from drafting import thg
from drafting.boosters import BoosterCard, open_boosters
from drafting.data import load_set
from drafting.models import (
    DraftAction,
    DraftStatus,
    PackSource,
    PickVia,
    Pod,
    PodCard,
    PodLog,
    PodTeam,
    step_key,
)
from drafting.selectors_pods import thg_pod_team_of_user
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import Event, Seat

from . import timers
from .picks import SWEEP_GRACE_SECONDS, DraftRefused

log = logging.getLogger(__name__)

DEFAULT_DECK_BUILDING_MINUTES = 40


def _log(pod: Pod, action: str, *, by, detail: str = "") -> None:
    PodLog.objects.create(pod=pod, action=action, actor=by if getattr(by, "pk", None) else None, detail=detail)


# --- Seating and packs --------------------------------------------------------------------------------------------


@transaction.atomic
def thg_pods_seat(*, event: Event, by, seed: int | None = None, confirm_five: bool = False) -> list[Pod]:
    """Seat the event's registered (not dropped) teams in random pods of three or four (thg.pod_sizes; five
    teams make one pod of five only with `confirm_five`), teammates side by side. The seed is recorded.

    Raises DraftRefused when the event isn't a Two-Headed Giant booster draft, already has pods, or the teams
    can't be seated."""
    from drafting.services.tables import draft_settings_for

    if event.format_kind != FormatKind.THG_DRAFT:
        raise DraftRefused(_("Only a Two-Headed Giant booster draft event drafts in pods."))
    if Pod.objects.filter(event=event).exists():
        raise DraftRefused(_("This event already has its pods."))
    teams = list(event.registrations.filter(dropped_round__isnull=True).order_by("pk"))
    if len(teams) < thg.MIN_POD:
        raise DraftRefused(_("A Two-Headed Giant draft needs at least three teams; %(n)d are registered.")
                           % {"n": len(teams)})
    if len(teams) == thg.CONFIRMED_POD and not confirm_five:
        raise DraftRefused(_("Five teams make one pod of five: confirm it to seat them."))
    seed = secrets.randbits(62) if seed is None else seed
    settings = draft_settings_for(event=event)
    pods = []
    for number, members in enumerate(thg.seat_pods(teams, rng=random.Random(seed), allow_five=confirm_five), start=1):
        pod = Pod.objects.create(
            event=event, number=number, seed=seed + number, set_code=settings.set_code,
            pick_seconds=dict(settings.thg_pick_seconds or {}),
            review_between_picks=event.enforcement_level == EnforcementLevel.REGULAR,
            deck_building_minutes=DEFAULT_DECK_BUILDING_MINUTES,
        )
        PodTeam.objects.bulk_create(PodTeam(pod=pod, registration=team, seat=seat) for seat, team in enumerate(members))
        _log(pod, DraftAction.PODS_SEATED, by=by, detail=f"seed {seed}, {len(members)} teams")
        pods.append(pod)
    return pods


def thg_pod_generate_packs(*, pod_id: int, by, set_code: str = "", seed: str = "") -> Pod:
    """Open six boosters per team from the set's booster configuration with a stored seed (the same product for
    every team). Replaces packs loaded before the start."""
    pod = Pod.objects.get(pk=pod_id)
    code = (set_code or pod.set_code).strip().upper()
    if not code:
        raise DraftRefused(_("Choose the set the packs come from."))
    seed = seed or f"{pod.seed}-{code}"
    teams = pod.teams.count()
    packs = open_boosters(load_set(code), count=thg.PACK_ROUNDS * teams, seed=seed)
    return _store_packs(pod_id=pod_id, by=by, packs=packs, source=PackSource.GENERATED, set_code=code, seed=seed)


def thg_pod_enter_packs(*, pod_id: int, by, packs: Sequence[Sequence[str]], set_code: str = "") -> Pod:
    """Load packs typed in from real boosters: for each pack round, each team's pack in seat order (6 x teams
    packs in all), each pack's card names in order."""
    from .tables import MAX_PACK_SIZE, _entered_card

    teams = PodTeam.objects.filter(pod_id=pod_id).count()
    if len(packs) != thg.PACK_ROUNDS * teams:
        raise DraftRefused(_("This pod drafts %(want)d packs (six per team); %(got)d were entered.")
                           % {"want": thg.PACK_ROUNDS * teams, "got": len(packs)})
    cards = []
    for number, names in enumerate(packs, start=1):
        names = [n.strip() for n in names if n.strip()]
        if not 1 <= len(names) <= MAX_PACK_SIZE:
            raise DraftRefused(_("Pack %(n)d has %(k)d cards.") % {"n": number, "k": len(names)})
        cards.append([_entered_card(name, None, set_code) for name in names])
    return _store_packs(pod_id=pod_id, by=by, packs=cards, source=PackSource.ENTERED, set_code=set_code, seed="")


def _store_packs(*, pod_id: int, by, packs: list[list[BoosterCard]], source: str, set_code: str, seed: str) -> Pod:
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status != DraftStatus.SETUP:
            raise DraftRefused(_("The draft has started; its packs can't change."))
        teams = pod.teams.count()
        PodCard.objects.filter(pod=pod).delete()
        PodCard.objects.bulk_create(
            PodCard(
                pod=pod, pack_round=index // teams, opener=index % teams, position=position, uuid=card.uuid,
                name=card.name, set_code=card.set_code, rarity=card.rarity, colors="".join(card.colors),
                types=" ".join(card.types), mana_value=card.mana_value, foil=card.foil,
            )
            for index, pack in enumerate(packs)
            for position, card in enumerate(pack, start=1)
        )
        pod.pack_sizes = [[len(packs[r * teams + o]) for o in range(teams)] for r in range(thg.PACK_ROUNDS)]
        pod.pack_source, pod.set_code, pod.booster_seed = source, set_code, seed
        pod.version += 1
        pod.save(update_fields=["pack_sizes", "pack_source", "set_code", "booster_seed", "version"])
        _log(pod, DraftAction.PACKS, by=by, detail=f"{source} {set_code} seed {seed!r}")
    return pod


# --- The draft ------------------------------------------------------------------------------------------------------


def thg_pod_start(*, pod_id: int, by) -> Pod:
    """Open the first boosters: pack round 1, the clock of its first pick runs. Needs every pack loaded."""
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status != DraftStatus.SETUP:
            raise DraftRefused(_("This pod has already started."))
        if len(pod.pack_sizes) != thg.PACK_ROUNDS:
            raise DraftRefused(_("Load the packs first: generate them or enter them."))
        now = timers.now()
        pod.status, pod.pack_round, pod.step, pod.started_at = DraftStatus.RUNNING, 0, 0, now
        _open_step(pod, now=now, teams=list(pod.teams.all()))
        _log(pod, DraftAction.START, by=by)
    return pod


def thg_pick(
    *, pod_id: int, user, card_ids: Sequence[int], pack_round: int, step: int, arrived_at: dt.datetime | None = None
) -> list[PodCard]:
    """Record the two cards `card_ids` as the pick of the team `user` plays for, from the pack in front of it at
    (`pack_round`, `step`), the step the page showed. Either teammate may pick; the first press counts.

    Raises DraftRefused, with a message for the player and nothing written, when the draft isn't running, the user
    doesn't draft in this pod, the pack has moved on, the team has picked from this pack already (a teammate, a
    double press), the pick isn't exactly two different cards of the pack. A pick arriving after the deadline
    (judged at `arrived_at`) gets the two oldest cards, as the timer would have given, and is refused saying so.
    """
    late: list[PodCard] = []
    # Who plays for which team doesn't change during a draft: look it up before taking the pod's lock, so the
    # lock is held for as few queries as possible.
    team = thg_pod_team_of_user(pod=Pod(pk=pod_id), user=user)
    if team is None:
        raise DraftRefused(_("You don't draft in this pod."))
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        now = timers.now()
        judged = now if arrived_at is None else min(now, arrived_at)
        _check_running(pod)
        team.picked_through = PodTeam.objects.filter(pk=team.pk).values_list("picked_through", flat=True).get()
        if (pod.pack_round, pod.step) != (pack_round, step):
            raise DraftRefused(_("That pack has moved on; look at the pack in front of your team now."))
        if team.picked_through >= pod.step_key:
            raise DraftRefused(_("Your team has already picked from this pack; wait for the other teams."))
        if pod.picks_open_at is not None and judged < pod.picks_open_at:
            wait = math.ceil((pod.picks_open_at - judged).total_seconds())
            raise DraftRefused(_("The teams are looking through their pools; picks open in %(n)d s.") % {"n": wait})
        pack = _pack_in_front(pod, team)
        if not thg.needs_choice(len(pack)):
            raise DraftRefused(_("Your team has already picked from this pack; wait for the other teams."))
        if _overdue(pod, judged):
            late = _take(pod, team, cards=[pack[p] for p in thg.oldest_two(list(pack))], via=PickVia.LATE, now=now)
            _after_pick(pod, now=now)
        else:
            by_id = {card.pk: card for card in pack.values()}
            try:
                thg.check_pick(chosen=list(card_ids), pack=list(by_id))
            except thg.PickInvalid:
                if len(card_ids) != thg.CARDS_PER_PICK or len(set(card_ids)) != len(card_ids):
                    raise DraftRefused(_("Choose exactly two different cards.")) from None
                raise DraftRefused(_("That card isn't in the pack in front of your team.")) from None
            taken = _take(pod, team, cards=[by_id[c] for c in card_ids], via=PickVia.PLAYER, now=now)
            _after_pick(pod, now=now)
            return taken
    raise DraftRefused(
        _("Your time ran out: your team got the two oldest cards, %(cards)s.") % {"cards": ", ".join(c.name for c in late)}
    )


def thg_tentative(
    *, pod_id: int, user, card_ids: Sequence[int] = (), pack_round: int, step: int, toggle: int | None = None
) -> PodTeam:
    """Show the teammate which cards this player has chosen, before either confirms: `card_ids`, or with
    `toggle` the team's current choice with that card added or removed (a third card replaces the first chosen).
    At most two cards of the pack in front of the team; nothing is taken. Raises DraftRefused like thg_pick when
    the pack has moved on or the user doesn't draft here."""
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        _check_running(pod)
        team = thg_pod_team_of_user(pod=pod, user=user)
        if team is None:
            raise DraftRefused(_("You don't draft in this pod."))
        if (pod.pack_round, pod.step) != (pack_round, step) or team.picked_through >= pod.step_key:
            raise DraftRefused(_("That pack has moved on; look at the pack in front of your team now."))
        pack_ids = {card.pk for card in _pack_in_front(pod, team).values()}
        if toggle is not None:
            if toggle not in pack_ids:
                raise DraftRefused(_("That card isn't in the pack in front of your team."))
            current = [c for c in team.tentative if c in pack_ids]
            card_ids = [c for c in current if c != toggle] if toggle in current else [*current, toggle][-thg.CARDS_PER_PICK:]
        chosen = [c for c in dict.fromkeys(card_ids) if c in pack_ids][: thg.CARDS_PER_PICK]
        name = Seat.objects.filter(registration_id=team.registration_id, player__user=user).values_list(
            "player__name", flat=True).first() or ""
        team.tentative, team.tentative_by = chosen, name if chosen else ""
        team.save(update_fields=["tentative", "tentative_by"])
        pod.version += 1
        pod.save(update_fields=["version"])
    return team


def thg_timeout_apply(*, pod_id: int, pack_round: int, step: int, via: str = PickVia.TIMER) -> bool:
    """If step (`pack_round`, `step`) is still awaited and its deadline has passed, give every team that hasn't
    picked the two oldest cards of its pack and move the packs on. Returns whether it did. Safe to call any number
    of times, early or late."""
    current = Pod.objects.filter(pk=pod_id).values_list("status", "pack_round", "step", "deadline").first()
    if current is None or current[:3] != (DraftStatus.RUNNING, pack_round, step):
        return False
    if current[3] is None or current[3] > timers.now():
        return False
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        now = timers.now()
        if pod.status != DraftStatus.RUNNING or (pod.pack_round, pod.step) != (pack_round, step):
            return False
        if not _overdue(pod, now):
            return False
        packs = _packs(pod)
        for team in pod.teams.all():
            pack = packs.get(_opener(pod, team), {})
            if team.picked_through < pod.step_key and thg.needs_choice(len(pack)):
                _take(pod, team, cards=[pack[p] for p in thg.oldest_two(list(pack))], via=via, now=now)
        _advance(pod, now=now)
        return True


def thg_timeout_early(*, pod_id: int, pack_round: int, step: int) -> dt.datetime | None:
    """The deadline of step (`pack_round`, `step`) while it is awaited and still ahead (a timer delivered early)."""
    current = Pod.objects.filter(pk=pod_id).values_list("status", "pack_round", "step", "deadline").first()
    if current is None or current[:3] != (DraftStatus.RUNNING, pack_round, step):
        return None
    return current[3] if current[3] is not None and current[3] > timers.now() else None


def thg_pods_sweep_overdue(*, grace_seconds: float = SWEEP_GRACE_SECONDS) -> int:
    """Apply the timeout of every running pod whose deadline passed more than `grace_seconds` ago without its
    timer task (a worker died, or none runs). Returns the number of steps timed out."""
    cutoff = timers.now() - dt.timedelta(seconds=grace_seconds)
    overdue = Pod.objects.filter(status=DraftStatus.RUNNING, deadline__lte=cutoff).values_list("pk", "pack_round", "step")
    made = 0
    for pod_id, pack_round, step in overdue:
        if thg_timeout_apply(pod_id=pod_id, pack_round=pack_round, step=step, via=PickVia.SWEEP):
            made += 1
            log.info("Pod sweep: pod %s step %s.%s timed out without its timer.", pod_id, pack_round + 1, step + 1)
    return made


def thg_pod_refresh(*, pod: Pod) -> Pod:
    """The pod as it stands by the server's clock: an overdue step is timed out first (no worker needed). Returns
    `pod` itself when nothing was overdue."""
    if pod.status != DraftStatus.RUNNING or pod.deadline is None or pod.deadline > timers.now():
        return pod
    thg_timeout_apply(pod_id=pod.pk, pack_round=pod.pack_round, step=pod.step, via=PickVia.READ)
    return Pod.objects.select_related("event").get(pk=pod.pk)


def thg_pods_refresh(*, event) -> int:
    """Time out every overdue step of the event's pods (one query when none is). Returns the steps timed out."""
    overdue = Pod.objects.filter(event=event, status=DraftStatus.RUNNING, deadline__lte=timers.now()).values_list(
        "pk", "pack_round", "step")
    return sum(thg_timeout_apply(pod_id=pk, pack_round=r, step=s, via=PickVia.READ) for pk, r, s in overdue)


# --- The organizer's actions ----------------------------------------------------------------------------------------


def thg_pod_pause(*, pod_id: int, by, review_break: bool = False, reason: str = "") -> Pod:
    """Stop the pod's clock, keeping the time left. A review break also lets the teams look through their pools
    until the pod resumes. A step already overdue is timed out first."""
    pod = Pod.objects.get(pk=pod_id)
    thg_timeout_apply(pod_id=pod_id, pack_round=pod.pack_round, step=pod.step)
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status == DraftStatus.PAUSED and review_break and not pod.review_break:
            pod.review_break = True
            pod.version += 1
            pod.save(update_fields=["review_break", "version"])
            _log(pod, DraftAction.REVIEW_BREAK, by=by, detail=reason)
            return pod
        if pod.status == DraftStatus.PAUSED:
            raise DraftRefused(_("This pod is already paused."))
        if pod.status != DraftStatus.RUNNING:
            raise DraftRefused(_("Only a running pod can be paused."))
        timers.clock_stop(pod, review_break=review_break)
        pod.save()
        _log(pod, DraftAction.REVIEW_BREAK if review_break else DraftAction.PAUSE, by=by, detail=reason)
    return pod


def thg_pod_resume(*, pod_id: int, by) -> Pod:
    """Restart the pod's clock with the time it had left. Ends a review break."""
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status != DraftStatus.PAUSED:
            raise DraftRefused(_("Only a paused pod can be resumed."))
        timers.clock_restart(pod)
        pod.save()
        _log(pod, DraftAction.RESUME, by=by)
        timers.schedule_pod_timeout(pod)
    return pod


def thg_pod_end(*, pod_id: int, by, reason: str = "") -> Pod:
    """End the pod's draft where it stands (the cards not taken stay untaken)."""
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status == DraftStatus.FINISHED:
            raise DraftRefused(_("This pod's draft is over already."))
        pod.status, pod.finished_at, pod.deadline, pod.picks_open_at = DraftStatus.FINISHED, timers.now(), None, None
        pod.version += 1
        pod.save()
        _log(pod, DraftAction.END, by=by, detail=reason)
        if pod.started_at is not None:  # a pod ended before it started drafted nothing: no pools
            thg_pod_pools_create(pod=pod, by=by)
    return pod


def thg_pod_pools_create(*, pod: Pod, by=None) -> list:
    """After the draft: each team's pool becomes its sealed pool (sealed.models.SealedPool), where the team builds
    its two 40-card decks and the shared sideboard and registers them against the pool (the sealed deck-building
    page and its checks: a card used twice or not in the pool is named). Teams that already have one keep it.
    Returns the pools created."""
    from sealed.models import PoolAction, PoolCard, PoolLog, PoolSource, SealedPool

    made = []
    teams = PodTeam.objects.filter(pod=pod, registration__sealed_pool__isnull=True).select_related("registration")
    source = PoolSource.ENTERED if pod.pack_source == PackSource.ENTERED else PoolSource.GENERATED
    for team in teams:
        pool = SealedPool.objects.create(registration=team.registration, source=source, set_code=pod.set_code,
                                         booster_count=thg.PACK_ROUNDS)
        PoolCard.objects.bulk_create(
            PoolCard(pool=pool, position=position, booster=card.pack_round, name=card.name, set_code=card.set_code,
                     rarity=card.rarity, colors=card.colors, types=card.types, mana_value=card.mana_value, foil=card.foil)
            for position, card in enumerate(
                PodCard.objects.filter(team=team).order_by("pack_round", "pick_step", "pick_slot"), start=1)
        )
        PoolLog.objects.create(pool=pool, action=PoolAction.OPENED, by=by if getattr(by, "pk", None) else None,
                               detail=[f"2HG draft, pod {pod.number}, seat {team.seat + 1}"])
        made.append(pool)
    return made


def thg_pod_set_timing(
    *, pod_id: int, by, pick_seconds: dict, round_review_seconds: float | None, deck_building_minutes: int | None
) -> Pod:
    """Change the pod's pick seconds table (empty: the default), the review between pack rounds and the
    deck-building clock. The current step keeps its deadline; the next step uses the new table."""
    try:
        table = {int(k): int(v) for k, v in (pick_seconds or {}).items()}
    except (TypeError, ValueError, AttributeError):
        raise DraftRefused(_("Pick seconds: a table of cards in the pack to seconds, e.g. {\"15\": 80, \"3\": 10}.")) from None
    if any(k < 1 or not 0 <= v <= 3600 for k, v in table.items()):
        raise DraftRefused(_("Pick seconds: cards from 1, seconds from 0 (no limit) to 3600."))
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status == DraftStatus.FINISHED:
            raise DraftRefused(_("This pod's draft is over already."))
        pod.pick_seconds = {str(k): v for k, v in sorted(table.items(), reverse=True)}
        pod.round_review_seconds, pod.deck_building_minutes = round_review_seconds, deck_building_minutes
        pod.version += 1
        pod.save(update_fields=["pick_seconds", "round_review_seconds", "deck_building_minutes", "version"])
        _log(pod, DraftAction.TIMING, by=by, detail=f"{pod.pick_seconds} review {round_review_seconds}")
    return pod


# --- Inside the lock ------------------------------------------------------------------------------------------------


def _check_running(pod: Pod) -> None:
    if pod.status == DraftStatus.PAUSED:
        raise DraftRefused(_("The draft is paused; wait for the organizer to resume it."))
    if pod.status == DraftStatus.FINISHED:
        raise DraftRefused(_("The draft is over."))
    if pod.status != DraftStatus.RUNNING:
        raise DraftRefused(_("The draft hasn't started yet."))



def _overdue(pod: Pod, now: dt.datetime) -> bool:
    return pod.deadline is not None and now >= pod.deadline


def _opener(pod: Pod, team: PodTeam) -> int:
    size = len(pod.pack_sizes[pod.pack_round])
    return thg.pack_in_front_of(pod_size=size, pack_round=pod.pack_round, step=pod.step, seat=team.seat)


def _pack_in_front(pod: Pod, team: PodTeam) -> dict[int, PodCard]:
    """The cards still in the pack in front of `team`, by position."""
    cards = PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=_opener(pod, team), team__isnull=True)
    return {card.position: card for card in cards.order_by("position")}


def _packs(pod: Pod) -> dict[int, dict[int, PodCard]]:
    """Every pack of the current round with the cards still in it, by opener then position (one query)."""
    packs: dict[int, dict[int, PodCard]] = {}
    for card in PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, team__isnull=True).order_by("position"):
        packs.setdefault(card.opener, {})[card.position] = card
    return packs


def _take(pod: Pod, team: PodTeam, *, cards: Iterable[PodCard], via: str, now: dt.datetime) -> list[PodCard]:
    taken = list(cards)
    for slot, card in enumerate(taken, start=1):
        card.team, card.pick_step, card.pick_slot, card.picked_at, card.deadline_at, card.via = (
            team, pod.step, slot, now, pod.deadline, via)
    PodCard.objects.bulk_update(taken, ["team", "pick_step", "pick_slot", "picked_at", "deadline_at", "via"])
    team.picked_through, team.tentative, team.tentative_by = pod.step_key, [], ""
    team.save(update_fields=["picked_through", "tentative", "tentative_by"])
    return taken


def _after_pick(pod: Pod, *, now: dt.datetime) -> None:
    """A team has picked: pass the packs once every team has, otherwise just tell the pages."""
    if PodTeam.objects.filter(pod=pod, picked_through__lt=pod.step_key).exists():
        pod.version += 1
        pod.save(update_fields=["version"])
        return
    _advance(pod, now=now)


def _advance(pod: Pod, *, now: dt.datetime) -> None:
    """Every team has picked at this step: move every pack on (or open the next round, or finish)."""
    position = thg.next_position(pack_round=pod.pack_round, step=pod.step, pack_sizes=pod.pack_sizes[pod.pack_round])
    if position.finished:
        pod.status, pod.finished_at, pod.deadline, pod.picks_open_at = DraftStatus.FINISHED, now, None, None
        pod.version += 1
        pod.save(update_fields=["status", "finished_at", "deadline", "picks_open_at", "version"])
        thg_pod_pools_create(pod=pod)
        return
    new_round = position.pack_round != pod.pack_round
    pod.pack_round, pod.step = position.pack_round, position.step
    _open_step(pod, now=now, teams=list(pod.teams.all()), new_round=new_round)


def _open_step(pod: Pod, *, now: dt.datetime, teams: list[PodTeam], new_round: bool = False) -> None:
    """The packs lie in front of their teams at the pod's step: a pack of one or two cards goes to its team at
    once; when no team has a choice the pod moves on; otherwise the step's clock starts and its timer is sent.
    A new pack round after the first starts with the review of the pools (round_review_seconds)."""
    pod.deadline = pod.picks_open_at = None
    packs = _packs(pod)
    choosing = False
    for team in teams:
        pack = packs.get(_opener(pod, team), {})
        if thg.needs_choice(len(pack)):
            choosing = True
        elif pack:
            _take(pod, team, cards=pack.values(), via=PickVia.LAST, now=now)
        else:
            team.picked_through = pod.step_key
            team.save(update_fields=["picked_through"])
    if not choosing:
        _advance(pod, now=now)
        return
    sizes = pod.pack_sizes[pod.pack_round]
    seconds = thg.step_seconds(sizes, pod.step, pod.pick_seconds or None)
    if new_round and pod.round_review_seconds:
        pod.picks_open_at = now + dt.timedelta(seconds=pod.round_review_seconds)
    pod.deadline = None if seconds is None else (pod.picks_open_at or now) + dt.timedelta(seconds=seconds)
    pod.version += 1
    pod.save(update_fields=["status", "pack_round", "step", "deadline", "picks_open_at", "started_at", "version"])
    timers.schedule_pod_timeout(pod)


__all__ = [
    "step_key",
    "thg_pick",
    "thg_pod_end",
    "thg_pod_enter_packs",
    "thg_pod_generate_packs",
    "thg_pod_pause",
    "thg_pod_pools_create",
    "thg_pod_refresh",
    "thg_pod_resume",
    "thg_pod_set_timing",
    "thg_pod_start",
    "thg_pods_refresh",
    "thg_pods_seat",
    "thg_pods_sweep_overdue",
    "thg_tentative",
    "thg_timeout_apply",
    "thg_timeout_early",
]
