"""Top-cut reads: the seeds and the bracket as it stands."""

from django.db.models import Q

from tournaments.enums import COUNTING_STATES, RoundKind
from tournaments.models import Event, Registration, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.topcut import Bracket, PlayoffResult, bracket_state


def topcut_seeds(*, event: Event) -> list[int]:
    """Registration ids by top-cut seed, seed 1 first.

    Once the top cut has started, the seeds fixed then (topcut_start stores them), so a team that drops in the
    playoff keeps its place in the bracket. Before, the provisional seeds: Swiss standings order, dropped teams
    and those the Day 2 cut did not advance left out (the top cut is taken from the advanced only).
    """
    stored = list(
        Registration.objects.filter(event=event, topcut_seed__isnull=False)
        .order_by("topcut_seed")
        .values_list("id", flat=True)
    )
    if stored:
        return stored
    dropped = set(
        Registration.objects.filter(
            Q(dropped_round__isnull=False) | Q(day2_cut_round__isnull=False), event=event
        ).values_list("id", flat=True)
    )
    return [row.team for row in standings_for_event(event=event) if row.team not in dropped]


def bracket_for_event(*, event: Event, seeds: list[int] | None = None) -> Bracket:
    """The event's playoff bracket from its Swiss standings and the playoff results that count so far, in the order
    played (placement matches are read in that order)."""
    results = [
        PlayoffResult(team_a=a, team_b=b, outcome=outcome)
        for a, b, outcome in TeamMatch.objects.filter(
            round__event=event,
            round__kind=RoundKind.PLAYOFF,
            result_state__in=COUNTING_STATES,
            team_b__isnull=False,  # a single-elimination event's first-round byes: the bracket makes them itself
        )
        .order_by("round__number", "table")
        .values_list("team_a_id", "team_b_id", "outcome")
    ]
    return bracket_state(
        standings_order=seeds if seeds is not None else topcut_seeds(event=event),
        size=event.top_cut,
        results=results,
        byes=event.is_single_elimination,
    )
