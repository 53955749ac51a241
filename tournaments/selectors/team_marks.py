"""Which teams of an event are out of it, and since when: the marker standings and team lists show by the name."""
from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Event, Registration

DROPPED = "dropped"
DISQUALIFIED = "disqualified"


@dataclass(frozen=True)
class TeamMark:
    """A team out of the event: `kind` is DROPPED or DISQUALIFIED, `after_round` the last round it was in (0: it
    left before the first round)."""

    kind: str
    after_round: int


def team_mark(registration: Registration) -> TeamMark | None:
    """The mark of one registration, or None while the team is in the event.

    A disqualified team is out like a dropped one (no further pairings, `dropped_round` set) and is marked as
    disqualified where the registration knows it (`is_disqualified`)."""
    return team_mark_of(dropped_round=registration.dropped_round,
                        disqualified=getattr(registration, "is_disqualified", False))


def team_mark_of(*, dropped_round: int | None, disqualified: bool) -> TeamMark | None:
    """The mark of a registration read as plain values (its dropped_round, whether it is disqualified), or None
    while the team is in the event: the same mark as team_mark()."""
    if dropped_round is None:
        return None
    return TeamMark(kind=DISQUALIFIED if disqualified else DROPPED, after_round=dropped_round)


def team_marks_for_event(*, event: Event) -> dict[int, TeamMark]:
    """Registration id -> mark, for every team of the event that dropped or was disqualified. One query."""
    out = Registration.objects.filter(event=event, dropped_round__isnull=False)
    return {registration.pk: mark for registration in out if (mark := team_mark(registration)) is not None}
