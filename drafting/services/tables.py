"""Draft tables: creating them from the registered teams, the draw and the choice, the packs, and the
organizer's actions (start, pause, review break, resume, undo the last pick, end). Every action is audited."""
from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from drafting.boosters import BoosterCard, open_boosters
from drafting.data import load_set
from drafting.models import (
    DraftAction,
    DraftCard,
    DraftLog,
    DraftSettings,
    DraftStatus,
    DraftTable,
    PackSource,
)
from drafting.rochester import MIN_TEAM_SIZE
from tournaments.enums import FormatKind
from tournaments.models import Event

from . import timers
from .picks import DraftRefused

MAX_PACK_SIZE = 30


def _log(table: DraftTable, action: str, *, by, detail: str = "") -> None:
    DraftLog.objects.create(
        table=table, action=action, actor=by if getattr(by, "pk", None) else None,
        pack_index=table.pack_index, pick_number=table.pick_number, detail=detail,
    )


def draft_settings_for(*, event: Event) -> DraftSettings:
    """The event's draft settings, created with the defaults (20 s review, 5 s per pick) on first use."""
    settings, _created = DraftSettings.objects.get_or_create(event=event)
    return settings


@transaction.atomic
def draft_tables_create(*, event: Event, by, seed: int | None = None) -> list[DraftTable]:
    """Seat the event's registered (not dropped) teams two to a table, in a random order, and draw for each table
    the team that decides who picks first. The seed of the pairing and each table's draw are recorded.

    Raises DraftRefused when the event isn't a team Rochester draft, already has tables, or has an odd number
    of teams or fewer than two.
    """
    if event.format_kind != FormatKind.TEAM_ROCHESTER:
        raise DraftRefused(_("Only a team Rochester draft event gets draft tables."))
    if not MIN_TEAM_SIZE <= event.team_size <= 4:
        raise DraftRefused(_("A team Rochester draft is for teams of 2, 3 or 4."))
    if DraftTable.objects.filter(event=event).exists():
        raise DraftRefused(_("This event already has its draft tables."))
    teams = list(event.registrations.filter(dropped_round__isnull=True).order_by("pk"))
    if len(teams) < 2 or len(teams) % 2:
        raise DraftRefused(
            _("Draft tables need an even number of teams, two per table; this event has %(n)d.") % {"n": len(teams)}
        )
    settings = draft_settings_for(event=event)
    seed = secrets.randbits(48) if seed is None else seed
    rng = random.Random(seed)
    order = teams[:]
    for i in range(len(order) - 1, 0, -1):  # Fisher-Yates on rng.random(), stable across Python versions
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    tables = []
    for number, k in enumerate(range(0, len(order), 2), start=1):
        table_seed = int(rng.random() * 2**48)
        table = DraftTable.objects.create(
            event=event, number=number, team1=order[k], team2=order[k + 1], seed=table_seed,
            chooser=1 if random.Random(table_seed).random() < 0.5 else 2,
            set_code=settings.set_code, review_seconds=settings.review_seconds, pick_seconds=settings.pick_seconds,
        )
        _log(table, DraftAction.TABLES_CREATED, by=by,
             detail=f"pairing seed {seed}; draw seed {table_seed}: team {table.chooser} decides")
        tables.append(table)
    return tables


def draft_table_choose(*, table_id: int, first_team: int, by) -> DraftTable:
    """Record the choice of the team that won the draw: which team (1 or 2) picks first. Only before the start."""
    if first_team not in (1, 2):
        raise DraftRefused(_("The team that picks first is team 1 or team 2."))
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status != DraftStatus.SETUP:
            raise DraftRefused(_("The draft has started; the choice can't change."))
        table.first_team = first_team
        table.version += 1
        table.save(update_fields=["first_team", "version"])
        _log(table, DraftAction.CHOICE, by=by, detail=f"team {table.chooser} chose: team {first_team} picks first")
    return table


def draft_table_generate_packs(*, table_id: int, by, set_code: str = "", seed: str = "") -> DraftTable:
    """Open three packs per player from the set's booster configuration (weighted sheets) with a stored seed.

    `set_code` defaults to the table's set, `seed` to one derived from the table's seed. Replaces packs loaded
    before the start. Raises DraftRefused for a started table, UnknownSetError/BoosterDataError for a bad set.
    """
    table = DraftTable.objects.select_related("event").get(pk=table_id)
    code = (set_code or table.set_code).strip().upper()
    if not code:
        raise DraftRefused(_("Choose the set the packs come from."))
    seed = seed or f"{table.seed}-{code}"
    packs = open_boosters(load_set(code), count=table.pack_count, seed=seed)
    return _store_packs(table_id=table_id, by=by, packs=packs, source=PackSource.GENERATED, set_code=code, seed=seed)


def draft_table_enter_packs(*, table_id: int, by, packs: Sequence[Sequence[str]], set_code: str = "") -> DraftTable:
    """Load packs the organizer entered from real packs: for each pack, in the order the packs are laid out, the
    card names in the order the cards are laid out. Names are looked up in the set when one is given.

    Raises DraftRefused naming what is wrong: the number of packs, an empty or oversized pack, an unknown name.
    """
    table = DraftTable.objects.select_related("event").get(pk=table_id)
    if len(packs) != table.pack_count:
        raise DraftRefused(
            _("This table drafts %(want)d packs (three per player); %(got)d were entered.")
            % {"want": table.pack_count, "got": len(packs)}
        )
    code = (set_code or table.set_code).strip().upper()
    known: dict[str, dict] = {}
    if code:
        known = {card["name"].casefold(): card for card in load_set(code)["cards"]}
    cards: list[list[BoosterCard]] = []
    for number, names in enumerate(packs, start=1):
        names = [n.strip() for n in names if n.strip()]
        if not 1 <= len(names) <= MAX_PACK_SIZE:
            raise DraftRefused(_("Pack %(n)d has %(k)d cards.") % {"n": number, "k": len(names)})
        unknown = [n for n in names if known and n.casefold() not in known]
        if unknown:
            raise DraftRefused(
                _("Pack %(n)d: not a card of %(set)s: %(names)s.") % {"n": number, "set": code, "names": ", ".join(unknown)}
            )
        cards.append([_entered_card(name, known.get(name.casefold()), code) for name in names])
    return _store_packs(table_id=table_id, by=by, packs=cards, source=PackSource.ENTERED, set_code=code, seed="")


def _entered_card(name: str, data: dict | None, code: str) -> BoosterCard:
    data = data or {}
    return BoosterCard(
        uuid=data.get("uuid", ""), name=data.get("name", name), number=str(data.get("number", "")),
        rarity=data.get("rarity", ""), colors=tuple(data.get("colors", ())), types=tuple(data.get("types", ())),
        supertypes=tuple(data.get("supertypes", ())), mana_value=float(data.get("manaValue", 0.0)),
        set_code=data.get("setCode") or code, sheet="", foil=False,
    )


def _store_packs(*, table_id: int, by, packs: list[list[BoosterCard]], source: str, set_code: str, seed: str) -> DraftTable:
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status != DraftStatus.SETUP:
            raise DraftRefused(_("The draft has started; its packs can't change."))
        DraftCard.objects.filter(table=table).delete()
        DraftCard.objects.bulk_create(
            DraftCard(
                table=table, pack_index=index, position=position, uuid=card.uuid, name=card.name,
                set_code=card.set_code, rarity=card.rarity, colors="".join(card.colors), types=" ".join(card.types),
                mana_value=card.mana_value, foil=card.foil,
            )
            for index, pack in enumerate(packs)
            for position, card in enumerate(pack, start=1)
        )
        table.pack_sizes = [len(pack) for pack in packs]
        table.pack_source, table.set_code, table.booster_seed = source, set_code, seed
        table.version += 1
        table.save(update_fields=["pack_sizes", "pack_source", "set_code", "booster_seed", "version"])
        sizes = sorted(set(table.pack_sizes))
        _log(table, DraftAction.PACKS, by=by, detail=f"{source} {set_code} seed {seed!r}, pack sizes {sizes}")
    return table


def draft_table_start(*, table_id: int, by) -> DraftTable:
    """Lay out the first pack and start its review period. Needs the choice recorded and every pack loaded."""
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status != DraftStatus.SETUP:
            raise DraftRefused(_("This table has already started."))
        if table.first_team is None:
            raise DraftRefused(_("Record which team picks first (team %(n)d decides).") % {"n": table.chooser})
        if len(table.pack_sizes) != table.pack_count:
            raise DraftRefused(_("Load the packs first: generate them or enter them."))
        now = timers.now()
        table.status, table.pack_index, table.pick_number, table.started_at = DraftStatus.RUNNING, 0, 1, now
        timers.open_pack_timers(table, now=now)
        table.version += 1
        table.save()
        _log(table, DraftAction.START, by=by)
        timers.schedule_timeout(table)
    return table


def draft_table_pause(*, table_id: int, by, review_break: bool = False, reason: str = "") -> DraftTable:
    """Stop the clock, keeping the time left. With `review_break` the players may look through their picks until
    the table resumes. A pick already overdue is applied first, as the timer would have."""
    from .picks import draft_timeout_apply

    table = DraftTable.objects.get(pk=table_id)
    draft_timeout_apply(table_id=table_id, pack_index=table.pack_index, pick_number=table.pick_number)
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status != DraftStatus.RUNNING:
            raise DraftRefused(_("Only a running table can be paused."))
        now = timers.now()
        table.paused_deadline_left = _left(table.deadline, now)
        table.paused_review_left = _left(table.picks_open_at, now)
        table.deadline = table.picks_open_at = None
        table.status, table.review_break = DraftStatus.PAUSED, review_break
        table.version += 1
        table.save()
        _log(table, DraftAction.REVIEW_BREAK if review_break else DraftAction.PAUSE, by=by, detail=reason)
    return table


def draft_table_resume(*, table_id: int, by) -> DraftTable:
    """Restart the clock: the deadlines move by the length of the pause. Ends a review break."""
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status != DraftStatus.PAUSED:
            raise DraftRefused(_("Only a paused table can be resumed."))
        now = timers.now()
        table.deadline = _after(now, table.paused_deadline_left)
        table.picks_open_at = _after(now, table.paused_review_left)
        table.paused_deadline_left = table.paused_review_left = None
        table.status, table.review_break = DraftStatus.RUNNING, False
        table.version += 1
        table.save()
        _log(table, DraftAction.RESUME, by=by)
        timers.schedule_timeout(table)
    return table


def draft_table_undo_last_pick(*, table_id: int, by, reason: str) -> DraftCard:
    """A judge's fix: put the most recent pick back on the table and wait for that pick again, with a full pick's
    time (the table stays paused if it is). Recorded in the audit log with who and why. Returns the card."""
    reason = reason.strip()
    if not reason:
        raise DraftRefused(_("Say why the pick is undone; it goes in the audit log."))
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        card = (
            DraftCard.objects.filter(table=table, pick_number__isnull=False)
            .order_by("-pack_index", "-pick_number")
            .first()
        )
        if card is None:
            raise DraftRefused(_("No pick has been made at this table."))
        detail = f"{card.picked_by} pick {card.pack_index + 1}.{card.pick_number} {card.name} ({card.via}): {reason}"
        table.pack_index, table.pick_number = card.pack_index, card.pick_number
        card.picked_by, card.pick_number, card.picked_at, card.deadline_at, card.via = "", None, None, None, ""
        card.save(update_fields=["picked_by", "pick_number", "picked_at", "deadline_at", "via"])
        now = timers.now()
        if table.status == DraftStatus.PAUSED:
            table.paused_deadline_left, table.paused_review_left = table.pick_seconds, None
        else:
            table.status, table.finished_at = DraftStatus.RUNNING, None
            timers.next_pick_timers(table, now=now)
        table.version += 1
        table.save()
        _log(table, DraftAction.UNDO, by=by, detail=detail)
        timers.schedule_timeout(table)
    return card


def draft_table_end(*, table_id: int, by, reason: str = "") -> DraftTable:
    """End the table's draft now; cards not yet taken stay untaken. The players' pools become visible."""
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status == DraftStatus.FINISHED:
            raise DraftRefused(_("This table's draft is already over."))
        table.status, table.finished_at, table.review_break = DraftStatus.FINISHED, timers.now(), False
        table.deadline = table.picks_open_at = table.paused_deadline_left = table.paused_review_left = None
        table.version += 1
        table.save()
        _log(table, DraftAction.END, by=by, detail=reason)
    return table


def _left(moment: dt.datetime | None, now: dt.datetime) -> float | None:
    return None if moment is None else max(0.0, (moment - now).total_seconds())


def _after(now: dt.datetime, left: float | None) -> dt.datetime | None:
    return None if left is None else now + dt.timedelta(seconds=left)
