"""Final placings of an event, as the placings engine (tournaments/placements.py) computes them from the models."""

from tournaments.finalorder import structure_order
from tournaments.models import Event, Registration
from tournaments.placements import Placing, final_placings
from tournaments.selectors.daytwo import day2_below_cut
from tournaments.selectors.standings import standings_for_event
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds


def placements_for_event(*, event: Event) -> list[Placing]:
    """The event's placings: playoff first, then the Swiss standings (RULES.md 4); the placings so far before the
    end; after a Day 2 cut, the teams that played no Day 2 below the others. Every registered team once; `team` is
    the registration id used everywhere else.

    The one place that decides the final order whatever the structure (issue 56): a structure that keeps its own
    results and playoff (a Commander night's pods and top pod) answers with its own placings
    (tournaments/finalorder.py)."""
    own = structure_order(event=event)
    if own is not None:
        return own.placings(event=event)
    swiss_order = [row.team for row in standings_for_event(event=event)]
    if event.is_single_elimination:  # no Swiss rounds: the seeds order the teams out in the same round
        seeded = topcut_seeds(event=event) if event.top_cut else []
        swiss_order = seeded + [team for team in swiss_order if team not in set(seeded)]
    bracket = None
    if event.top_cut and Registration.objects.filter(event=event, topcut_seed__isnull=False).exists():
        bracket = bracket_for_event(event=event)
    disqualified = set(
        Registration.objects.filter(event=event, disqualified_at__isnull=False).values_list("id", flat=True)
    )
    return final_placings(
        swiss_order=swiss_order, bracket=bracket, disqualified=disqualified, below_cut=day2_below_cut(event=event)
    )
