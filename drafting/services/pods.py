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
from django.db.models import Max
from django.utils.translation import gettext as _

from cards.selectors import card_names_read
from common.textlist import text_list
from drafting import booster, core, thg
from drafting.passing import PickInvalid
from drafting.core import SWEEP_GRACE_SECONDS, DraftRefused
from drafting.core import draft_check_running as _check_running
from drafting.core import draft_overdue as _overdue
from drafting.boosters import BoosterCard
from drafting.models import (
    DraftAction,
    DraftStatus,
    PackSource,
    PickVia,
    Pod,
    PodCard,
    PodTeam,
    step_key,
)
from drafting.selectors.pods import event_draft_phase_number, event_pods, thg_pod_team_of_user
from drafting.services.tables import MAX_PACK_SIZE, _entered_card, draft_settings_for
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import Event, Seat
from tournaments.pools import drafted_pools_keep
from tournaments.signals import DomainEvent, domain_event_send

from . import timers

log = logging.getLogger(__name__)

DEFAULT_DECK_BUILDING_MINUTES = 40


_log = core.draft_log


# --- Seating and packs --------------------------------------------------------------------------------------------


@transaction.atomic
def thg_pods_seat(
    *,
    event: Event,
    by,
    seed: int | None = None,
    confirm_five: bool = False,
    paper: bool = False,
) -> list[Pod]:
    """Seat the event's registered (not dropped) teams in random pods of three or four (thg.pod_sizes; five
    teams make one pod of five only with `confirm_five`), teammates side by side. The seed is recorded. `paper`:
    the pods draft real packs on the table (a called draft, services.paper), so Hydra loads no packs.

    Raises DraftRefused when the event isn't a Two-Headed Giant booster draft, already has pods, or the teams
    can't be seated."""
    if event.format_kind != FormatKind.THG_DRAFT:
        raise DraftRefused(_("Only a Two-Headed Giant booster draft event drafts in pods."))
    if event_pods(event=event).exists():
        raise DraftRefused(_("This event already has its pods."))
    teams = list(event.registrations.filter(dropped_round__isnull=True).order_by("pk"))
    if len(teams) < thg.MIN_POD:
        raise DraftRefused(
            _("A Two-Headed Giant draft needs at least three teams; %(n)d are registered.") % {"n": len(teams)}
        )
    if len(teams) == thg.CONFIRMED_POD and not confirm_five:
        raise DraftRefused(_("Five teams make one pod of five: confirm it to seat them."))
    seed = secrets.randbits(62) if seed is None else seed
    settings = draft_settings_for(event=event)
    return pods_create(
        event=event,
        by=by,
        seed=seed,
        seating=thg.seat_pods(teams, rng=random.Random(seed), allow_five=confirm_five),
        pick_seconds=dict(settings.thg_pick_seconds or {}),
        deck_building_minutes=DEFAULT_DECK_BUILDING_MINUTES,
        pack_source=PackSource.PAPER if paper else "",
    )


def pods_create(*, event: Event, by, seed: int, seating: list[list], **fields) -> list[Pod]:
    """Create the event's pods from `seating` (the registrations of each pod in clockwise seat order) with the
    format's `fields`, logging the seed. The formats' seating services call it inside their transaction.

    The pods belong to the phase being played (event_draft_phase_number; none without a plan). Their numbers
    follow the event's earlier pods (a pod number names one pod of the event), so a first draft's pods are 1, 2 ..."""
    settings = draft_settings_for(event=event)
    phase_number = event_draft_phase_number(event=event)
    before = Pod.objects.filter(event=event).aggregate(last=Max("number"))["last"] or 0
    pods = []
    for number, members in enumerate(seating, start=before + 1):
        pod = Pod.objects.create(
            event=event,
            number=number,
            seed=seed + number,
            set_code=settings.set_code,
            phase_number=phase_number,
            review_between_picks=event.enforcement_level == EnforcementLevel.REGULAR,
            **fields,
        )
        PodTeam.objects.bulk_create(PodTeam(pod=pod, registration=team, seat=seat) for seat, team in enumerate(members))
        _log(pod, DraftAction.PODS_SEATED, by=by, detail=f"seed {seed}, {len(members)} seats")
        pods.append(pod)
    return pods


def thg_pod_generate_packs(*, pod_id: int, by, set_code: str = "", seed: str = "") -> Pod:
    """Open six boosters per team from the set's booster configuration with a stored seed (the same product for
    every team). Replaces packs loaded before the start."""
    pod = Pod.objects.get(pk=pod_id)
    count = pod.rules.pack_rounds * pod.teams.count()
    packs, code, seed = core.draft_boosters_open(draft=pod, set_code=set_code, seed=seed, count=count)
    return _store_packs(pod_id=pod_id, by=by, packs=packs, source=PackSource.GENERATED, set_code=code, seed=seed)


def thg_pod_enter_packs(*, pod_id: int, by, packs: Sequence[Sequence[str]], set_code: str = "") -> Pod:
    """Load packs typed in from real boosters: for each pack round, each team's pack in seat order (6 x teams
    packs in all), each pack's card names in order."""
    pod = Pod.objects.get(pk=pod_id)
    teams, rounds = pod.teams.count(), pod.rules.pack_rounds
    if len(packs) != rounds * teams:
        raise DraftRefused(
            _("This pod drafts %(want)d packs (%(rounds)d per seat); %(got)d were entered.")
            % {"want": rounds * teams, "rounds": rounds, "got": len(packs)}
        )
    cards = []
    for number, names in enumerate(packs, start=1):
        names = [n.strip() for n in names if n.strip()]
        if not 1 <= len(names) <= MAX_PACK_SIZE:
            raise DraftRefused(_("Pack %(n)d has %(k)d cards.") % {"n": number, "k": len(names)})
        cards.append([_entered_card(name, None, set_code) for name in names])
    return _store_packs(pod_id=pod_id, by=by, packs=cards, source=PackSource.ENTERED, set_code=set_code, seed="")


def _store_packs(*, pod_id: int, by, packs: list[list[BoosterCard]], source: str, set_code: str, seed: str) -> Pod:
    """The pod's packs: pack `index` is opened in round index // seats by seat index % seats. A paper pod's packs
    are real boosters on the table (services.paper): Hydra loads none."""
    if Pod.objects.filter(pk=pod_id, pack_source=PackSource.PAPER).exists():
        raise DraftRefused(
            _("This pod drafts real boosters on the table; its draft is called from the paper draft's page.")
        )
    seats = PodTeam.objects.filter(pod_id=pod_id).count()  # seated before the packs; never changes

    def place(pod: Pod, index: int) -> dict:
        return {"pack_round": index // seats, "opener": index % seats}

    def sizes(pod: Pod, packs: list) -> list:
        return [[len(packs[r * seats + o]) for o in range(seats)] for r in range(pod.rules.pack_rounds)]

    return core.draft_packs_store(
        kind=core.POD,
        draft_id=pod_id,
        by=by,
        packs=packs,
        source=source,
        set_code=set_code,
        seed=seed,
        card_model=PodCard,
        place=place,
        sizes=sizes,
    )


# --- The draft ------------------------------------------------------------------------------------------------------


def thg_pod_start(*, pod_id: int, by) -> Pod:
    """Open the first boosters: pack round 1, the clock of its first pick runs. Needs every pack loaded."""
    with transaction.atomic():
        pod = timers.pod_lock(pod_id=pod_id)
        if pod.status != DraftStatus.SETUP:
            raise DraftRefused(_("This pod has already started."))
        if len(pod.pack_sizes) != pod.rules.pack_rounds:
            raise DraftRefused(_("Load the packs first: generate them or enter them."))
        now = timers.now()
        pod.status, pod.pack_round, pod.step, pod.started_at = DraftStatus.RUNNING, 0, 0, now
        _open_step(pod, now=now, teams=list(pod.teams.all()))
        _log(pod, DraftAction.START, by=by)
        domain_event_send(event_id=pod.event_id, kind=DomainEvent.DRAFT_STARTED, pod=pod.pk)
    return pod


def thg_pick(
    *, pod_id: int, user, card_ids: Sequence[int], pack_round: int, step: int, arrived_at: dt.datetime | None = None
) -> list[PodCard]:
    """Record the two cards `card_ids` as the pick of the team `user` plays for, from the pack in front of it at
    (`pack_round`, `step`), the step the page showed. Either teammate may pick; the first press counts. Returns the
    cards taken (their card data, e.g. the name, is read from the database when first asked for).

    Raises DraftRefused, with a message for the player and nothing written, when the draft isn't running, the user
    doesn't draft in this pod, the pack has moved on, the team has picked from this pack already (a teammate, a
    double press), the pick isn't exactly two different cards of the pack. A pick arriving after the deadline
    (judged at `arrived_at`) gets the two oldest cards, as the timer would have given, and is refused saying so.

    The pod's row is locked for five statements (the lock, the team's claim, the cards, "has everyone picked?" and
    the version; docs/drafting.md): everything that can be known before, is.
    """
    # Who plays for which team doesn't change during a draft: look it up before taking the pod's lock, so the
    # lock is held for as few queries as possible.
    team = thg_pod_team_of_user(pod=Pod(pk=pod_id), user=user)
    if team is None:
        raise DraftRefused(_("You don't draft in this pod."))
    with transaction.atomic():
        pod = core.draft_lock(kind=core.POD, draft_id=pod_id, with_event=False)
        now = timers.now()
        judged = now if arrived_at is None else min(now, arrived_at)
        _check_running(pod)
        if (pod.pack_round, pod.step) != (pack_round, step):
            raise DraftRefused(_("That pack has moved on; look at the pack in front of your team now."))
        # Claim the team's pick at this step in one statement (read and write at once, to keep the lock short); a
        # refusal below rolls the claim back with the transaction. A claim that succeeds means the pack in front of
        # the team asks for a choice: _open_step gave a smaller pack to its team and marked the team as picked.
        if not PodTeam.objects.filter(pk=team.pk, picked_through__lt=pod.step_key).update(
            picked_through=pod.step_key, tentative=[], tentative_by=""
        ):
            raise DraftRefused(_already_picked_message(pod))
        if pod.picks_open_at is not None and judged < pod.picks_open_at:
            wait = math.ceil((pod.picks_open_at - judged).total_seconds())
            raise DraftRefused(_("The teams are looking through their pools; picks open in %(n)d s.") % {"n": wait})
        if _overdue(pod, judged):
            pack = _pack_in_front(pod, team)
            late = _take(
                pod,
                team,
                cards=[pack[p] for p in pod.rules.oldest(list(pack))],
                via=PickVia.LATE,
                now=now,
                claimed=True,
            )
            _after_pick(pod, now=now)
        else:
            try:
                pod.rules.check_count(list(card_ids), cards_left=pod.rules.cards_per_pick + 1)
            except PickInvalid:
                raise DraftRefused(_choose_message(pod)) from None
            taken = _take_chosen(pod, team, card_ids=card_ids, now=now)
            _after_pick(pod, now=now)
            return taken
    if pod.rules.cards_per_pick == 1:
        raise DraftRefused(
            _("Your time ran out: you got the oldest card, %(card)s.")
            % {"card": card_names_read(names=[late[0].name])[late[0].name]}
        )
    read = card_names_read(names=[c.name for c in late])
    raise DraftRefused(
        _("Your time ran out: your team got the two oldest cards, %(cards)s.")
        % {"cards": text_list(read[c.name] for c in late)}
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
            card_ids = (
                [c for c in current if c != toggle]
                if toggle in current
                else [*current, toggle][-pod.rules.cards_per_pick :]
            )
        chosen = [c for c in dict.fromkeys(card_ids) if c in pack_ids][: pod.rules.cards_per_pick]
        name = (
            Seat.objects.filter(registration_id=team.registration_id, player__user=user)
            .values_list("player__name", flat=True)
            .first()
            or ""
        )
        team.tentative, team.tentative_by = chosen, name if chosen else ""
        team.save(update_fields=["tentative", "tentative_by"])
        pod.version += 1
        pod.save(update_fields=["version"])
    return team


def thg_timeout_apply(*, pod_id: int, pack_round: int, step: int, via: str = PickVia.TIMER) -> bool:
    """If step (`pack_round`, `step`) is still awaited and its deadline has passed, give every seat that hasn't
    picked the oldest cards of its pack and move the packs on. Returns whether it did (core.draft_timeout_apply)."""
    return core.draft_timeout_apply(kind=core.POD, draft_id=pod_id, position=(pack_round, step), via=via)


def thg_timeout_early(*, pod_id: int, pack_round: int, step: int) -> dt.datetime | None:
    """The deadline of step (`pack_round`, `step`) while it is awaited and still ahead (a timer delivered early)."""
    return core.draft_timeout_early(kind=core.POD, draft_id=pod_id, position=(pack_round, step))


def thg_pods_sweep_overdue(*, grace_seconds: float = SWEEP_GRACE_SECONDS) -> int:
    """The beat sweep for the pods (core.drafts_sweep_overdue)."""
    return core.drafts_sweep_overdue(kind=core.POD, grace_seconds=grace_seconds)


def thg_pod_refresh(*, pod: Pod) -> Pod:
    """The pod as it stands by the server's clock (core.draft_refresh)."""
    return core.draft_refresh(draft=pod)


def thg_pods_refresh(*, event) -> int:
    """Time out every overdue step of the event's pods (core.drafts_refresh)."""
    return core.drafts_refresh(kind=core.POD, event=event)


def _timeout(pod: Pod, now: dt.datetime, via: str) -> None:
    """The pod formats' timeout: every seat that hasn't picked gets the oldest cards of its pack, the packs move on."""
    packs = _packs(pod)
    for team in pod.teams.all():
        pack = packs.get(_opener(pod, team), {})
        if team.picked_through < pod.step_key and pod.rules.needs_choice(len(pack)):
            _take(pod, team, cards=[pack[p] for p in pod.rules.oldest(list(pack))], via=via, now=now)
    _advance(pod, now=now)


# --- The organizer's actions ----------------------------------------------------------------------------------------


def thg_pod_pause(*, pod_id: int, by, review_break: bool = False, reason: str = "") -> Pod:
    """Stop the pod's clock, keeping the time left. A review break also lets the teams look through their pools
    until the pod resumes. A step already overdue is timed out first (core.draft_pause)."""
    return core.draft_pause(kind=core.POD, draft_id=pod_id, by=by, review_break=review_break, reason=reason)


def thg_pod_resume(*, pod_id: int, by) -> Pod:
    """Restart the pod's clock with the time it had left. Ends a review break (core.draft_resume)."""
    return core.draft_resume(kind=core.POD, draft_id=pod_id, by=by)


def thg_pod_end(*, pod_id: int, by, reason: str = "") -> Pod:
    """End the pod's draft where it stands (the cards not taken stay untaken); the drafted cards become the pools
    (core.draft_end)."""
    return core.draft_end(kind=core.POD, draft_id=pod_id, by=by, reason=reason)


def _ended(pod: Pod, by) -> None:
    if pod.started_at is not None:  # a pod ended before it started drafted nothing: no pools
        thg_pod_pools_create(pod=pod, by=by)


def thg_pod_pools_create(*, pod: Pod, by=None) -> list:
    """After the draft: each team's pool becomes its sealed pool, where the team builds its two 40-card decks and
    the shared sideboard and registers them against the pool. Handed over through the pool sink
    (tournaments.pools; sealed.services.sealed_pools_from_pod keeps them). Returns the pools created."""
    return drafted_pools_keep(pod=pod, by=by)


def pick_seconds_table(value) -> dict[int, int]:
    """An organizer's pick-time table (cards in the pack -> seconds; {} for the format's default) checked and read,
    or DraftRefused saying what a table looks like."""
    try:
        table = {int(k): int(v) for k, v in (value or {}).items()}
    except (TypeError, ValueError, AttributeError):
        raise DraftRefused(
            _('Pick seconds: a table of cards in the pack to seconds, e.g. {"15": 80, "3": 10}.')
        ) from None
    if any(k < 1 or not 0 <= v <= 3600 for k, v in table.items()):
        raise DraftRefused(_("Pick seconds: cards from 1, seconds from 0 (no limit) to 3600."))
    return table


def thg_pod_set_timing(
    *, pod_id: int, by, pick_seconds: dict, round_review_seconds: float | None, deck_building_minutes: int | None
) -> Pod:
    """Change the pod's pick seconds table (empty: the default), the review between pack rounds and the
    deck-building clock. The current step keeps its deadline; the next step uses the new table."""
    table = pick_seconds_table(pick_seconds)
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


def _round_review_seconds(pod: Pod) -> float | None:
    """The review before the pod's current pack round: its entry of `review_seconds_by_round` (booster draft: 30 s
    before pack 2, 45 s before pack 3), else `round_review_seconds` for every round."""
    if pod.review_seconds_by_round:
        return booster.review_seconds(pod.pack_round, pod.review_seconds_by_round)
    return pod.round_review_seconds


def _already_picked_message(pod: Pod) -> str:
    if pod.rules.cards_per_pick == 1:
        return _("You have already picked from this pack; wait for the other players.")
    return _("Your team has already picked from this pack; wait for the other teams.")


def _choose_message(pod: Pod) -> str:
    if pod.rules.cards_per_pick == 1:
        return _("Choose one card.")
    return _("Choose exactly two different cards.")


def _opener(pod: Pod, team: PodTeam) -> int:
    size = len(pod.pack_sizes[pod.pack_round])
    return pod.rules.pack_in_front_of(pod_size=size, pack_round=pod.pack_round, step=pod.step, seat=team.seat)


# What the code under the pod's lock reads of a card in a pack (where it is, its name for a message): the rest of
# the row stays in the database.
_PACK_FIELDS = ("pk", "opener", "position", "name")


def _pack_in_front(pod: Pod, team: PodTeam) -> dict[int, PodCard]:
    """The cards still in the pack in front of `team`, by position."""
    cards = PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=_opener(pod, team), team__isnull=True)
    return {card.position: card for card in cards.only(*_PACK_FIELDS).order_by("position")}


def _packs(pod: Pod) -> dict[int, dict[int, PodCard]]:
    """Every pack of the current round with the cards still in it, by opener then position (one query)."""
    packs: dict[int, dict[int, PodCard]] = {}
    cards = PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, team__isnull=True).only(*_PACK_FIELDS)
    for card in cards.order_by("position"):
        packs.setdefault(card.opener, {})[card.position] = card
    return packs


def _take_chosen(pod: Pod, team: PodTeam, *, card_ids: Sequence[int], now: dt.datetime) -> list[PodCard]:
    """Give the cards a player chose to `team`, which has claimed the step: one statement a card, each taking the
    card only while it is still in the pack in front of the team (so the pack needn't be read under the lock).
    Raises DraftRefused for a card that isn't; the caller's transaction then writes nothing. Returns the cards
    with what was written; the rest of each row (name, rarity ...) is loaded when first read."""
    opener = _opener(pod, team)
    pack = PodCard.objects.filter(pod=pod, pack_round=pod.pack_round, opener=opener, team__isnull=True)
    written = {
        "team": team,
        "pick_step": pod.step,
        "picked_at": now,
        "deadline_at": pod.deadline,
        "via": PickVia.PLAYER,
    }
    taken = []
    for slot, card_id in enumerate(card_ids, start=1):
        if not pack.filter(pk=card_id).update(**written, pick_slot=slot):
            raise DraftRefused(_("That card isn't in the pack in front of your team."))
        known = {
            "id": card_id,
            "pod_id": pod.pk,
            "pack_round": pod.pack_round,
            "opener": opener,
            "team_id": team.pk,
            "pick_slot": slot,
            **{k: v for k, v in written.items() if k != "team"},
        }
        taken.append(PodCard.from_db(pack.db, list(known), list(known.values())))
    return taken


def _take(
    pod: Pod, team: PodTeam, *, cards: Iterable[PodCard], via: str, now: dt.datetime, claimed: bool = False
) -> list[PodCard]:
    """Give `cards` to `team` at the pod's step and mark the team as having picked (unless the caller `claimed`
    the step already)."""
    taken = list(cards)
    for slot, card in enumerate(taken, start=1):
        card.team, card.pick_step, card.pick_slot, card.picked_at, card.deadline_at, card.via = (
            team,
            pod.step,
            slot,
            now,
            pod.deadline,
            via,
        )
    PodCard.objects.bulk_update(taken, ["team", "pick_step", "pick_slot", "picked_at", "deadline_at", "via"])
    team.picked_through, team.tentative, team.tentative_by = pod.step_key, [], ""
    if not claimed:
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
    position = pod.rules.next_position(
        pack_round=pod.pack_round, step=pod.step, pack_sizes=pod.pack_sizes[pod.pack_round]
    )
    if position.finished:
        pod.status, pod.finished_at, pod.deadline, pod.picks_open_at = DraftStatus.FINISHED, now, None, None
        pod.version += 1
        pod.save(update_fields=["status", "finished_at", "deadline", "picks_open_at", "version"])
        thg_pod_pools_create(pod=pod)
        domain_event_send(event_id=pod.event_id, kind=DomainEvent.DRAFT_FINISHED, pod=pod.pk)
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
        if pod.rules.needs_choice(len(pack)):
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
    seconds = pod.rules.step_seconds(sizes, pod.step, pod.pick_seconds or None)
    review = _round_review_seconds(pod) if new_round else None
    if review:
        pod.picks_open_at = now + dt.timedelta(seconds=review)
    # The clock starts when the packs can be seen: after the review, or once the news reached the phones.
    pod.deadline = (
        None
        if seconds is None
        else ((pod.picks_open_at or now + core.seen_allowance()) + dt.timedelta(seconds=seconds))
    )
    pod.version += 1
    pod.save(update_fields=["status", "pack_round", "step", "deadline", "picks_open_at", "started_at", "version"])
    timers.schedule_timeout(pod)


core.draft_format_register(kind=core.POD, timeout=_timeout, ended=_ended)

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
