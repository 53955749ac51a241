"""The draft pages: a Rochester table (`tables`), the Two-Headed Giant pods (`pods`), the booster draft
(`booster`), the live push (`live`) and the draft logs (`picklog`). A page about one event lets its person in
through tournaments.doors (`event_permission_required`), as every door does."""
