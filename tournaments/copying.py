"""What "Run again" copies beyond the event's own settings: a small registry the features fill in their
AppConfig.ready(), as the seeding (tournaments/seeding.py) and the pools (tournaments/pools.py) are:

    event_copy_part_register(key="fees", copier=event_fees_copy)

Tournaments is the core the features build on, so it imports none of them (docs/architecture.md); `event_copy` asks
`event_copy_parts` for the features' settings of the event (its fee and prizes), in its own transaction: a copier
that refuses rolls the whole copy back.
"""

from collections.abc import Callable

from tournaments.models import Event

Copier = Callable[..., None]  # (source=, copy=, by=) -> None: copy the feature's settings of source onto copy

_COPIERS: dict[str, Copier] = {}


def event_copy_part_register(*, key: str, copier: Copier) -> None:
    """Make "Run again" call `copier` for every copied event (registering a key again replaces its copier)."""
    _COPIERS[key] = copier


def event_copy_parts(*, source: Event, copy: Event, by) -> None:
    """Copy every registered feature's settings of `source` onto its new copy, in the order they registered."""
    for copier in _COPIERS.values():
        copier(source=source, copy=copy, by=by)
