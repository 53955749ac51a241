"""Which teams' decklists an event publishes once it is finished (tournaments.rights.may_see_decklist)."""

from tournaments.enums import EventStatus
from tournaments.models import Event
from tournaments.selectors.decklists import event_registers_decklists
from tournaments.selectors.placements import placements_for_event

# How many top teams' decklists an event publishes after it ends when it has no top cut.
PUBLISHED_TOP_TEAMS = 8


def published_placings(*, event: Event) -> list:
    """The placings (place, team) of the teams whose lists are public: the top cut, else the top 8, once the event
    is finished and its organizer publishes decklists; otherwise none."""
    if not (
        event.decklists_published and event.status == EventStatus.FINISHED and event_registers_decklists(event=event)
    ):
        return []
    top = event.top_cut or PUBLISHED_TOP_TEAMS
    return [p for p in placements_for_event(event=event) if p.place <= top]


def published_registration_ids(*, event: Event) -> set[int]:
    return {p.team for p in published_placings(event=event)}
