"""Reads of the drafting app, by what they read: `tables` (the team Rochester tables, the clock every draft page
shows, the one draft log), `pods` (the Two-Headed Giant and booster pods), `picklog` (the draft logs out). What a
player may see is decided here, on the server (RULES.md 6)."""
