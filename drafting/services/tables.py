"""Draft tables: creating them from the registered teams, the draw and the choice, the packs, and the
organizer's actions (start, pause, review break, resume, undo the last pick, end). Every action is audited."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from common.textlist import text_list
from cards.models import Card
from cards.names import name_key
from cards.selectors import card_name_index
from drafting import core
from drafting.boosters import BoosterCard, BoosterDataError, booster_config
from drafting.data import load_set
from drafting.models import (
    DraftAction,
    DraftCard,
    DraftSettings,
    DraftStatus,
    DraftTable,
    PackSource,
    PickVia,
)
from tournaments.enums import FormatKind
from tournaments.models import Event
from tournaments.signals import DomainEvent, domain_event_send

from . import timers
from .picks import DraftRefused
from .seating import draft_empty_seats_problem, rochester_team_size_problem

MAX_PACK_SIZE = 30


class PacksRefused(DraftRefused):
    """Packs typed in that can't be loaded; `problems` lists every reason, each naming its pack and line."""

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        super().__init__(" ".join(self.problems))


_log = core.draft_log


def draft_settings_for(*, event: Event) -> DraftSettings:
    """The event's draft settings, created with the defaults (20 s review, 5 s per pick) on first use."""
    settings, _created = DraftSettings.objects.get_or_create(event=event)
    return settings


@transaction.atomic
def draft_tables_create(*, event: Event, by, seed: int | None = None) -> list[DraftTable]:
    """The one draft of an event that lifts the pod rule (RULES.md 6): seat the event's registered (not dropped)
    teams two to a table, in a random order, and draw for each table the team that decides who picks first. The
    seed of the pairing and each table's draw are recorded. The Swiss rounds then pair across the tables.

    Raises DraftRefused when the event isn't a team Rochester draft, drafts every round (pairing a round seats
    its tables), has teams of a size that can't draft, already has tables, or has an odd number of teams or fewer
    than two.
    """
    if event.format_kind != FormatKind.TEAM_ROCHESTER:
        raise DraftRefused(_("Only a team Rochester draft event gets draft tables."))
    if event.drafts_every_round:
        raise DraftRefused(_("This event drafts every round: pairing a round seats its teams at their draft tables."))
    problem = rochester_team_size_problem(event=event)
    if problem:
        raise DraftRefused(problem)
    if DraftTable.objects.filter(event=event).exists():
        raise DraftRefused(_("This event already has its draft tables."))
    teams = list(event.registrations.filter(dropped_round__isnull=True).order_by("pk"))
    if len(teams) < 2 or len(teams) % 2:
        raise DraftRefused(
            _("Draft tables need an even number of teams, two per table; this event has %(n)d.") % {"n": len(teams)}
        )
    problem = draft_empty_seats_problem(event=event, registration_ids=[t.pk for t in teams])
    if problem:
        raise DraftRefused(problem)
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
            event=event,
            number=number,
            team1=order[k],
            team2=order[k + 1],
            seed=table_seed,
            chooser=1 if random.Random(table_seed).random() < 0.5 else 2,
            set_code=settings.set_code,
            review_seconds=settings.review_seconds,
            pick_seconds=settings.pick_seconds,
            deck_building_minutes=event.deck_building_minutes,
            pack_source=PackSource.PAPER if event.real_product else "",
        )
        _log(
            table,
            DraftAction.TABLES_CREATED,
            by=by,
            detail=f"pairing seed {seed}; draw seed {table_seed}: team {table.chooser} decides",
        )
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
    packs, code, seed = core.draft_boosters_open(draft=table, set_code=set_code, seed=seed, count=table.pack_count)
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
                _("Pack %(n)d: not a card of %(set)s: %(names)s.")
                % {"n": number, "set": code, "names": text_list(unknown, conjunction=False)}
            )
        cards.append([_entered_card(name, known.get(name.casefold()), code) for name in names])
    return _store_packs(table_id=table_id, by=by, packs=cards, source=PackSource.ENTERED, set_code=code, seed="")


def entered_names_resolve(*, names: Iterable[str], set_code: str = "") -> tuple[dict[str, dict], dict[str, str]]:
    """Resolve names typed from real product against the card catalogue: an English name, a face, or a name
    printed in another language, in any case.

    Returns (found, refused). `found` maps each typed name to its card's data in the set data's shape: the English
    `name`, `colors`, `types`, `supertypes`, `manaValue` from the catalogue, and with a set also its `uuid`,
    `number`, `rarity`, `setCode`. `refused` maps every other typed name to why, with the closest names: unknown,
    ambiguous, or (with a set) not a card of that set. Raises UnknownSetError for a set Hydra has no data for.
    """
    in_set: dict[str, dict] = {}
    if set_code:
        for card in load_set(set_code)["cards"]:
            in_set.setdefault(name_key(card["name"]), card)
    index = card_name_index()
    english: dict[str, str] = {}
    refused: dict[str, str] = {}
    for typed in dict.fromkeys(names):
        resolution = index.resolve(typed)
        if resolution.english is None and resolution.candidates:
            refused[typed] = _("'%(name)s' could be %(cards)s; type the full English name.") % {
                "name": typed,
                "cards": _(" or ").join(resolution.candidates),
            }
        elif resolution.english is None:
            close = index.suggest(typed)
            refused[typed] = (
                _("'%(name)s' is not a card name; did you mean %(close)s?")
                % {"name": typed, "close": _(" or ").join(close)}
                if close
                else _("'%(name)s' is not a card name, nor close to one.") % {"name": typed}
            )
        elif in_set and name_key(resolution.english) not in in_set:
            refused[typed] = _("%(name)s is not a card of %(set)s.") % {
                "name": resolution.english,
                "set": set_code.upper(),
            }
        else:
            english[typed] = resolution.english
    catalogue = {
        card["name"]: {
            "name": card["name"],
            "colors": list(card["colors"]),
            "types": card["types"],
            "supertypes": card["supertypes"],
            "manaValue": card["mana_value"],
        }
        for card in Card.objects.filter(name__in=set(english.values())).values(
            "name", "colors", "types", "supertypes", "mana_value"
        )
    }
    found = {
        typed: {**catalogue.get(name, {"name": name}), **in_set.get(name_key(name), {})}
        for typed, name in english.items()
    }
    return found, refused


def draft_table_enter_pack_text(
    *, table_id: int, by, text: str, set_code: str = "", pack_size: int | None = None
) -> DraftTable:
    """Load a table's packs as the organizer types them from real packs: the card names of a pack one per line in
    the order they are laid out, the packs in the order they are laid out, each pack ended by a blank line or a
    line starting with # (a note such as "# pack 2, 1C"; notes are skipped).

    Names are resolved by `entered_names_resolve` and stored under their English names. Every pack must have the
    same number of cards: `pack_size` when given, else the number most packs have, which with a set must be a
    size of the set's boosters. Raises PacksRefused listing every problem at once, each with its pack and line,
    and stores nothing then; DraftRefused for a started table, UnknownSetError for an unknown set.
    """
    table = DraftTable.objects.select_related("event").get(pk=table_id)
    if table.status != DraftStatus.SETUP:
        raise DraftRefused(_("The draft has started; its packs can't change."))
    code = (set_code or table.set_code).strip().upper()
    packs = _typed_packs(text)
    problems: list[str] = []
    if len(packs) != table.pack_count:
        problems.append(
            _(
                "This table drafts %(want)d packs (three per player); the text has %(got)d. End each pack with a blank "
                "line."
            )
            % {"want": table.pack_count, "got": len(packs)}
        )
    problems += _pack_size_problems(packs, pack_size=pack_size, code=code)
    found, refused = entered_names_resolve(names=[name for pack in packs for _line, name in pack], set_code=code)
    for number, pack in enumerate(packs, start=1):
        for position, (line, name) in enumerate(pack, start=1):
            if name in refused:
                problems.append(
                    _("Pack %(p)d, card %(k)d (line %(line)d): %(why)s")
                    % {"p": number, "k": position, "line": line, "why": refused[name]}
                )
    if problems:
        raise PacksRefused(problems)
    cards = [[_entered_card(name, found[name], code) for _line, name in pack] for pack in packs]
    return _store_packs(table_id=table_id, by=by, packs=cards, source=PackSource.ENTERED, set_code=code, seed="")


def _typed_packs(text: str) -> list[list[tuple[int, str]]]:
    """The packs of the typed text, each a list of (line number, name)."""
    packs: list[list[tuple[int, str]]] = [[]]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if packs[-1]:
                packs.append([])
        else:
            packs[-1].append((number, line))
    return [pack for pack in packs if pack]


def _pack_size_problems(packs: list[list[tuple[int, str]]], *, pack_size: int | None, code: str) -> list[str]:
    if not packs:
        return []
    want = pack_size or Counter(len(pack) for pack in packs).most_common(1)[0][0]
    if not 1 <= want <= MAX_PACK_SIZE:
        return [_("A pack holds 1 to %(max)d cards, not %(n)d.") % {"max": MAX_PACK_SIZE, "n": want}]
    odd = [
        _("pack %(p)d (from line %(line)d) has %(k)d") % {"p": number, "line": pack[0][0], "k": len(pack)}
        for number, pack in enumerate(packs, start=1)
        if len(pack) != want
    ]
    problems = (
        [_("Every pack has %(want)d cards, but %(odd)s.") % {"want": want, "odd": text_list(odd, conjunction=False)}]
        if odd
        else []
    )
    if code and not pack_size:
        try:
            sizes = booster_config(load_set(code)).pack_sizes
        except BoosterDataError:
            sizes = ()
        if sizes and want not in sizes:
            problems.append(
                _(
                    "A %(set)s pack has %(sizes)s cards, these have %(want)d; give the pack size if your "
                    "product differs."
                )
                % {"set": code, "sizes": _(" or ").join(map(str, sizes)), "want": want}
            )
    return problems


def _entered_card(name: str, data: dict | None, code: str) -> BoosterCard:
    data = data or {}
    return BoosterCard(
        uuid=data.get("uuid", ""),
        name=data.get("name", name),
        number=str(data.get("number", "")),
        rarity=data.get("rarity", ""),
        colors=tuple(data.get("colors", ())),
        types=tuple(data.get("types", ())),
        supertypes=tuple(data.get("supertypes", ())),
        mana_value=float(data.get("manaValue", 0.0)),
        set_code=data.get("setCode") or code,
        sheet="",
        foil=False,
    )


def _store_packs(
    *, table_id: int, by, packs: list[list[BoosterCard]], source: str, set_code: str, seed: str
) -> DraftTable:
    """The table's packs, laid out in the order given (pack `index` is the table's pack_index). A paper table's
    packs are real boosters on the table (services.paper, its called draft): Hydra loads none."""
    if DraftTable.objects.filter(pk=table_id, pack_source=PackSource.PAPER).exists():
        raise DraftRefused(_("This table drafts real boosters; its draft is called from the paper draft's page."))
    return core.draft_packs_store(
        kind=core.TABLE,
        draft_id=table_id,
        by=by,
        packs=packs,
        source=source,
        set_code=set_code,
        seed=seed,
        card_model=DraftCard,
        place=lambda table, index: {"pack_index": index},
        sizes=lambda table, packs: [len(pack) for pack in packs],
    )


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
        domain_event_send(event_id=table.event_id, kind=DomainEvent.DRAFT_STARTED, table=table.pk)
        timers.schedule_timeout(table)
    return table


def draft_table_pause(*, table_id: int, by, review_break: bool = False, reason: str = "") -> DraftTable:
    """Stop the clock, keeping the time left. With `review_break` the players may look through their picks until
    the table resumes. A pick already overdue is applied first, as the timer would have (core.draft_pause)."""
    return core.draft_pause(kind=core.TABLE, draft_id=table_id, by=by, review_break=review_break, reason=reason)


def draft_table_resume(*, table_id: int, by) -> DraftTable:
    """Restart the clock: the deadlines move by the length of the pause. Ends a review break (core.draft_resume)."""
    return core.draft_resume(kind=core.TABLE, draft_id=table_id, by=by)


def draft_table_undo_last_pick(*, table_id: int, by, reason: str) -> DraftCard:
    """A judge's fix: put the most recent pick back on the table and wait for that pick again, with a full pick's
    time (the table stays paused if it is). Recorded in the audit log with who and why. Returns the card."""
    reason = reason.strip()
    if not reason:
        raise DraftRefused(_("Say why the pick is undone; it goes in the audit log."))
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status == DraftStatus.FINISHED and table.pack_index < len(table.pack_sizes):
            raise DraftRefused(
                _("The organizer ended this table's draft before its last pick; its picks stay as they are.")
            )
        latest = DraftCard.objects.filter(table=table, pick_number__isnull=False).order_by(
            "-pack_index", "-pick_number"
        )
        # A last card taken at once (PickVia.LAST) followed from the pick before it: both go back together, or the
        # undone pick would leave one card that is taken again at once.
        cards = []
        for card in latest[:2]:
            cards.append(card)
            if card.via != PickVia.LAST:
                break
        if not cards:
            raise DraftRefused(_("No pick has been made at this table."))
        card = cards[-1]
        detail = (
            "; ".join(f"{c.picked_by} pick {c.pack_index + 1}.{c.pick_number} {c.name} ({c.via})" for c in cards)
            + f": {reason}"
        )
        table.pack_index, table.pick_number = card.pack_index, card.pick_number
        for c in cards:
            c.picked_by, c.pick_number, c.picked_at, c.deadline_at, c.via = "", None, None, None, ""
            c.save(update_fields=["picked_by", "pick_number", "picked_at", "deadline_at", "via"])
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


def draft_table_set_timing(
    *, table_id: int, by, review_seconds: float | None, pick_seconds: float | None
) -> DraftTable:
    """Change a table's review period and time per pick (None: no limit). Under the table's lock, writing only these
    fields and the clock, so a pick made meanwhile is never overwritten. The running pick's deadline moves by the
    change (never into the past); a paused table keeps the time left, changed the same way. The review period
    applies from the next pack laid out."""
    for value in (review_seconds, pick_seconds):
        if value is not None and value < 0:
            raise DraftRefused(_("Times can't be negative; leave the field empty for no limit."))
    if pick_seconds is not None and pick_seconds < 1:
        raise DraftRefused(_("A pick needs at least 1 second; leave the field empty for no limit."))
    with transaction.atomic():
        table = timers.table_lock(table_id=table_id)
        if table.status == DraftStatus.FINISHED:
            raise DraftRefused(_("This table's draft is over; its timing can't change."))
        old_pick, old_review = table.pick_seconds, table.review_seconds
        if (old_pick, old_review) == (pick_seconds, review_seconds):
            return table
        now = timers.now()
        table.review_seconds, table.pick_seconds = review_seconds, pick_seconds
        if table.status == DraftStatus.RUNNING and old_pick != pick_seconds:
            if pick_seconds is None:
                table.deadline = None
            elif table.deadline is None:  # from no limit: the pick's time starts now (or when the review ends)
                table.deadline = max(table.picks_open_at or now, now) + dt.timedelta(seconds=pick_seconds)
            else:
                table.deadline = max(now, table.deadline + dt.timedelta(seconds=pick_seconds - old_pick))
        elif table.status == DraftStatus.PAUSED and old_pick != pick_seconds:
            left = table.paused_deadline_left
            if pick_seconds is None:
                table.paused_deadline_left = None
            elif left is None:
                table.paused_deadline_left = (table.paused_review_left or 0.0) + pick_seconds
            else:
                table.paused_deadline_left = max(0.0, left + pick_seconds - old_pick)
        table.version += 1
        table.save(
            update_fields=[
                "review_seconds",
                "pick_seconds",
                "deadline",
                "paused_deadline_left",
                "version",
            ]
        )
        _log(
            table,
            DraftAction.TIMING,
            by=by,
            detail=(
                f"review {_seconds_text(old_review)} -> {_seconds_text(review_seconds)}; "
                f"pick {_seconds_text(old_pick)} -> {_seconds_text(pick_seconds)}"
            ),
        )
        if table.status == DraftStatus.RUNNING:
            timers.schedule_timeout(table)
    return table


def _seconds_text(value: float | None) -> str:
    return "no limit" if value is None else f"{value:g} s"


def draft_table_end(*, table_id: int, by, reason: str = "") -> DraftTable:
    """End the table's draft now; cards not yet taken stay untaken. The players' pools become visible."""
    return core.draft_end(kind=core.TABLE, draft_id=table_id, by=by, reason=reason)
