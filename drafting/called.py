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
from typing import Any

from drafting import rochester, thg
from drafting.booster import DECK_BUILDING_MINUTES, INDIVIDUAL_PICK_SECONDS, PACK_ROUNDS, REVIEW_SECONDS

PICK, REVIEW, BUILD = "pick", "review", "build"
LEFT, RIGHT = "left", "right"
MIN_PACK_SIZE, MAX_PACK_SIZE = 2, 20
MAX_PACKS = 6
THG_PACK_ROUNDS = thg.PACK_ROUNDS
THG_PICK_SECONDS = thg.DEFAULT_PICK_SECONDS
THG_REVIEW_SECONDS = (
    30  # before each pack after the first, as the digital 2HG pods (models.DEFAULT_ROUND_REVIEW_SECONDS)
)
# RULES.md 6 (MTR's Rochester draft timing): 20 seconds to review a pack once laid out, then 5 seconds a pick.
ROCHESTER_REVIEW_SECONDS = 20
ROCHESTER_PICK_SECONDS = 5
ROCHESTER_BUILD_MINUTES = 40


class ScheduleRefused(ValueError):
    """The timer can't be built as asked; the message says why."""


@dataclass(frozen=True)
class Segment:
    """One called stretch: a pick (pack, pick number, cards in the pack, direction the pack passes, cards a pick
    takes: 2 in a Two-Headed Giant draft), a review before a pack, or the deck building time. A team Rochester
    call also names the seat (`seat`: who picks, or who lays out the pack at its review), the pack's round, and on
    a pack's last call the seat that opens the next pack (`next_opener`)."""

    kind: str
    seconds: int
    pack: int = 0
    pick: int = 0
    cards: int = 0
    passing: str = ""
    take: int = 1
    seat: str = ""
    round: int = 0
    next_opener: str = ""

    def as_json(self) -> dict:
        """The segment as the pages read it; the 2HG and Rochester fields only where they are set."""
        data = {
            "kind": self.kind,
            "seconds": self.seconds,
            "pack": self.pack,
            "pick": self.pick,
            "cards": self.cards,
            "passing": self.passing,
        }
        extra = {
            "take": self.take if self.take != 1 else None,
            "seat": self.seat,
            "round": self.round,
            "next_opener": self.next_opener,
        }
        return {**data, **{key: value for key, value in extra.items() if value}}


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
    *,
    pack_size: int,
    packs: int = PACK_ROUNDS,
    table: Mapping[int, int] = INDIVIDUAL_PICK_SECONDS,
    reviews: Sequence[int] = REVIEW_SECONDS,
    take: int = 1,
) -> list[Segment]:
    """Every call of a draft of `packs` packs of `pack_size` cards: per pack a review before it (none before the
    first; `reviews[0]` before pack 2, `reviews[1]` before pack 3, the last entry after that) and one pick per
    `take` cards while the pack holds more than `take` (what is left then passes on with no choice, so it has no
    call): a booster draft takes one card a pick down to two cards left, a Two-Headed Giant draft two cards a pick
    down to three. Picks of 0 s are left out. Raises ScheduleRefused for a pack size or pack count out of range."""
    if not MIN_PACK_SIZE <= pack_size <= MAX_PACK_SIZE:
        raise ScheduleRefused(f"A pack holds {MIN_PACK_SIZE} to {MAX_PACK_SIZE} cards.")
    if not 1 <= packs <= MAX_PACKS:
        raise ScheduleRefused(f"A draft has 1 to {MAX_PACKS} packs.")
    if take not in (1, 2):
        raise ScheduleRefused("A pick takes one card (a booster draft) or two (a Two-Headed Giant draft).")
    segments: list[Segment] = []
    for pack in range(1, packs + 1):
        if pack > 1 and reviews:
            review = int(reviews[min(pack - 1, len(reviews)) - 1])
            if review > 0:
                segments.append(Segment(kind=REVIEW, seconds=review, pack=pack))
        for pick, cards in enumerate(range(pack_size, take, -take), start=1):
            seconds = pick_seconds(cards, table)
            if seconds > 0:
                segments.append(
                    Segment(
                        kind=PICK, seconds=seconds, pack=pack, pick=pick, cards=cards, passing=passing(pack), take=take
                    )
                )
    return segments


def thg_called_draft_schedule(
    *,
    pack_size: int,
    packs: int = THG_PACK_ROUNDS,
    table: Mapping[int, int] | None = None,
    review_seconds: int = THG_REVIEW_SECONDS,
) -> list[Segment]:
    """Every call of a Two-Headed Giant draft with real packs (RULES.md 7, MTR 9.7): six packs passing left, right,
    left, right, left, right; a team takes two cards a pick with the 2HG pick times (drafting.thg: both MTR picks a
    two-card pick replaces, shrinking as the pack empties; or the event's `table`), the last one or two cards of a
    pack go on with no call; `review_seconds` before every pack after the first (0: none)."""
    return called_draft_schedule(
        pack_size=pack_size,
        packs=packs,
        table=table or THG_PICK_SECONDS,
        reviews=(review_seconds,) if review_seconds > 0 else (),
        take=thg.CARDS_PER_PICK,
    )


def rochester_call_schedule(
    *,
    team_size: int,
    pack_size: int,
    first_team: int,
    review_seconds: int = ROCHESTER_REVIEW_SECONDS,
    pick_seconds: int = ROCHESTER_PICK_SECONDS,
    build_minutes: int | None = None,
) -> list[Segment]:
    """Every call of one table's team Rochester draft with real packs (RULES.md 6, MTR 8.5): pack by pack in the
    horseshoe order of drafting.rochester, a review of `review_seconds` once the pack is laid out (its `seat` is the
    player who lays it out and picks first), then one call of `pick_seconds` per pick naming the seat that picks;
    the pack's last card goes to its taker with no call. The last pick of a pack names who opens the next one.
    With `build_minutes`, the deck building time follows the draft at once. Raises ScheduleRefused for sizes out of
    range."""
    if not MIN_PACK_SIZE <= pack_size <= MAX_PACK_SIZE:
        raise ScheduleRefused(f"A pack holds {MIN_PACK_SIZE} to {MAX_PACK_SIZE} cards.")
    if not (1 <= pick_seconds <= 600 and 0 <= review_seconds <= 600):
        raise ScheduleRefused("A pick takes 1 to 600 seconds and a review 0 to 600.")
    try:
        plan = rochester.draft_plan(team_size=team_size, pack_size=pack_size, first_team=first_team)
    except ValueError as exc:
        raise ScheduleRefused(str(exc)) from None
    segments: list[Segment] = []
    for pack in plan:
        common: dict[str, Any] = {"pack": pack.index + 1, "round": pack.round, "passing": pack.direction.value}
        if review_seconds > 0:
            segments.append(
                Segment(kind=REVIEW, seconds=review_seconds, seat=str(pack.opener), cards=pack_size, **common)
            )
        following = plan[pack.index + 1].opener if pack.index + 1 < len(plan) else None
        last_called = len(pack.picks) - 1  # the last card has nobody to choose between
        for number, seat in enumerate(pack.picks[:last_called], start=1):
            segments.append(
                Segment(
                    kind=PICK,
                    seconds=pick_seconds,
                    pick=number,
                    cards=pack_size - number + 1,
                    seat=str(seat),
                    next_opener=str(following) if following is not None and number == last_called else "",
                    **common,
                )
            )
    if build_minutes:
        segments += deck_building_schedule(minutes=build_minutes)
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


def schedule_cut(schedule: Sequence[Segment | Mapping], seconds: float) -> list[dict]:
    """The schedule as it ran when it ended after `seconds` (ended early: every deck is in): the segments before,
    the one running shortened to what it ran (whole seconds, rounded down), none after; as JSON segments. Ending
    at once keeps an empty schedule, which is over."""
    kept, start = [], 0.0
    for segment in schedule:
        data = dict(segment) if isinstance(segment, Mapping) else segment.as_json()
        if start >= seconds:
            break
        ran = min(data["seconds"], int(seconds - start))
        if ran > 0:
            kept.append({**data, "seconds": ran})
        start += data["seconds"]
    return kept
