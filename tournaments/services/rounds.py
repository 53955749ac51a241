"""The event's progress, one step at a time: pair whatever comes next, take a round back, close the event.

These compose the pairing and top-cut services, so the API, the admin and the organizer's desk move an event on
by the same rules.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.textlist import text_list
from tournaments.enums import EventStatus, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, Registration, Round, TeamMatch
from tournaments.models.log import LogKind
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.topcut import bracket_for_event
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.events import event_finish
from tournaments.services.locks import match_lock, round_lock
from tournaments.services.scoreboard import event_bump_version
from tournaments.services.pairing import round_pair_next, round_pairings, round_require_results
from tournaments.services.topcut import elimination_start, topcut_advance, topcut_start
from tournaments.topcut import TopCutError


@transaction.atomic
def event_pair_next(*, event: Event, seed: int | None = None, user=None, order: list[int] | None = None) -> Round:
    """Pair the event's next round: the next Swiss round while there is one, then the top cut's first round, then
    each next playoff round; in a single-elimination event the seeded bracket's first round (`order`: the seed
    list of an event seeded by the organizer's list), then each next one. Returns the new round.

    Refused with ResultsMissing (naming the open tables) while the latest round waits for results, and with
    StateConflict when nothing is left to pair (say what to do instead).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.FINISHED:
        raise StateConflict(_("This event is finished: there is no round left to pair."))
    latest = round_latest(event=event)
    if event.is_single_elimination and latest is None:
        return elimination_start(event=event, user=user, order=order, seed=seed)
    swiss_paired = event.rounds.filter(kind=RoundKind.SWISS).count()
    if (
        not event.is_single_elimination
        and event.status in (EventStatus.REGISTRATION, EventStatus.RUNNING)
        and swiss_paired < event.swiss_rounds
    ):
        return round_pair_next(event=event, seed=seed, user=user)
    round_require_results(round_=latest)
    if not event.top_cut:
        raise StateConflict(
            _("All %(n)d Swiss rounds are played and the event has no top cut: close the event.")
            % {"n": event.swiss_rounds}
        )
    if event.status != EventStatus.TOP_CUT:
        return topcut_start(event=event, user=user)
    try:
        champion = bracket_for_event(event=event).champion
    except TopCutError as exc:
        raise ValidationError(str(exc)) from exc
    if champion is not None:
        raise StateConflict(_("The final is decided: there is no round left to pair. Close the event."))
    round_ = topcut_advance(event=event, user=user)
    if round_ is None:  # the last results decided the final meanwhile
        raise StateConflict(_("The final is decided: there is no round left to pair. Close the event."))
    return round_


def round_take_back_refusal(*, round_: Round, event: Event | None = None) -> str | None:
    """Why this round can't be taken back (deleted) now, or None: the event is finished, a later round exists, or
    a result of it has been entered (byes and the wins Hydra gave for a dropped playoff team aside)."""
    event = event or round_.event
    if event.status == EventStatus.FINISHED:
        return _("This event is finished: its rounds can't be taken back.")
    if event.rounds.filter(number__gt=round_.number).exists():
        return _("Round %(n)d is not the latest round: take back the later rounds first.") % {"n": round_.number}
    entered = set(
        round_.matches.filter(team_b__isnull=False)
        .filter(
            Q(reported_by__isnull=False)
            | Q(seat_matches__isnull=False)
            | Q(result_state__in=[ResultState.REPORTED, ResultState.CONFIRMED, ResultState.DISPUTED])
        )
        .values_list("table", flat=True)
    )
    if entered:
        return _(
            "Round %(n)d has results at table(s) %(tables)s: a round with results can't be taken back. Correct "
            "the results instead."
        ) % {"n": round_.number, "tables": text_list(sorted(entered), conjunction=False)}
    return None


@transaction.atomic
def round_take_back(*, round_: Round, user=None) -> None:
    """Delete the event's latest round while none of its results has been entered (byes and the wins Hydra gave
    for a dropped playoff team aside), so it can be paired again, e.g. after a late drop.

    Taking back the top cut's first round undoes the cut: the seeds are released and the event is in its Swiss
    rounds again; taking back round 1 returns the event to registration (a single-elimination event keeps its
    seeds: elimination_start pairs round 1 again in the same seeding). Recorded in the event's log.
    """
    round_ = round_lock(round_id=round_.pk)  # the event, then the round (tournaments/services/locks.py)
    event = round_.event
    refusal = round_take_back_refusal(round_=round_, event=event)
    if refusal:
        raise StateConflict(refusal)
    number, kind = round_.number, round_.kind
    pairings = round_pairings(round_=round_)
    round_.delete()
    previous = event.rounds.filter(number=number - 1).first()
    if previous is not None:
        Round.objects.filter(pk=previous.pk).update(is_finished=False)
    if number == 1 and event.is_single_elimination:
        event.status = EventStatus.REGISTRATION  # the seeds stay: pairing round 1 again keeps the seeding
    elif kind == RoundKind.PLAYOFF and not event.rounds.filter(kind=RoundKind.PLAYOFF).exists():
        Registration.objects.filter(event=event).update(topcut_seed=None)
        event.status = EventStatus.RUNNING
    elif number == 1:
        event.status = EventStatus.REGISTRATION
    event.save(update_fields=["status"])
    event_log_record(
        event=event,
        user=user,
        action=LogAction.ROUND_TAKEN_BACK,
        round_number=number,
        before=pairings,
        message=LogText(gettext_lazy("Round %(n)d was taken back."), {"n": number}),
        data={"round": number, "kind": kind},
    )
    event_bump_version(event_id=event.pk)


@transaction.atomic
def event_close(*, event: Event, user=None) -> Event:
    """Close the event once it is complete: every Swiss round paired and played, and the top cut's final decided
    where there is one. Players can then no longer report results; the organizer still corrects them.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == EventStatus.FINISHED:
        return event
    latest = round_latest(event=event)
    swiss_paired = event.rounds.filter(kind=RoundKind.SWISS).count()
    if swiss_paired < event.swiss_rounds and not event.is_single_elimination:
        raise StateConflict(
            _("Only %(done)d of %(n)d Swiss rounds are paired: play them before closing the event.")
            % {"done": swiss_paired, "n": event.swiss_rounds}
        )
    round_require_results(round_=latest)
    if event.top_cut:
        if event.status != EventStatus.TOP_CUT:
            raise StateConflict(_("The top cut has not been played: pair it before closing the event."))
        try:
            champion = bracket_for_event(event=event).champion
        except TopCutError as exc:
            raise ValidationError(str(exc)) from exc
        if champion is None:
            raise StateConflict(_("The top cut's final is not decided yet: pair and play its next round first."))
    event_log_record(event=event, user=user, action=LogAction.EVENT_CLOSED, message=gettext_lazy("Event closed."))
    return event_finish(event=event)


def team_match_delete_refusal(*, match: TeamMatch) -> str | None:
    """Why this match can't be deleted, or None: a match with a result (or a bye) stays; a finished event keeps
    everything."""
    if match.round.event.status == EventStatus.FINISHED:
        return _("This event is finished: its matches can't be deleted.")
    if match.team_b_id is None:
        return _("A bye is part of the round's pairings: take the round back instead.")
    if match.reported_by_id or match.result_state != ResultState.PENDING or match.seat_matches.exists():
        return _("This match has a result: correct the result instead of deleting the match.")
    return None


@transaction.atomic
def team_match_delete(*, match: TeamMatch, user=None) -> None:
    """Delete a match that has no result yet (e.g. entered by mistake by hand); recorded in the event's log."""
    match = match_lock(match_id=match.pk, related=("team_a__team", "team_b__team"))
    refusal = team_match_delete_refusal(match=match)
    if refusal:
        raise StateConflict(refusal)
    event, description = match.round.event, str(match)
    data = {
        "match": match.pk,
        "round": match.round.number,
        "table": match.table,
        "team_a": match.team_a_id,
        "team_b": match.team_b_id,
    }
    match.delete()
    event_log_record(
        event=event,
        user=user,
        action=LogAction.DELETED,
        kind=LogKind.PAIRING,
        round_number=data["round"],
        message=LogText(gettext_lazy("Match deleted: %(match)s."), {"match": description}),
        data=data,
    )
    event_bump_version(event_id=event.pk)
