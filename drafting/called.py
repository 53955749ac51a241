"""The called draft (issue 40) as pure rules over plain data: a paper booster draft whose picks a caller (or the
projector) calls out, pick by pick, with the MTR Appendix B pick times for the cards left in the pack and the
review times between packs; then the deck building timer.

A timer is a *schedule* (a list of segments, each so many seconds) and a stopwatch (started, paused, seconds
paused). Where a draft stands is a function of the seconds run since the start, so every page that has the
schedule and the stopwatch computes the same call without asking the server (static/js/called.js does the same
arithmetic; tests/browser/test_paper_draft.py holds the page to it).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from drafting.booster import DECK_BUILDING_MINUTES, INDIVIDUAL_PICK_SECONDS, PACK_ROUNDS, REVIEW_SECONDS

PICK, REVIEW, BUILD = "pick", "review", "build"
LEFT, RIGHT = "left", "right"
MIN_PACK_SIZE, MAX_PACK_SIZE = 2, 20
MAX_PACKS = 6


class ScheduleRefused(ValueError):
    """The timer can't be built as asked; the message says why."""


@dataclass(frozen=True)
class Segment:
    """One called stretch: a pick (pack, pick number, cards in the pack, direction the pack passes), a review
    before a pack, or the deck building time."""

    kind: str
    seconds: int
    pack: int = 0
    pick: int = 0
    cards: int = 0
    passing: str = ""

    def as_json(self) -> dict:
        return {"kind": self.kind, "seconds": self.seconds, "pack": self.pack, "pick": self.pick, "cards": self.cards,
                "passing": self.passing}


def pick_seconds(cards: int, table: Mapping[int, int] = INDIVIDUAL_PICK_SECONDS) -> int:
    """The seconds for a pick from a pack of `cards` cards: the table's entry, or for a pack larger than any entry
    the time of the largest (a 16-card pack gets the 15-card time); 0 for a single card (it passes on at once)."""
    if cards <= 1:
        return 0
    if cards in table:
        return int(table[cards])
    known = sorted(k for k in table if k <= cards)
    return int(table[known[-1]]) if known else 0


def passing(pack: int) -> str:
    """Pack 1 passes left, pack 2 right, pack 3 left (and so on)."""
    return LEFT if pack % 2 else RIGHT


def called_draft_schedule(
    *, pack_size: int, packs: int = PACK_ROUNDS, table: Mapping[int, int] = INDIVIDUAL_PICK_SECONDS,
    reviews: Sequence[int] = REVIEW_SECONDS,
) -> list[Segment]:
    """Every call of a draft of `packs` packs of `pack_size` cards: per pack a review before it (none before the
    first; `reviews[0]` before pack 2, `reviews[1]` before pack 3, the last entry after that) and one pick per card
    down to two cards left (the last card passes on with no choice, so it has no call). Picks of 0 s are left out.
    Raises ScheduleRefused for a pack size or pack count out of range."""
    if not MIN_PACK_SIZE <= pack_size <= MAX_PACK_SIZE:
        raise ScheduleRefused(f"A pack holds {MIN_PACK_SIZE} to {MAX_PACK_SIZE} cards.")
    if not 1 <= packs <= MAX_PACKS:
        raise ScheduleRefused(f"A draft has 1 to {MAX_PACKS} packs.")
    segments: list[Segment] = []
    for pack in range(1, packs + 1):
        if pack > 1 and reviews:
            review = int(reviews[min(pack - 1, len(reviews)) - 1])
            if review > 0:
                segments.append(Segment(kind=REVIEW, seconds=review, pack=pack))
        for pick, cards in enumerate(range(pack_size, 1, -1), start=1):
            seconds = pick_seconds(cards, table)
            if seconds > 0:
                segments.append(Segment(kind=PICK, seconds=seconds, pack=pack, pick=pick, cards=cards,
                                        passing=passing(pack)))
    return segments


def deck_building_schedule(*, minutes: int = DECK_BUILDING_MINUTES) -> list[Segment]:
    """The deck building (and registration) time as one segment. Raises ScheduleRefused outside 1..180 minutes."""
    if not 1 <= minutes <= 180:
        raise ScheduleRefused("Deck building takes 1 to 180 minutes.")
    return [Segment(kind=BUILD, seconds=minutes * 60)]


def elapsed_seconds(*, started: float, now: float, paused_at: float | None, paused_total: float) -> float:
    """The seconds a timer has run: from its start to now (or to the pause, while paused), less the time it stood
    paused before. All arguments in seconds (epoch); never negative."""
    end = paused_at if paused_at is not None else now
    return max(0.0, end - started - paused_total)


@dataclass(frozen=True)
class Position:
    """Where a timer stands: the segment running (its index; None when the schedule is over) and its seconds
    left (0 when over)."""

    index: int | None
    left: float

    @property
    def over(self) -> bool:
        return self.index is None


def position(schedule: Sequence[Segment | Mapping], elapsed: float) -> Position:
    """The segment running `elapsed` seconds after the start and its seconds left."""
    end = 0.0
    for index, segment in enumerate(schedule):
        end += segment["seconds"] if isinstance(segment, Mapping) else segment.seconds
        if elapsed < end:
            return Position(index=index, left=end - elapsed)
    return Position(index=None, left=0.0)


def total_seconds(schedule: Sequence[Segment | Mapping]) -> int:
    return sum(s["seconds"] if isinstance(s, Mapping) else s.seconds for s in schedule)
