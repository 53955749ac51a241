"""Reads for sign-up pages (docs/registration.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from signup.models import ACTIVE_STATUSES, Invitation, SignupSeat, SignupStatus, TeamSignup
from tournaments.models import Event, Player, Registration


def signup_of_player(*, event: Event, player: Player | None) -> TeamSignup | None:
    """The active sign-up `player` is on in `event`, or None."""
    if player is None:
        return None
    seat = SignupSeat.objects.filter(event=event, player=player, active=True).select_related("signup").first()
    return seat.signup if seat else None


def signups_for_event(*, event: Event, statuses=ACTIVE_STATUSES):
    """The event's sign-ups with their seats and players, waitlist order within each status."""
    return (
        TeamSignup.objects.filter(event=event, status__in=statuses)
        .prefetch_related(Prefetch("seats", queryset=SignupSeat.objects.select_related("player")))
        .order_by("completed_at", "created_at", "pk")
    )


@dataclass(frozen=True)
class SignupBoard:
    registered: list
    waitlisted: list
    awaiting: list
    forming: list
    entrants: list  # the names of every team holding a place, signed up here or entered by the organizer (import)


def signup_board(*, event: Event) -> SignupBoard:
    """The event's sign-ups by status (waitlist in order of completion) and the teams holding a place: five queries
    whatever the count."""
    groups: dict[str, list] = {s: [] for s in SignupStatus.values}
    for signup in signups_for_event(event=event):
        if signup.status == SignupStatus.REGISTERED and signup.registration_id is None:
            continue  # the organizer deleted its registration (admin, API): it holds no place any more
        groups[signup.status].append(signup)
    return SignupBoard(
        registered=groups[SignupStatus.REGISTERED],
        waitlisted=groups[SignupStatus.WAITLISTED],
        awaiting=groups[SignupStatus.AWAITING_APPROVAL],
        forming=groups[SignupStatus.FORMING],
        entrants=list(
            Registration.objects.filter(event=event, dropped_round__isnull=True)
            .order_by("pk")
            .values_list("team__name", flat=True)
        ),
    )


def invitation_by_token(*, token: str) -> Invitation | None:
    return (
        Invitation.objects.select_related("signup__event", "signup__captain", "accepted_by").filter(token=token).first()
    )


def event_of_join_code(code: str) -> Event | None:
    """The event a join code (typed in any case, spaces and dashes ignored) belongs to, or None."""
    normal = "".join(ch for ch in code.upper() if ch.isalnum())
    if not normal or len(normal) > 12:
        return None
    return Event.objects.filter(join_code__code=normal).first()
