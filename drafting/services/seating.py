"""Whether an event's teams can sit at draft tables (RULES.md 6, MTR 8.5): the checks that seating one draft for
the event (tables.draft_tables_create) and seating a round's drafts (rounds.draft_tables_for_round) both make,
below both so neither imports the other for them.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.enums import ROCHESTER_HOUSE_TEAM_SIZE, ROCHESTER_TEAM_SIZE
from tournaments.models import Event, Registration


def rochester_team_size_problem(*, event: Event) -> str | None:
    """Why teams of this event's size can't draft team Rochester, or None: teams of three (MTR 8.5), teams of two
    only when the organizer picked the house rule on purpose, never four or more."""
    if event.team_size == ROCHESTER_TEAM_SIZE:
        return None
    if event.team_size == ROCHESTER_HOUSE_TEAM_SIZE:
        if event.rochester_teams_of_two:
            return None
        return _(
            'Team Rochester is for teams of three (MTR 8.5). Teams of two are a house rule: tick "teams of two '
            '(house rule)" to run them on purpose.'
        )
    return _(
        "Team Rochester is for teams of three (MTR 8.5), or of two as a house rule; teams of %(n)d can't draft it."
    ) % {"n": event.team_size}


def draft_empty_seats_problem(*, event: Event, registration_ids) -> str | None:
    """Why these teams can't sit at a draft table (a seat without its player), naming each team and seat."""
    empty = [
        f"{team.team.name} ({', '.join(sorted(set(event.seat_letters) - {seat.letter for seat in team.seats.all()}))})"
        for team in Registration.objects.filter(pk__in=list(registration_ids))
        .select_related("team")
        .prefetch_related("seats")
        .order_by("pk")
        if len(team.seats.all()) < event.team_size
    ]
    if not empty:
        return None
    return _("Every seat at a draft table needs its player; seats without one: %(teams)s.") % {
        "teams": "; ".join(empty)
    }
