"""A Day 2 cut (issue 42): after a chosen Swiss round, who goes on and who does not advance.

Pure rules engine over plain data; no Django, no ORM. The service (tournaments/services/daytwo.py) hands it the
standings after the cut's round and stores its answer.

The organizer says the threshold one of two ways:

- **a record**, "X-2 or better": the losses allowed. Big events (Regional Championships, the Pro Tour) state it as
  the match points that record is worth after the cut's round, "6-2 or better: 18 match points after 8 rounds", so a
  record X-L after R rounds needs 3 x (R - L) match points. Draws count as the MTR counts them (MTR 3.1, RULES.md
  3): 1 match point, so a 5-1-2 (17 points) is not "X-2 or better" after 8 rounds, a 6-1-1 (19) is. A bye is a
  match win, 3 points; a late entry's missed rounds are what the standings make them (losses or nothing).
- **match points**, "18 points or more".

Only entrants still in the event at the cut are decided; a team that dropped (or was disqualified) before it keeps
its own state and is in neither list. A cut that lets nobody through is refused: it would end the event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.standings import POINTS_FOR_WIN

RECORD = "record"
POINTS = "points"
KINDS = (RECORD, POINTS)


class CutError(ValueError):
    """A Day 2 cut that can't be made as asked; the message says why."""


@dataclass(frozen=True, slots=True)
class CutEntrant:
    """One entrant as the cut sees it: its id and its match points after the cut's round."""

    id: int
    points: int


@dataclass(frozen=True, slots=True)
class DayTwoCut:
    """The cut's answer: the ids that advance and those that don't, each in the order given (standings order)."""

    min_points: int
    advanced: tuple[int, ...]
    not_advanced: tuple[int, ...]


def cut_min_points(*, kind: str, threshold: int, rounds: int) -> int:
    """The match points an entrant needs after `rounds` rounds to advance: `threshold` itself for a points cut,
    3 x (rounds - threshold) for a record cut of `threshold` losses allowed (never below 0).

    Raises CutError for an unknown kind, a round below 1 or a negative threshold."""
    if kind not in KINDS:
        raise CutError(_("A Day 2 cut is by record or by points."))
    if rounds < 1:
        raise CutError(_("A Day 2 cut comes after a played round: round 1 or later."))
    if threshold is None or threshold < 0:
        raise CutError(_("A Day 2 cut needs its threshold: 0 or more."))
    if kind == POINTS:
        return threshold
    return POINTS_FOR_WIN * max(0, rounds - threshold)


def threshold_label(*, kind: str, threshold: int) -> str:
    """The threshold as organizers say it, in the active language: "X-2 or better" or "18 points or more"."""
    if kind == RECORD:
        return _("X-%(n)d or better") % {"n": threshold}
    return _("%(n)d match points or more") % {"n": threshold}


def day_two_cut(entrants: Iterable[CutEntrant], *, kind: str, threshold: int, rounds: int) -> DayTwoCut:
    """Split the entrants still in the event after round `rounds` into those that advance (match points at least
    cut_min_points) and those that don't, keeping their order.

    Promises: every entrant once, in exactly one list; at least one advances. Raises CutError when nobody would
    advance (the message gives the best score), with no entrants, or for a threshold cut_min_points refuses."""
    entrants = list(entrants)
    need = cut_min_points(kind=kind, threshold=threshold, rounds=rounds)
    if not entrants:
        raise CutError(_("Nobody is left in the event to cut."))
    seen: set[int] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise CutError(f"Entrant {entrant.id} is listed twice.")  # the caller's mistake, not a user's
        seen.add(entrant.id)
    advanced = tuple(e.id for e in entrants if e.points >= need)
    if not advanced:
        best = max(e.points for e in entrants)
        raise CutError(
            _(
                "This cut lets nobody through: it needs %(need)d match points after round %(n)d and the "
                "best has %(best)d."
            )
            % {"need": need, "n": rounds, "best": best}
        )
    return DayTwoCut(min_points=need, advanced=advanced, not_advanced=tuple(e.id for e in entrants if e.points < need))
