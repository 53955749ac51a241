"""Writes of the drafting app. Views, admin actions, tasks and commands call these; nothing else writes.

- tables: creating tables, the draw and the choice, loading packs, and the organizer's actions.
- picks: a player's pick, the timeout ("oldest card") and the sweeps that apply overdue timeouts.
- timers: the Rochester table's pick clock, and the services' names for the core's lock and timer task
  (drafting.core runs the lifecycle of every format: lock, clock, timeouts, sweep, log, pause, resume, end).
- pods: the pod formats' adapter (docs/2hg-draft.md): seating, packs, picks of a pick's worth of cards, timeouts;
  the Two-Headed Giant's seating.
- booster: the individual booster draft's seating (docs/drafting.md); the rest is the pods' adapter.
"""

from .picks import DraftRefused

__all__ = ["DraftRefused"]
