"""Which events register decklists: what the decklist services, the published lists (and so the rights) and the
pages ask, below all of them."""
from tournaments.enums import CONSTRUCTED_FORMATS, EnforcementLevel
from tournaments.models import Event
from tournaments.pools import event_has_pools


def event_registers_decklists(*, event: Event) -> bool:
    """Constructed events register decklists; limited events too where Hydra knows the team's pool to check them
    against (tournaments.pools: sealed, Rochester, the drafts), and limited events with real product (pools Hydra
    doesn't know) where the organizer asks for deck registration (event_asks_typed_decks)."""
    if event.format_kind in CONSTRUCTED_FORMATS:
        return True
    if event.real_product:
        return event_asks_typed_decks(event=event)
    return event_has_pools(event=event)


def event_takes_typed_decks(*, event: Event) -> bool:
    """A limited event whose decks are registered as typed lists without a pool (real product): checked by card
    name and the 40-card main deck, never against a pool, never for unified construction."""
    return event.real_product and event.format_kind not in CONSTRUCTED_FORMATS


def event_asks_typed_decks(*, event: Event) -> bool:
    """A real-product limited event asks its players to register their decks: always at Competitive and
    Professional REL (MTR 2.7), at Regular REL only when the organizer turned it on (decklists_at_regular)."""
    if not event_takes_typed_decks(event=event):
        return False
    return event.enforcement_level != EnforcementLevel.REGULAR or event.decklists_at_regular
