"""The desk's views, one module per concept (docs/architecture.md, "Views"); desk/urls.py routes to each:

- `desk`: the event-day page, its next step, the clock, keyboard results, announcements, the Day 2 cut, reopening;
- `checkin`: ticking teams in and out, dropping and reinstating, check in all, the deadline, no-shows;
- `teams`, `imports`, `claims`: a team added or edited, the team file imported, the placeholders' claim sheet;
- `staff`, `exports`, `drafts`, `decklists`: the event's staff, its exports, its drafts, its decklists;
- `projector`: the venue's screen; `paper`: match slips and printed pairings and standings;
- `console`: /organize/, a new event, its settings; `cards`: the card data; `fees`: fees and payouts;
- `multiplayer`: a multiplayer event's tables;
- `_common`: what several of them share (the round asked for, the way back to the desk, the QR codes).
"""
