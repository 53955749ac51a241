"""Reads about an event: who may see it, which team is the viewer's, its latest round, and what the organizer should
be warned of (warnings never refuse anything)."""

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.doors import event_for_door
from tournaments.enums import SANCTIONING_MINIMUM_TEAMS, DraftStructure, FormatKind
from tournaments.models import Event, Registration, Round, Seat
from tournaments.rights import may_see_event
from tournaments.selectors.rounds import round_latest


def event_for_viewer(*, pk: int, user) -> Event:
    """The event, or Http404 when it doesn't exist or the viewer may not see it (tournaments.rights.may_see_event;
    the two look the same). Every page under /events/<id>/ that anyone may open starts here (the one door helper,
    tournaments.doors, with the right to see the event)."""
    return event_for_door(pk=pk, user=user, right=may_see_event)


def my_registration_ids(*, event: Event, user) -> set[int]:
    """The viewer's own team in the event (a set of at most one registration id); empty for anyone else."""
    if not user.is_authenticated:
        return set()
    return set(Seat.objects.filter(event=event, player__user=user).values_list("registration_id", flat=True))


def event_latest_round(*, event: Event, players: bool = False) -> Round | None:
    """The event's latest round (Swiss or playoff), or None before round 1; with `players`, the latest that players
    may see (a draft waiting for "Publish" left out: tournaments.selectors.rounds)."""
    return round_latest(event=event, players=players)


def event_active_team_count(*, event: Event) -> int:
    """Teams registered and not dropped."""
    return Registration.objects.filter(event=event).filter(Q(dropped_round__isnull=True)).count()


def event_warnings(*, event: Event) -> list[str]:
    """What the organizer should know about the event as it stands, none of it a refusal (RULES.md 4, 6):
    fewer teams than the DCI text's sanctioning minimum (four), a house rule in use."""
    warnings: list[str] = []
    teams = event_active_team_count(event=event)
    if teams < SANCTIONING_MINIMUM_TEAMS:
        warnings.append(
            _(
                "%(n)d team(s) registered: below the sanctioning minimum of %(min)d teams (DCI rules). The event can "
                "still run."
            )
            % {"n": teams, "min": SANCTIONING_MINIMUM_TEAMS}
        )
    if event.format_kind == FormatKind.TEAM_ROCHESTER:
        if event.team_size == 2:
            warnings.append(_("Team Rochester with teams of two is a house rule (MTR 8.5 knows teams of three)."))
        if event.draft_structure == DraftStructure.ONE_DRAFT:
            warnings.append(
                _("One draft, pod rule lifted: teams play opponents from other draft tables (Regular REL only).")
            )
    return warnings
