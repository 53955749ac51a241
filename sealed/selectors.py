"""Reads of team sealed. Who may see a pool is decided here: its team's members and the event's organizer."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from cards.selectors import card_name_index
from sealed import rules
from sealed.models import PoolCard, SealedPool, SealedSettings
from sealed.services import NotYourPool, sealed_shares_sideboard, sealed_user_on_team
from tournaments.enums import FormatKind
from tournaments.pools import TeamPool
from tournaments.rights import may_run_event

COLOR_ORDER = "WUBRG"
TYPE_ORDER = ("Creature", "Planeswalker", "Instant", "Sorcery", "Enchantment", "Artifact", "Battle", "Land")


@dataclass
class PoolPage:
    """What the pool page shows: the cards, the choices per card, the deck sizes, the filter options."""

    pool: SealedPool
    cards: list[PoolCard]
    places: list[tuple[str, str]]  # (value "A:main", label) for each card's select
    seats: str
    shared_sideboard: bool
    can_edit: bool
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> {main, side, basics}
    unassigned: int = 0
    types: list[str] = field(default_factory=list)
    mana_values: list[int] = field(default_factory=list)
    basic_lands: tuple[str, ...] = rules.BASIC_LANDS
    min_main: int = rules.MIN_MAIN_DECK
    basics_grid: list[tuple[str, list[tuple[str, int]]]] = field(default_factory=list)  # seat -> [(land, count)]


def sealed_pool_for_user(*, pk: int, user) -> SealedPool:
    """The pool with this id if the user plays on its team or runs its event; NotYourPool otherwise (even for a
    pool that doesn't exist, so the answer doesn't tell which ids exist)."""
    pool = SealedPool.objects.select_related("event", "registration__team").filter(pk=pk).first()
    if pool is None or not (
        sealed_user_on_team(user=user, registration_id=pool.registration_id) or may_run_event(user, pool.event)
    ):
        raise NotYourPool(_("This is not your team's pool."))
    return pool


def sealed_pools_for_user(*, user) -> QuerySet[SealedPool]:
    """The pools of the teams this login plays on, newest event first."""
    if not user.is_authenticated:
        return SealedPool.objects.none()
    return (
        SealedPool.objects.filter(registration__seats__player__user=user)
        .select_related("event", "registration__team")
        .order_by("-event__date", "event_id")
    )


def sealed_pool_page(*, pool: SealedPool, user) -> PoolPage:
    """The pool page's data in two queries (the pool is already loaded, the cards are one more)."""
    event = pool.event
    shared = sealed_shares_sideboard(event=event)
    seats = event.seat_letters
    cards = list(PoolCard.objects.filter(pool=pool).order_by("position"))
    places: list[tuple[str, str]] = []
    for seat in seats:
        places.append((f"{seat}:{rules.MAIN}", _("%(seat)s main deck") % {"seat": seat}))
        if not shared:
            places.append((f"{seat}:{rules.SIDE}", _("%(seat)s sideboard") % {"seat": seat}))
    if shared:
        places.append((f":{rules.SIDE}", _("Shared sideboard")))
    counts = {seat: {"main": 0, "side": 0, "basics": 0} for seat in seats}
    if shared:
        counts[rules.SHARED] = {"main": 0, "side": 0, "basics": 0}
    unassigned = 0
    types: Counter[str] = Counter()
    for card in cards:
        card.place = f"{card.seat}:{card.zone}" if card.zone else ""
        card.color_key = card.colors or "C"
        card.mv = int(card.mana_value)
        types.update(card.types.split())
        if not card.zone or card.seat not in counts:
            unassigned += 1
        else:
            counts[card.seat][card.zone] += 1
    for seat, lands in (pool.basics or {}).items():
        if seat in counts:
            counts[seat]["basics"] = sum(lands.values())
    # Members edit; a registered pool changes only by registering again, which the service allows where it may.
    can_edit = sealed_user_on_team(user=user, registration_id=pool.registration_id)
    return PoolPage(
        pool=pool,
        cards=cards,
        places=places,
        seats=seats,
        shared_sideboard=shared,
        can_edit=can_edit,
        counts=counts,
        unassigned=unassigned,
        types=sorted(types, key=lambda t: (TYPE_ORDER.index(t) if t in TYPE_ORDER else 99, t)),
        mana_values=sorted({card.mv for card in cards}),
        min_main=SealedSettings.objects.filter(event=event).values_list("min_main_deck", flat=True).first()
        or rules.MIN_MAIN_DECK,
        basics_grid=[
            (seat, [(land, (pool.basics or {}).get(seat, {}).get(land, 0)) for land in rules.BASIC_LANDS])
            for seat in seats
        ],
    )


def sealed_team_pool(registration):
    """The team's sealed pool for deck registration (tournaments.pools), by English name; None before it is opened.
    Two-Headed Giant sealed shares one sideboard (RULES.md 7)."""
    pool = SealedPool.objects.filter(registration=registration).first()
    if pool is None:
        return None
    index = card_name_index()
    names = pool.cards.values_list("name", flat=True)
    return TeamPool(
        cards=dict(Counter(index.resolve(n).english or n for n in names)),
        shared_sideboard=sealed_shares_sideboard(event=registration.event),
    )


def sealed_real_product(*, event) -> bool:
    """A sealed event played with real product (a prerelease, team sealed with real boxes): no pools in Hydra, the
    deck building timer on every page, typed decks where the organizer asks for them."""
    return event.real_product and event.format_kind in (FormatKind.TEAM_SEALED, FormatKind.THG_SEALED)


def sealed_event_has_pools(event) -> bool:
    """Whether any team of the event has a sealed pool (tournaments.pools.event_pools_exist)."""
    return event.pk is not None and SealedPool.objects.filter(registration__event_id=event.pk).exists()
