"""Which events register decklists: what the decklist services, the published lists (and so the rights) and the
pages ask, below all of them."""
from tournaments.enums import CONSTRUCTED_FORMATS
from tournaments.models import Event
from tournaments.pools import event_has_pools


def event_registers_decklists(*, event: Event) -> bool:
    """Constructed events register decklists; limited events too where Hydra knows the team's pool to check them
    against (tournaments.pools: sealed, Rochester; Two-Headed Giant draft once its provider plugs in)."""
    return event.format_kind in CONSTRUCTED_FORMATS or event_has_pools(event=event)
