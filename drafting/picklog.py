"""Draft logs out, as pure formatting over plain data (no ORM): a drafter's picks in the text format MTGO writes
and MagicProTools / 17lands read, and every pick of an event as CSV rows.

MTGO's log lists each pick under "Pack P pick K:" with every card of the pack at that moment, the card taken marked
"--> " and the others indented four spaces; a Two-Headed Giant pick marks both cards taken.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class LoggedPick:
    """One pick of one drafter: the pack (1-based, as the drafter counts packs), the drafter's pick within it
    (1-based), the cards in the pack when the pick was made (layout order) and the card(s) taken."""

    pack: int
    pick: int
    seen: tuple[str, ...]
    taken: tuple[str, ...]


CSV_COLUMNS = ("event", "format", "draft", "seat", "drafter", "pack", "pick", "card", "via", "picked_at", "deadline_at")


def mtgo_text(
    *, event: str, started: dt.datetime | None, drafters: Sequence[str], me: str, picks: Iterable[LoggedPick]
) -> str:
    """The drafter `me`'s picks as an MTGO draft log: a header (event, time, the drafters with "--> " before `me`),
    then one block a pick."""
    lines = [f"Event #: {event}"]
    if started is not None:
        lines.append(f"Time:    {started:%m/%d/%Y %I:%M:%S %p}")
    lines.append("Players:")
    lines += [f"--> {name}" if name == me else f"    {name}" for name in drafters]
    lines.append("")
    for pick in picks:
        lines.append(f"Pack {pick.pack} pick {pick.pick}:")
        marked = list(pick.taken)
        for name in pick.seen:
            if name in marked:
                marked.remove(name)
                lines.append(f"--> {name}")
            else:
                lines.append(f"    {name}")
        lines.append("")
    return "\n".join(lines) + "\n"


def picks_csv(rows: Iterable[Sequence]) -> str:
    """Rows of CSV_COLUMNS as CSV text with a header line."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    writer.writerows(rows)
    return out.getvalue()
