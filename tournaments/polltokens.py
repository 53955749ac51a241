"""The poll tokens of tournaments' data (common/polls.py, issue 54): the names the watched pages of a signed-in phone
are keyed by, and what renews them. Every change of an event's scoreboards goes through event_bump_version, which
renews the event's tokens (services/scoreboard.py); the receivers below renew what changes without it: the event's
own row (its settings, status, visibility), and a person's seats and invitations (what My events lists)."""

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from common.polls import poll_tokens_renew
from tournaments.models import Event, Player, Seat, SeatInvitation, TeamMatch


def event_token(event_id: int) -> str:
    """Anything event `event_id`'s pages show changed (every bump of Event.version)."""
    return f"event:{event_id}"


def event_wide_token(event_id: int) -> str:
    """Anything of the event changed but a single match's result (a match page follows this and its match's)."""
    return f"event-wide:{event_id}"


def match_token(match_id: int) -> str:
    return f"match:{match_id}"


def drafts_token(event_id: int) -> str:
    """Any draft table of the event changed (drafting/live.py renews it): a match page shows its table's state."""
    return f"drafts:{event_id}"


def user_token(user_id: int) -> str:
    """The person's seats and invitations (the events My events lists)."""
    return f"user:{user_id}"


def match_event_id(*, match_id: int) -> int | None:
    """The event of a match (one small query; a match never moves to another event), or None."""
    return TeamMatch.objects.filter(pk=match_id).values_list("round__event_id", flat=True).first()


def event_tokens_renew(*, event_id: int, matches: tuple[int, ...] = ()) -> None:
    """After the commit: the event's tokens; with `matches`, a change that concerns those matches only (a result),
    so the event-wide token, which the other matches' pages follow, stays."""
    if matches:
        poll_tokens_renew(event_token(event_id), *(match_token(m) for m in matches))
    else:
        poll_tokens_renew(event_token(event_id), event_wide_token(event_id))


@receiver(post_save, sender=Event, dispatch_uid="tournaments.polltokens.event")
def _event_saved(sender, instance: Event, **kwargs) -> None:
    event_tokens_renew(event_id=instance.pk)


@receiver(post_save, sender=Seat, dispatch_uid="tournaments.polltokens.seat_saved")
@receiver(post_delete, sender=Seat, dispatch_uid="tournaments.polltokens.seat_deleted")
def _seat_changed(sender, instance: Seat, **kwargs) -> None:
    event_tokens_renew(event_id=instance.event_id)
    player = instance._state.fields_cache.get("player")
    if player is not None:  # most seats are written with their player at hand: no query
        if player.user_id is not None:
            poll_tokens_renew(user_token(player.user_id))
        return
    player_id = instance.player_id

    def renew() -> None:  # after the commit, outside the writing transaction
        user_id = Player.objects.filter(pk=player_id).values_list("user_id", flat=True).first()
        if user_id is not None:
            poll_tokens_renew(user_token(user_id))

    transaction.on_commit(renew)


@receiver(post_save, sender=SeatInvitation, dispatch_uid="tournaments.polltokens.invitation_saved")
@receiver(post_delete, sender=SeatInvitation, dispatch_uid="tournaments.polltokens.invitation_deleted")
def _invitation_changed(sender, instance: SeatInvitation, **kwargs) -> None:
    poll_tokens_renew(user_token(instance.user_id))
