"""Writes of team sealed: open or enter each team's pool, save and register who plays which card (RULES.md 7).

Every write to a team's assignment locks its one SealedPool row (short transaction; card rows are never
locked), and checks the page's version so a teammate's change made meanwhile is not overwritten unseen.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.selectors import card_set_booster_data, set_code_check
from common.refusals import Conflict, NotFound
from drafting.boosters import BoosterDataError, open_boosters
from drafting.data import UnknownSetError, load_set
from drafting.models import PackSource, Pod, PodCard, PodTeam
from drafting.services.tables import entered_names_resolve
from sealed import rules
from sealed.models import PoolAction, PoolCard, PoolSource, SealedPool, SealedSettings
from tournaments.enums import FormatKind
from tournaments.logtext import LogText
from tournaments.models import Event, EventLogEntry, Registration, Round, Seat
from tournaments.models.log import LogKind
from tournaments.rights import may_run_event
from tournaments.selectors.decklists import event_asks_typed_decks
from tournaments.services.eventlog import event_log_record
from tournaments.wording import entrant_sentence


# The booster products a sealed pool is opened from, best first: play boosters replaced draft boosters in 2024.
SEALED_PRODUCTS = ("play", "draft", "default")


def sealed_pool_log(*, pool: SealedPool, action: str, by, after_round: int = 0, detail: Sequence = ()) -> EventLogEntry:
    """Write what happened to a pool (PoolAction) to the event's one log: who, when, after which round, and the
    cards that moved (`detail`). The entry's data names the pool (sealed_pool_log_entries reads them back)."""
    registration = pool.registration
    detail = [str(d) for d in detail]
    params = {"team": registration.team.name, "action": PoolAction(action).label, "detail": "; ".join(detail)}
    message = (
        gettext_lazy("Pool of %(team)s: %(action)s. %(detail)s")
        if detail
        else gettext_lazy("Pool of %(team)s: %(action)s.")
    )
    return event_log_record(
        event=pool.event,
        user=by,
        kind=LogKind.POOL,
        action=f"pool_{action}",
        registration=registration,
        round_number=after_round or None,
        message=LogText(message, params),
        after={"moved": detail} if action == PoolAction.CHANGED else None,
        data={"pool": pool.pk, "after_round": after_round, "detail": detail},
    )


def sealed_pools_from_pod(*, pod: Pod, by=None) -> list[SealedPool]:
    """The pool sink (tournaments.pools, registered in sealed.apps): after a Two-Headed Giant booster draft, each
    team's picks become its sealed pool, where the team builds its two 40-card decks and the shared sideboard and
    registers them against the pool (the sealed deck-building page and its checks: a card used twice or not in the
    pool is named). Teams that already have one keep it. Returns the pools created."""
    made = []
    teams = PodTeam.objects.filter(pod=pod, registration__sealed_pool__isnull=True).select_related("registration")
    source = PoolSource.ENTERED if pod.pack_source == PackSource.ENTERED else PoolSource.GENERATED
    for team in teams:
        pool = SealedPool.objects.create(
            registration=team.registration, source=source, set_code=pod.set_code, booster_count=pod.rules.pack_rounds
        )
        PoolCard.objects.bulk_create(
            PoolCard(
                pool=pool,
                position=position,
                booster=card.pack_round,
                name=card.name,
                set_code=card.set_code,
                rarity=card.rarity,
                colors=card.colors,
                types=card.types,
                mana_value=card.mana_value,
                foil=card.foil,
            )
            for position, card in enumerate(
                PodCard.objects.filter(team=team).order_by("pack_round", "pick_step", "pick_slot"), start=1
            )
        )
        sealed_pool_log(
            pool=pool,
            action=PoolAction.OPENED,
            by=by,
            detail=[f"{pod.get_format_display()}, pod {pod.number}, seat {team.seat + 1}"],
        )
        made.append(pool)
    return made


def sealed_pool_log_entries(*, pool: SealedPool):
    """A pool's entries in the event's one log, oldest first."""
    return EventLogEntry.objects.filter(event_id=pool.event_id, kind=LogKind.POOL, data__pool=pool.pk).order_by(
        "at", "pk"
    )


class NotYourPool(NotFound):
    """The user is on another team and doesn't run the event. Views answer 404, so a pool's existence doesn't leak."""


class PoolRefused(ValidationError):
    """The assignment can't be saved or registered; `problems` lists every reason, each naming its card."""

    def __init__(self, problems: Sequence[rules.Problem]):
        self.problems = list(problems)
        super().__init__([p.message for p in self.problems])


class RealProductPools(Conflict):
    """The event is played with real product (Event.real_product): boosters opened at the table, pools Hydra
    doesn't know, so no digital pool is opened, entered, saved or registered. A Conflict (409): it works again if the
    organizer turns real product off."""


def sealed_real_product_instead(*, event: Event) -> str:
    """What a real-product event's players do instead of a digital pool, in a sentence or two: register a typed
    deck where the organizer asks for deck registration, else nothing at all (no nagging at Regular REL)."""
    if event_asks_typed_decks(event=event):
        then = entrant_sentence(event=event, key="real_product_decks")
    else:
        then = _("Decks aren't registered at this event: build, then play.")
    return "%s %s" % (
        _("This event is played with real product: the boosters are opened at the table and Hydra keeps no pools."),
        then,
    )


def sealed_digital_pools_check(*, event: Event) -> None:
    """Refuse a digital pool (opening, entering, saving or registering one) in a real-product event, with what to
    do instead; RealProductPools."""
    if event.real_product:
        raise RealProductPools(sealed_real_product_instead(event=event))


def sealed_shares_sideboard(*, event: Event) -> bool:
    """Two-Headed Giant limited: the cards outside both main decks are one sideboard both members use (MTR 9.6, 9.7)."""
    return event.format_kind in (FormatKind.THG_SEALED, FormatKind.THG_DRAFT)


def sealed_user_on_team(*, user, registration_id: int) -> bool:
    return (
        bool(user and user.is_authenticated)
        and Seat.objects.filter(registration_id=registration_id, player__user=user).exists()
    )


@transaction.atomic
def sealed_settings_set(*, event: Event, **fields) -> SealedSettings:
    """Create or change the event's sealed product (set_code, booster_count, identical_pools, ...)."""
    settings_, _created = SealedSettings.objects.get_or_create(event=event)
    for name, value in fields.items():
        setattr(settings_, name, value)
    settings_.full_clean()
    settings_.save()
    return settings_


def _card_rows(pool: SealedPool, cards) -> list[PoolCard]:
    rows = []
    for position, (booster, card) in enumerate(cards, start=1):
        rows.append(
            PoolCard(
                pool=pool,
                position=position,
                booster=booster,
                name=card.name,
                set_code=card.set_code,
                number=card.number,
                rarity=card.rarity,
                colors="".join(card.colors),
                types=" ".join(card.types),
                supertypes=" ".join(card.supertypes),
                mana_value=card.mana_value,
                foil=card.foil,
            )
        )
    return rows


@transaction.atomic
def sealed_pools_open(*, event: Event, by=None) -> list[SealedPool]:
    """Open the product for every registered team of the event that has no pool yet; return the new pools.

    Every team gets the same product: the event's set and booster count (organizer's number, else 4 per member).
    Each team opens its own stored random seed, so contents differ from team to team; with identical pools every
    team opens the event's one seed and gets the same cards. Reopening a pool's seed reproduces it.
    Raises ValidationError when the event has no set or the set has no booster data.
    """
    if event.format_kind == FormatKind.THG_DRAFT:
        # The pools of a Two-Headed Giant booster draft are drafted in pods (drafting.services.pods), not opened.
        raise ValidationError(
            _("This event drafts its pools in pods; each team's pool appears when its pod's draft ends.")
        )
    sealed_digital_pools_check(event=event)
    settings_ = SealedSettings.objects.select_for_update().filter(event=event).first()
    if settings_ is None or not settings_.set_code:
        raise ValidationError(_("Choose the set the boosters come from in the event's sealed settings first."))
    # Imported data's own boosters first (sealed opens play boosters where the set has them), else Hydra's bundle.
    set_data = card_set_booster_data(code=settings_.set_code, products=SEALED_PRODUCTS)
    if set_data is None:
        try:
            set_data = load_set(settings_.set_code)
        except UnknownSetError as exc:
            raise ValidationError(str(exc)) from exc
    count = settings_.booster_count or rules.default_booster_count(team_size=event.team_size)
    if settings_.identical_pools and not settings_.seed:
        settings_.seed = secrets.token_hex(8)
        settings_.save(update_fields=["seed"])
    registrations = Registration.objects.filter(event=event, sealed_pool__isnull=True, dropped_round__isnull=True)
    pools: list[SealedPool] = []
    for registration in registrations.order_by("pk"):
        seed = settings_.seed if settings_.identical_pools else secrets.token_hex(8)
        try:
            boosters = open_boosters(set_data, count=count, seed=seed)
        except BoosterDataError as exc:
            raise ValidationError(str(exc)) from exc
        pool = SealedPool.objects.create(
            registration=registration,
            source=PoolSource.GENERATED,
            set_code=set_data.get("code", settings_.set_code),
            booster_count=count,
            seed=seed,
        )
        PoolCard.objects.bulk_create(_card_rows(pool, [(b, card) for b, pack in enumerate(boosters) for card in pack]))
        sealed_pool_log(pool=pool, action=PoolAction.OPENED, by=by, detail=[f"{count} x {pool.set_code}", seed])
        pools.append(pool)
    return pools


@transaction.atomic
def sealed_pool_enter(
    *,
    registration: Registration,
    text: str,
    set_code: str = "",
    by=None,
    check_names: bool = False,
    booster_size: int | None = None,
) -> SealedPool:
    """Store a pool entered from real product ("2 Card Name" per line), replacing an unregistered one.

    With a set code, each name's rarity, colours, types and mana value come from Hydra's set data; names the
    data doesn't know are kept with blank details. With `check_names` every name must be a card of the catalogue
    instead (English, a face or a printed name in another language; see
    drafting.services.tables.entered_names_resolve) and of the set when one is given: it is stored in English
    with the catalogue's details, and each other line is refused with its number and the closest names. With
    `booster_size` the list must hold the event's product exactly: its boosters (sealed settings, else 4 per
    member) times `booster_size` cards. Refuses a registered pool and an unreadable list; PoolRefused lists every
    problem at once, and nothing is stored then.
    """
    sealed_digital_pools_check(event=registration.event)
    cards, problems = rules.parse_list(text)
    if problems:
        raise PoolRefused(problems)
    if not cards:
        raise ValidationError(_("The list is empty."))
    details: dict[str, dict] = {}
    if set_code.strip():
        set_code = set_code_check(code=set_code)  # an unknown code is refused with the nearest ones
    try:
        if check_names:
            set_code = set_code.strip().upper()
            details, problems = _catalogue_details(text, set_code=set_code)
        elif set_code:
            set_data = load_set(set_code)
            set_code = set_data.get("code", set_code)
            known: dict[str, dict] = {}
            for card in set_data.get("cards", []):
                known.setdefault(card["name"].casefold(), card)
            details = {name: known[name.casefold()] for name in cards if name.casefold() in known}
    except UnknownSetError as exc:
        raise ValidationError(str(exc)) from exc
    booster_count = 0
    if booster_size:
        settings_ = SealedSettings.objects.filter(event_id=registration.event_id).first()
        booster_count = (settings_ and settings_.booster_count) or rules.default_booster_count(
            team_size=registration.event.team_size
        )
        total = sum(cards.values())
        if total != booster_count * booster_size:
            problems.append(
                rules.Problem(
                    "count",
                    _(
                        "The list has %(total)d cards, but the event's product is %(boosters)d boosters of %(size)d cards, "
                        "%(want)d cards."
                    )
                    % {
                        "total": total,
                        "boosters": booster_count,
                        "size": booster_size,
                        "want": booster_count * booster_size,
                    },
                )
            )
    if problems:
        raise PoolRefused(problems)
    existing = SealedPool.objects.select_for_update().filter(registration=registration).first()
    if existing is not None:
        if existing.is_registered:
            raise ValidationError(_("This team's pool is registered; the organizer unlocks it before it is replaced."))
        existing.delete()
    pool = SealedPool.objects.create(
        registration=registration, source=PoolSource.ENTERED, set_code=set_code, booster_count=booster_count
    )
    rows = []
    for name, copies in cards.items():
        data = details.get(name, {})
        for _copy in range(copies):
            rows.append(
                PoolCard(
                    pool=pool,
                    position=len(rows) + 1,
                    name=data.get("name", name),
                    set_code=data.get("setCode", set_code),
                    number=str(data.get("number", "")),
                    rarity=data.get("rarity", ""),
                    colors="".join(data.get("colors", ())),
                    types=" ".join(data.get("types", ())),
                    supertypes=" ".join(data.get("supertypes", ())),
                    mana_value=float(data.get("manaValue", 0)),
                )
            )
    PoolCard.objects.bulk_create(rows)
    sealed_pool_log(pool=pool, action=PoolAction.ENTERED, by=by, detail=[f"{len(rows)} cards"])
    return pool


def _catalogue_details(text: str, *, set_code: str) -> tuple[dict[str, dict], list[rules.Problem]]:
    """Each name of the list resolved in the card catalogue, and a problem naming the line of each that isn't."""
    lines = [
        (number, name) for number, raw in enumerate(text.splitlines(), start=1) for name in rules.parse_list(raw)[0]
    ]
    found, refused = entered_names_resolve(names=[name for _number, name in lines], set_code=set_code)
    problems = [
        rules.Problem("unknown", _("Line %(line)d: %(why)s") % {"line": number, "why": refused[name]}, card=name)
        for number, name in lines
        if name in refused
    ]
    return found, problems


def _locked_pool(*, pool: SealedPool, user) -> SealedPool:
    pool = SealedPool.objects.select_for_update().select_related("event", "registration").get(pk=pool.pk)
    if not (sealed_user_on_team(user=user, registration_id=pool.registration_id) or may_run_event(user, pool.event)):
        raise NotYourPool(_("This is not your team's pool."))
    sealed_digital_pools_check(event=pool.event)
    return pool


def _normalised(*, event: Event, assignments: Sequence[rules.Assignment]) -> list[rules.Assignment]:
    if not sealed_shares_sideboard(event=event):
        return list(assignments)
    # In 2HG a sideboard card belongs to the team, whichever member's column it was put in.
    return [rules.Assignment(a.card_id, rules.SHARED if a.zone == rules.SIDE else a.seat, a.zone) for a in assignments]


def _foreign(
    *, event: Event, pool: SealedPool, assignments: Sequence[rules.Assignment], own: set[int]
) -> dict[int, str]:
    stray = {a.card_id for a in assignments if a.card_id not in own}
    ids = PoolCard.objects.filter(pk__in=stray, pool__event=event).exclude(pool=pool).values_list("pk", flat=True)
    # Another team's card is refused by its number, not its name: naming it would let anyone read others' pools.
    return {pk: _("Card #%(n)d") % {"n": pk} for pk in ids}


def _last_round(event: Event) -> tuple[int, bool]:
    """(the number of the latest round, whether a round is being played)."""
    rounds = Round.objects.filter(event=event)
    latest = rounds.aggregate(n=Max("number"))["n"] or 0
    return latest, rounds.filter(is_finished=False).exists()


def _write(*, pool: SealedPool, rows: list[PoolCard], assignments, basics) -> None:
    place = {a.card_id: (a.seat, a.zone) for a in assignments}
    for row in rows:
        row.seat, row.zone = place.get(row.pk, ("", ""))
    PoolCard.objects.bulk_update(rows, ["seat", "zone"], batch_size=500)
    pool.basics = _clean_basics(basics)
    pool.version += 1


def _clean_basics(basics: Mapping[str, Mapping[str, int]] | None) -> dict[str, dict[str, int]]:
    cleaned = {seat: {name: n for name, n in lands.items() if n} for seat, lands in (basics or {}).items()}
    return {seat: lands for seat, lands in cleaned.items() if lands}


def _check_version(pool: SealedPool, version: int | None) -> None:
    if version is not None and version != pool.version:
        raise ValidationError(
            _("A teammate changed this pool while you were editing it. Reload the page and try again.")
        )


@transaction.atomic
def sealed_pool_save(
    *,
    pool: SealedPool,
    user,
    assignments: Sequence[rules.Assignment],
    basics: Mapping[str, Mapping[str, int]] | None = None,
    version: int | None = None,
) -> SealedPool:
    """Save a work-in-progress assignment (cards may still be unassigned or decks short). Before registration only.

    Refuses cards used twice or from outside the pool, unknown seats and zones, a stale page (`version`), and any
    pool already registered (a registered pool changes only through sealed_pool_register).
    """
    pool = _locked_pool(pool=pool, user=user)
    _check_version(pool, version)
    if pool.is_registered:
        raise ValidationError(
            _("Your pool is registered; change it by registering again (between rounds, where allowed).")
        )
    rows = list(pool.cards.all())
    assignments = _normalised(event=pool.event, assignments=[a for a in assignments if a.zone])
    problems = rules.check_assignment(
        pool=[rules.Card(r.pk, r.name, r.position) for r in rows],
        assignments=assignments,
        seats=pool.event.seat_letters,
        shared_sideboard=sealed_shares_sideboard(event=pool.event),
        basics=basics,
        foreign=_foreign(event=pool.event, pool=pool, assignments=assignments, own={r.pk for r in rows}),
        min_main=0,
    )
    problems = [p for p in problems if p.code != "missing"]
    if problems:
        raise PoolRefused(problems)
    _write(pool=pool, rows=rows, assignments=assignments, basics=basics or {})
    pool.save(update_fields=["basics", "version"])
    sealed_pool_log(pool=pool, action=PoolAction.SAVED, by=user)
    return pool


@transaction.atomic
def sealed_pool_register(
    *,
    pool: SealedPool,
    user,
    assignments: Sequence[rules.Assignment],
    basics: Mapping[str, Mapping[str, int]] | None = None,
    version: int | None = None,
) -> SealedPool:
    """Register the team's decks: every card used exactly once, each main deck at least the minimum; then lock.

    A registered pool may be registered again only between rounds and only when the event allows changes;
    otherwise any card that would move is named in the refusal. Raises PoolRefused with every problem at once,
    NotYourPool for a user on another team.
    """
    pool = _locked_pool(pool=pool, user=user)
    _check_version(pool, version)
    event = pool.event
    settings_ = SealedSettings.objects.filter(event=event).first()
    rows = list(pool.cards.all())
    cards = [rules.Card(r.pk, r.name, r.position) for r in rows]
    assignments = _normalised(event=event, assignments=assignments)
    problems = rules.check_assignment(
        pool=cards,
        assignments=assignments,
        seats=event.seat_letters,
        shared_sideboard=sealed_shares_sideboard(event=event),
        basics=basics,
        foreign=_foreign(event=event, pool=pool, assignments=assignments, own={r.pk for r in rows}),
        min_main=settings_.min_main_deck if settings_ else rules.MIN_MAIN_DECK,
    )
    if problems:
        raise PoolRefused(problems)
    latest, playing = _last_round(event)
    action = PoolAction.REGISTERED
    moves: list[str] = []
    if pool.is_registered:
        before = {r.pk: (r.seat, r.zone) for r in rows}
        moves = rules.moved_cards(pool=cards, before=before, after={a.card_id: (a.seat, a.zone) for a in assignments})
        if moves or _clean_basics(basics) != pool.basics:
            if not (settings_ and settings_.allow_changes_between_rounds):
                raise PoolRefused(
                    [
                        rules.Problem(
                            "locked",
                            _("Your pool is registered and this event allows no changes after registration: %(cards)s.")
                            % {"cards": "; ".join(moves) or _("basic lands")},
                        )
                    ]
                )
            if playing:
                raise PoolRefused(
                    [
                        rules.Problem(
                            "locked",
                            _("Round %(n)d is being played; change your decks between rounds: %(cards)s.")
                            % {"n": latest, "cards": "; ".join(moves) or _("basic lands")},
                        )
                    ]
                )
            action = PoolAction.CHANGED
        else:
            return pool
    _write(pool=pool, rows=rows, assignments=assignments, basics=basics or {})
    pool.registered_at, pool.registered_by = timezone.now(), user
    pool.save(update_fields=["basics", "version", "registered_at", "registered_by"])
    sealed_pool_log(pool=pool, action=action, by=user, after_round=latest, detail=moves)
    return pool


def sealed_pool_register_lists(
    *,
    pool: SealedPool,
    user,
    lists: Mapping[tuple[str, str], str],
    basics: Mapping[str, Mapping[str, int]] | None = None,
    version: int | None = None,
) -> SealedPool:
    """Register from text decklists: `lists` maps (seat, zone) to "2 Card Name" lines (seat "" with zone side
    is the 2HG shared sideboard). Names are matched to the pool's rows; every problem is reported by card name.
    """
    sealed_digital_pools_check(event=pool.event)
    parsed: dict[tuple[str, str], dict[str, int]] = {}
    problems: list[rules.Problem] = []
    for key, text in lists.items():
        parsed[key], found = rules.parse_list(text)
        problems += found
    rows = list(PoolCard.objects.filter(pool=pool).only("pk", "name", "position"))
    assignments, found = rules.assignments_from_lists(
        pool=[rules.Card(r.pk, r.name, r.position) for r in rows], lists=parsed
    )
    problems += found
    if problems:
        if not (
            sealed_user_on_team(user=user, registration_id=pool.registration_id) or may_run_event(user, pool.event)
        ):
            raise NotYourPool(_("This is not your team's pool."))
        # Cards left out are reported too, so the team sees everything that's wrong at once.
        used = {a.card_id for a in assignments}
        problems += [
            rules.Problem(
                "missing",
                _("%(card)s is not in any list; every card of the pool goes to a deck or sideboard.")
                % {"card": r.name},
                card=r.name,
            )
            for r in rows
            if r.pk not in used
        ]
        raise PoolRefused(problems)
    return sealed_pool_register(pool=pool, user=user, assignments=assignments, basics=basics, version=version)


@transaction.atomic
def sealed_pool_unlock(*, pool: SealedPool, by) -> SealedPool:
    """The organizer reopens a registered pool (to fix a mistake); the team registers it again."""
    pool = SealedPool.objects.select_for_update().select_related("event").get(pk=pool.pk)
    if not may_run_event(by, pool.event):
        raise NotYourPool(_("Only the organizer unlocks a pool."))
    latest, _playing = _last_round(pool.event)
    pool.registered_at = pool.registered_by = None
    pool.version += 1
    pool.save(update_fields=["registered_at", "registered_by", "version"])
    sealed_pool_log(pool=pool, action=PoolAction.UNLOCKED, by=by, after_round=latest)
    return pool


def sealed_pools_archive(*, event: Event) -> list[dict]:
    """The pool archiver (tournaments.pools, registered in sealed.apps) when a phase of a big event ends: each seat's
    deck as its team assigned the pool (main deck and sideboard by English name, basics added included), with the
    team's whole pool; then the event's pools are removed, so the next phase opens or drafts new ones (issue 42:
    pools belong to their phase)."""
    pools = list(SealedPool.objects.filter(event=event).prefetch_related("cards", "registration__seats"))
    rows = []
    for pool in pools:
        whole: dict[str, int] = {}
        decks: dict[str, dict[str, dict[str, int]]] = {}
        for card in pool.cards.all():
            whole[card.name] = whole.get(card.name, 0) + 1
            if card.seat and card.zone:
                zone = decks.setdefault(card.seat, {rules.MAIN: {}, rules.SIDE: {}})[card.zone]
                zone[card.name] = zone.get(card.name, 0) + 1
        for seat in pool.registration.seats.all():
            deck = decks.get(seat.letter, {rules.MAIN: {}, rules.SIDE: {}})
            for name, count in (pool.basics or {}).get(seat.letter, {}).items():
                deck[rules.MAIN][name] = deck[rules.MAIN].get(name, 0) + int(count)
            rows.append(
                {
                    "registration": pool.registration_id,
                    "letter": seat.letter,
                    "main": deck[rules.MAIN],
                    "sideboard": deck[rules.SIDE],
                    "pool": whole,
                    "submitted_at": pool.registered_at,
                }
            )
    SealedPool.objects.filter(pk__in=[p.pk for p in pools]).delete()
    return rows
