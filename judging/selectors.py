"""The judges' reads, and what of them a player or the public may see. Penalties and deck checks are never public:
judges (and whoever runs the event) see all of them; a player sees their own penalties only; anyone else nothing.
Every view reads through here, so the rule lives in one place."""

from django.db.models import Prefetch, QuerySet

from judging.models import DeckCheck, Penalty
from tournaments.models import Decklist, DecklistChange, Event, Registration, Seat
from tournaments.rights import may_judge_event
from tournaments.selectors.published import published_placings


def penalties_visible_to(*, user, event: Event) -> QuerySet[Penalty]:
    """The event's penalties `user` may read: all of them for a judge, the user's own for a player, none otherwise."""
    penalties = Penalty.objects.filter(event=event).select_related("player", "registration__team", "round", "judge")
    if may_judge_event(user, event):
        return penalties
    if user is None or not user.is_authenticated:
        return penalties.none()
    return penalties.filter(player__user=user)


def deck_checks_visible_to(*, user, event: Event) -> QuerySet[DeckCheck]:
    """The event's deck checks: judges only."""
    checks = DeckCheck.objects.filter(event=event).select_related("registration__team", "round", "judge")
    return checks if may_judge_event(user, event) else checks.none()


def judging_teams(*, event: Event) -> list[Registration]:
    """Every team of the event with its seats, players and decklists (for the judges' overview), in name order."""
    return list(
        Registration.objects.filter(event=event)
        .select_related("team")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player", "decklist").order_by("letter"))
        )
        .order_by("team__name")
    )


def team_decklists(*, registration: Registration) -> list[tuple[Seat, Decklist | None, list[DecklistChange]]]:
    """Each seat of the team with its decklist (None: not submitted) and the lists it replaced, oldest first."""
    seats = list(registration.seats.select_related("player").order_by("letter"))
    lists = {d.seat_id: d for d in Decklist.objects.filter(seat__in=seats).prefetch_related("changes__changed_by")}
    return [(s, lists.get(s.pk), list(lists[s.pk].changes.all()) if s.pk in lists else []) for s in seats]


def published_decklists(*, event: Event) -> list[tuple[int, Registration, list[tuple[Seat, Decklist | None]]]]:
    """The decklists of the event's top teams (the top cut, else the top 8), as (place, team, seats), once the
    event is finished and the organizer has published them; otherwise nothing."""
    placings = published_placings(event=event)
    registrations = {
        r.pk: r
        for r in Registration.objects.filter(pk__in=[p.team for p in placings])
        .select_related("team")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player", "decklist").order_by("letter"))
        )
    }
    result = []
    for placing in placings:
        registration = registrations[placing.team]
        seats = [(s, getattr(s, "decklist", None) if _has_decklist(s) else None) for s in registration.seats.all()]
        result.append((placing.place, registration, seats))
    return result


def _has_decklist(seat: Seat) -> bool:
    try:
        seat.decklist  # noqa: B018 (the access is the test: a missing decklist raises)
    except Decklist.DoesNotExist:
        return False
    return True
