"""Top-cut reads: the seeds and the bracket as it stands."""
from tournaments.enums import COUNTING_STATES, RoundKind
from tournaments.models import Event, Registration, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.topcut import Bracket, PlayoffResult, bracket_state


def topcut_seeds(*, event: Event) -> list[int]:
    """Registration ids in Swiss standings order, dropped teams left out: seed 1 first."""
    dropped = set(Registration.objects.filter(event=event, dropped_round__isnull=False).values_list("id", flat=True))
    return [row.team for row in standings_for_event(event=event) if row.team not in dropped]


def bracket_for_event(*, event: Event, seeds: list[int] | None = None) -> Bracket:
    """The event's playoff bracket from its Swiss standings and the playoff results that count so far."""
    results = [
        PlayoffResult(team_a=a, team_b=b, outcome=outcome)
        for a, b, outcome in TeamMatch.objects.filter(
            round__event=event, round__kind=RoundKind.PLAYOFF, result_state__in=COUNTING_STATES
        ).values_list("team_a_id", "team_b_id", "outcome")
    ]
    return bracket_state(
        standings_order=seeds if seeds is not None else topcut_seeds(event=event), size=event.top_cut, results=results
    )
