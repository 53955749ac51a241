"""Which teams of an event are out of it, and since when: the marker standings and team lists show by the name.
A team below the event's Day 2 cut is out too, by the cut rather than by its own choice (NOT_ADVANCED)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Event, Registration

DROPPED = "dropped"
DISQUALIFIED = "disqualified"
NOT_ADVANCED = "not_advanced"


@dataclass(frozen=True)
class TeamMark:
    """A team out of the event: `kind` is DROPPED, DISQUALIFIED or NOT_ADVANCED (below the Day 2 cut), `after_round`
    the last round it was in (0: it left before the first round)."""

    kind: str
    after_round: int


def team_mark(registration: Registration) -> TeamMark | None:
    """The mark of one registration, or None while the team is in the event.

    A disqualified team is out like a dropped one (no further pairings, `dropped_round` set) and is marked as
    disqualified where the registration knows it (`is_disqualified`)."""
    return team_mark_of(
        dropped_round=registration.dropped_round,
        disqualified=getattr(registration, "is_disqualified", False),
        cut_round=getattr(registration, "day2_cut_round", None),
    )


def team_mark_of(*, dropped_round: int | None, disqualified: bool, cut_round: int | None = None) -> TeamMark | None:
    """The mark of a registration read as plain values (its dropped_round, whether it is disqualified, the round
    of the Day 2 cut it did not pass), or None while the team is in the event: the same mark as team_mark(). A
    drop or disqualification before the cut wins over it; one after it is shown as such too."""
    if dropped_round is None:
        return None if cut_round is None else TeamMark(kind=NOT_ADVANCED, after_round=cut_round)
    return TeamMark(kind=DISQUALIFIED if disqualified else DROPPED, after_round=dropped_round)


def team_marks_for_event(*, event: Event) -> dict[int, TeamMark]:
    """Registration id -> mark, for every team of the event that dropped, was disqualified or did not advance past
    its Day 2 cut. One query."""
    out = Registration.objects.filter(Q(dropped_round__isnull=False) | Q(day2_cut_round__isnull=False), event=event)
    return {registration.pk: mark for registration in out if (mark := team_mark(registration)) is not None}
