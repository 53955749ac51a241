"""Writes of the drafting app. Views, admin actions, tasks and commands call these; nothing else writes.

- tables: creating tables, the draw and the choice, loading packs, and the organizer's actions.
- picks: a player's pick, the timeout ("oldest card") and the sweeps that apply overdue timeouts.
- timers: the one place that locks a table or a pod, sets its deadlines and schedules its timer task.
- pods: the Two-Headed Giant booster draft in pods (docs/2hg-draft.md): seating, packs, two-card picks, timeouts.
"""

from .picks import DraftRefused

__all__ = ["DraftRefused"]
