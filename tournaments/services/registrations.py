from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.enums import ResultState
from tournaments.models import Event, Player, Registration, Round, Seat, Team
from tournaments.services.events import event_bump_version
from tournaments.services.topcut import topcut_award_dropped


def registration_seat_problems(
    *, event: Event, seats: Sequence[tuple[str, Player]], registration: Registration | None = None
) -> list[str]:
    """Return what is wrong with a team's seats for this event, as messages a person can act on.

    Checks RULES.md 1 and MTR 8.2: exactly one player per seat A, B, C ... up to the team size, no player twice,
    and no player already on another team of the same event.
    """
    problems: list[str] = []
    letters = sorted(letter for letter, _player in seats)
    expected = list(event.seat_letters)
    if len(seats) != event.team_size:
        problems.append(
            _("This event has teams of %(size)d: give exactly %(size)d players, one per seat %(seats)s (got %(got)d).")
            % {"size": event.team_size, "seats": ", ".join(expected), "got": len(seats)}
        )
    elif letters != expected:
        problems.append(_("Use the seats %(seats)s, each once.") % {"seats": ", ".join(expected)})
    player_ids = [player.pk for _letter, player in seats]
    if len(set(player_ids)) != len(player_ids):
        problems.append(_("A player can hold only one seat."))
    others = Seat.objects.filter(event=event, player_id__in=player_ids).select_related("player", "registration__team")
    if registration is not None and registration.pk:
        others = others.exclude(registration=registration)
    for seat in others:
        problems.append(
            _("%(player)s is already on team %(team)s in this event.")
            % {"player": seat.player.name, "team": seat.registration.team.name}
        )
    return problems


@transaction.atomic
def registration_create(
    *, event: Event, team: Team, players: Sequence[Player], joined_round: int = 1, missed_rounds_as_losses: bool = False
) -> Registration:
    """Register `team` for `event` with `players` on seats A, B, C ... in the order given.

    Raises ValidationError (nothing written) when the team is already registered or the seats break a rule.
    """
    if Registration.objects.filter(event=event, team=team).exists():
        raise ValidationError(_("%(team)s is already registered for this event.") % {"team": team.name})
    seats = list(zip(event.seat_letters, players, strict=False))
    if len(players) != event.team_size:
        seats = [(chr(ord("A") + i), p) for i, p in enumerate(players)]
    problems = registration_seat_problems(event=event, seats=seats)
    if problems:
        raise ValidationError(problems)
    registration = Registration.objects.create(
        event=event, team=team, joined_round=joined_round, missed_rounds_as_losses=missed_rounds_as_losses
    )
    Seat.objects.bulk_create(
        [Seat(registration=registration, event=event, letter=letter, player=player) for letter, player in seats]
    )
    event_bump_version(event_id=event.pk)
    return registration


def registration_last_played_round(*, registration: Registration) -> int:
    """The last round the team has played (or is playing): the event's latest round once it has started, else
    the round before it. 0 before the first round.

    A round has started once it is finished or any of its matches (byes aside) has a result. A team that drops
    while the latest round is paired but not started is therefore left out when that round is paired again.
    """
    latest = Round.objects.filter(event_id=registration.event_id).order_by("-number").first()
    if latest is None:
        return 0
    started = latest.is_finished or latest.matches.filter(team_b__isnull=False).exclude(
        result_state=ResultState.PENDING
    ).exists()
    return latest.number if started else latest.number - 1


@transaction.atomic
def registration_drop(*, registration: Registration, after_round: int | None = None) -> Registration:
    """Drop the whole team (RULES.md 1) after `after_round`: it has played that round and is not paired for any
    later one (nor when a later round is paired again). Without `after_round`, after the last round the team
    has played (registration_last_played_round). In the top cut, the team loses its pending playoff match: its
    opponent advances (topcut_award_dropped)."""
    if after_round is None:
        after_round = max(registration_last_played_round(registration=registration), registration.joined_round - 1)
    if after_round < registration.joined_round - 1:
        raise ValidationError(_("A team can't drop before the round it joined in."))
    registration.dropped_round = after_round
    registration.save(update_fields=["dropped_round"])
    topcut_award_dropped(event_id=registration.event_id)
    event_bump_version(event_id=registration.event_id)
    return registration


@transaction.atomic
def registration_reinstate(*, registration: Registration) -> Registration:
    """Undo a drop: the team is paired again from the next round on."""
    registration.dropped_round = None
    registration.save(update_fields=["dropped_round"])
    event_bump_version(event_id=registration.event_id)
    return registration
