"""Placeholders: the players an organizer's event made (an import, the desk, the API) whose login nobody has claimed
yet (docs/permissions.md, "Accounts belong to their people")."""

from dataclasses import dataclass

from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.tokens import default_token_generator
from django.db.models import Q
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from tournaments.models import Player, SeatInvitation


def unclaimed_q(prefix: str = "") -> Q:
    """The logins nobody has used: no usable password, never signed in, not retired. `prefix` reaches the user
    from another model ("user__" from a Player)."""
    return (
        Q(**{f"{prefix}password__startswith": UNUSABLE_PASSWORD_PREFIX})
        & Q(**{f"{prefix}last_login__isnull": True})
        & Q(**{f"{prefix}is_active": True})
    )


def placeholders_of(*, organizer_id: int | None):
    """The organizer's own placeholders: players their events made that nobody has claimed. None for nobody."""
    if organizer_id is None:
        return Player.objects.none()
    return Player.objects.filter(unclaimed_q("user__"), made_by_id=organizer_id)


def player_is_placeholder(player: Player | None) -> bool:
    """A player whose login nobody has claimed and that an organizer's event made."""
    if player is None or player.made_by_id is None or player.user_id is None:
        return False
    user = player.user
    return user.is_active and user.last_login is None and not user.has_usable_password()


def invitations_pending_for(*, user):
    """The seat invitations this person hasn't answered yet, newest first, with their events."""
    if user is None or not getattr(user, "is_authenticated", False):
        return SeatInvitation.objects.none()
    return SeatInvitation.objects.filter(user_id=user.pk, answered_at__isnull=True).select_related(
        "event", "placeholder"
    )


def awaiting_answer_q(prefix: str = "") -> Q:
    """The placeholders whose seat waits for an invited person's answer (an unanswered seat invitation): nobody else
    may take it with a claim link until they decline. `prefix` reaches the player from another model."""
    return Q(**{f"{prefix}pk__in": SeatInvitation.objects.filter(answered_at__isnull=True).values("placeholder_id")})


def placeholder_awaits_answer(player: Player | None) -> bool:
    """The placeholder's seat waits for the answer of the person invited to take it (awaiting_answer_q)."""
    return player is not None and SeatInvitation.objects.filter(placeholder=player, answered_at__isnull=True).exists()


def invited_seats(*, event_id: int, registration_ids) -> set[tuple[int, str]]:
    """The seats (registration, letter) of these registrations held by a placeholder whose invited person hasn't
    answered yet, in one query: the organizer is told a seat waits for an invitation, never for whom."""
    return set(
        SeatInvitation.objects.filter(
            event_id=event_id,
            answered_at__isnull=True,
            placeholder__seats__event_id=event_id,
            placeholder__seats__registration_id__in=list(registration_ids),
        ).values_list("placeholder__seats__registration_id", "placeholder__seats__letter")
    )


@dataclass(frozen=True)
class PlaceholderClaim:
    """What a claim link carries: the placeholder it names and the token that proves the organizer handed it out
    (the password reset's token: spent once the placeholder's login changes)."""

    player: Player
    token: str

    @property
    def is_valid(self) -> bool:
        return player_is_placeholder(self.player) and default_token_generator.check_token(self.player.user, self.token)


def claim_from_link(*, uidb64: str, token: str) -> PlaceholderClaim | None:
    """The claim a link's parts name, or None when they name no placeholder (whether the token is right is
    PlaceholderClaim.is_valid)."""
    try:
        pk = int(force_str(urlsafe_base64_decode(uidb64)))
    except (TypeError, ValueError, OverflowError):
        return None
    player = Player.objects.select_related("user").filter(user_id=pk).first()
    if player is None or not player_is_placeholder(player):
        return None
    return PlaceholderClaim(player=player, token=token)


def claim_path(*, user) -> str:
    """The claim page's path for a placeholder's login: signed out it sets a password, signed in it merges."""
    return reverse(
        "portal:claim",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )


def claim_link_players(*, event):
    """The players of the event whose claim link its organizer may hand out: placeholders the event's organizer
    made that nobody has claimed and whose seat waits for no invited person's answer (rights.may_hand_out_claim,
    for all at once), by name."""
    return (
        placeholders_of(organizer_id=event.organizer_id)
        .filter(seats__event_id=event.pk)
        .exclude(awaiting_answer_q())
        .select_related("user")
        .distinct()
        .order_by("name")
    )
