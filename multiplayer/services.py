"""Writes of multiplayer pod events (docs/multiplayer.md): seating a round's pods, the top pod, and pods' results.

Every write locks the event first (tournaments/services/locks.py), refuses a closed event, records itself in the
event log with who made it, and bumps the scoreboard version. A refusal is one of common/refusals.py's family and
leaves nothing written.
"""

import random

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotAllowed, NotFound, Refusal
from common.textlist import text_list
from multiplayer import engine
from multiplayer.models import MultiplayerBye, MultiplayerSeat, MultiplayerTable, MultiplayerTableState
from multiplayer.selectors import multiplayer_standings, playoff_played, table_history, tables_without_result
from tournaments.enums import EventStatus, RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, Registration, Round
from tournaments.rights import may_report_for_table, may_score_event, person_of
from tournaments.selectors.rounds import round_latest
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.daytwo import event_day2_cut_when_due
from tournaments.services.events import event_finish
from tournaments.services.locks import event_lock
from tournaments.services.publishing import (
    round_log_data,
    round_paired_announce,
    round_publication,
    round_require_published,
)
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.signals import DomainEvent, domain_event_send


def _require_multiplayer(event: Event) -> None:
    if not event.is_multiplayer:
        raise StateConflict(_("This event isn't played in multiplayer pods."))


def _open_tables(round_: Round | None) -> list[int]:
    return [] if round_ is None else tables_without_result(round_=round_)


def _active(*, event: Event, number: int) -> list[int]:
    """Players to seat in round `number`: joined by then and not dropped before it (as tournaments' pairing)."""
    return list(
        Registration.objects.filter(event=event, joined_round__lte=number)
        .filter(Q(dropped_round__isnull=True) | Q(dropped_round__gte=number))
        .filter(Q(day2_cut_round__isnull=True) | Q(day2_cut_round__gte=number))  # not cut at a Day 2 cut before it
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _write_round(*, event: Event, number: int, kind: str, seed: int, tables: list[list[int]], byes: list[int]) -> Round:
    round_ = Round.objects.create(
        event=event, number=number, kind=kind, seed=seed, published_at=round_publication(event=event)
    )
    for table_number, players in enumerate(tables, start=1):
        table = MultiplayerTable.objects.create(round=round_, number=table_number)
        MultiplayerSeat.objects.bulk_create(
            MultiplayerSeat(table=table, registration_id=registration_id, position=position)
            for position, registration_id in enumerate(players, start=1)
        )
    MultiplayerBye.objects.bulk_create(
        MultiplayerBye(round=round_, registration_id=registration_id) for registration_id in byes
    )
    return round_


@transaction.atomic
def tables_pair_next(*, event: Event, by, seed: int | None = None) -> Round:
    """Seat the event's next round in pods and return it: a Swiss round (multiplayer.engine.pair_tables, by points, with as
    few repeat opponents as it can), or after the last Swiss round the top pod of the Swiss standings' first four
    when the event has one (top_cut 4).

    Refused (nothing written) when a pod of the current round has no final result, every round is paired, the event
    is closed or not a pod event, or fewer than three players are still in.
    """
    event = event_lock(event_id=event.pk)
    if not may_score_event(by, event):
        raise NotAllowed(_("Seating a round takes the event's organizer or scorekeeper."))
    event_require_open(event_id=event.pk)
    _require_multiplayer(event)
    last = round_latest(event=event)
    missing = _open_tables(last)
    if missing:
        raise StateConflict(
            _("Pods %(pods)s of the current round have no final result yet.")
            % {"pods": text_list(missing, conjunction=False)}
        )
    number = 1 if last is None else last.number + 1
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    plan = engine.PLAYOFF_PLANS.get(event.top_cut, ())
    played = playoff_played(event=event)
    if played and len(played) >= len(plan):
        raise StateConflict(_("The top pod has been played: the event is over."))
    event_day2_cut_when_due(event=event, next_round=number, user=by)  # a cut set after the round before (issue 50)
    active = _active(event=event, number=number)
    if number > event.swiss_rounds:
        if not plan:
            raise StateConflict(
                _("All %(n)d rounds are played: close the event (its next step on the desk).")
                % {"n": event.swiss_rounds}
            )
        standing = [row.registration.pk for row in multiplayer_standings(event=event) if row.registration.pk in active]
        pods, straight = plan[len(played)]
        try:
            if len(standing) < event.top_cut:
                raise engine.TableError(
                    _("The top %(n)d needs %(n)d players still in; %(have)d are.")
                    % {"n": event.top_cut, "have": len(standing)}
                )
            entrants = engine.playoff_entrants(standing, top_cut=event.top_cut, played=played)
            tables, _straight = engine.playoff_stage_seat(entrants, pods=pods, straight=straight)
        except engine.TableError as exc:
            raise StateConflict(str(exc)) from None
        round_ = _write_round(event=event, number=number, kind=RoundKind.PLAYOFF, seed=seed, tables=tables, byes=[])
        event.status = EventStatus.TOP_CUT
        action = LogAction.TOP_CUT_PAIRED
        if len(played) + 1 == len(plan):
            message = LogText(gettext_lazy("Top pod seated."))
        else:
            message = LogText(
                gettext_lazy("Playoff round %(n)d seated: %(pods)d pods."), {"n": len(played) + 1, "pods": pods}
            )
    else:
        if len(active) < engine.MIN_POD:
            raise Refusal(_("At least three players are needed to seat a pod (%(n)d active).") % {"n": len(active)})
        points = {row.registration.pk: row.standing.points for row in multiplayer_standings(event=event)}
        had_bye = set(MultiplayerBye.objects.filter(round__event=event).values_list("registration_id", flat=True))
        pairing = engine.pair_tables(
            active,
            points=points,
            history=table_history(event=event),
            had_bye=had_bye,
            pod_size=event.pod_size,
            leftovers=event.pod_leftovers,
            seed=seed,
        )
        round_ = _write_round(
            event=event, number=number, kind=RoundKind.SWISS, seed=seed, tables=pairing.tables, byes=pairing.byes
        )
        if event.status == EventStatus.REGISTRATION:
            event.status = EventStatus.RUNNING
        action, message = LogAction.ROUND_PAIRED, LogText(gettext_lazy("Round %(n)d seated in pods."), {"n": number})
    if last is not None:
        Round.objects.filter(pk=last.pk).update(is_finished=True)
    event.save(update_fields=["status"])
    event_log_record(
        event=event,
        user=by,
        action=action,
        message=message,
        round_number=number,
        data=round_log_data(round_=round_, seed=seed),
    )
    event_bump_version(event_id=event.pk)
    round_paired_announce(round_=round_)
    return round_


@transaction.atomic
def tables_event_close(*, event: Event, by) -> Event:
    """Close a pod event (issue 56): every Swiss round seated and every pod's result final, and the top pod played
    when the event has one (its final result closes the event by itself: `_after_final`). The pod standings and the
    top pod then are the final placings (multiplayer.selectors.multiplayer_placings). Logged with who closed it;
    refused (nothing written) when a round or a pod is still to play."""
    event = event_lock(event_id=event.pk)
    if not may_score_event(by, event):
        raise NotAllowed(_("Closing the event takes the event's organizer or scorekeeper."))
    _require_multiplayer(event)
    if event.status == EventStatus.FINISHED:
        return event
    last = round_latest(event=event)
    seated = event.rounds.filter(kind=RoundKind.SWISS).count()
    if seated < event.swiss_rounds:
        raise StateConflict(
            _("Only %(done)d of %(n)d rounds are seated: play them before closing the event.")
            % {"done": seated, "n": event.swiss_rounds}
        )
    missing = _open_tables(last)
    if missing:
        raise StateConflict(
            _("Pods %(pods)s of the current round have no final result yet.")
            % {"pods": text_list(missing, conjunction=False)}
        )
    stages = len(engine.PLAYOFF_PLANS.get(event.top_cut, ()))
    if stages and event.rounds.filter(kind=RoundKind.PLAYOFF).count() < stages:
        raise StateConflict(_("The top pod has not been played: seat it before closing the event."))
    event_log_record(
        event=event, user=by, action=LogAction.EVENT_CLOSED, message=LogText(gettext_lazy("Event closed."))
    )
    return event_finish(event=event)


def _locked_table(*, table: MultiplayerTable) -> MultiplayerTable:
    """The pod, locked after its event (the one lock order); NotFound when it is gone."""
    event_id = MultiplayerTable.objects.filter(pk=table.pk).values_list("round__event_id", flat=True).first()
    if event_id is None:
        raise NotFound(_("No such pod in this event."))
    event = event_lock(event_id=event_id)
    locked = (
        MultiplayerTable.objects.select_for_update(of=("self",)).select_related("round").filter(pk=table.pk).first()
    )
    if locked is None:
        raise NotFound(_("No such pod in this event."))
    locked.round.event = event
    event_require_open(event_id=event.pk)
    round_require_published(round_=locked.round)
    return locked


def _apply(*, table: MultiplayerTable, kind: str, players: list[int]) -> engine.TableResult:
    seated = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    try:
        result = engine.table_result_check(kind=kind, players=players, seated=seated)
    except engine.TableError as exc:
        raise Refusal(str(exc)) from None
    for registration_id, outcome in result.outcomes(seated).items():
        MultiplayerSeat.objects.filter(table=table, registration_id=registration_id).update(outcome=outcome)
    table.result_kind = kind
    return result


def _describe(table: MultiplayerTable, result: engine.TableResult) -> LogText:
    names = [str(r.team) for r in Registration.objects.filter(pk__in=result.players).select_related("team")]
    if result.kind == engine.WIN:
        return LogText(gettext_lazy("Pod %(pod)d: %(names)s won."), {"pod": table.number, "names": names})
    if result.kind == engine.DRAW:
        return LogText(gettext_lazy("Pod %(pod)d: a draw among %(names)s."), {"pod": table.number, "names": names})
    return LogText(
        gettext_lazy("Pod %(pod)d: time, a draw for %(names)s."),
        {"pod": table.number, "names": names or gettext_lazy("everyone")},
    )


def _account(by):
    """The account behind `by` (a person, or the person of an API token) for the pod's who-fields, or None."""
    person = person_of(by)
    return person if getattr(person, "is_authenticated", False) else None


def _after_final(*, table: MultiplayerTable) -> None:
    """A final result of the top pod (the playoff's last round) finishes the event."""
    if table.round.kind != RoundKind.PLAYOFF or _open_tables(table.round):
        return
    event = table.round.event
    stages = len(engine.PLAYOFF_PLANS.get(event.top_cut, ((1, 0),)))
    if Round.objects.filter(event=event, kind=RoundKind.PLAYOFF).count() >= stages:
        event_finish(event=event)


@transaction.atomic
def table_result_report(*, table: MultiplayerTable, by, kind: str, players: list[int]) -> MultiplayerTable:
    """Report a pod's result: `kind` win (one player), draw (the players named) or time (the players still in;
    none named: everyone), `players` their registration ids.

    A player seated at the pod reports it for another player of the pod to confirm (table_result_confirm); the desk
    (may_score_event) enters it final. Refused when the caller may do neither, the result makes no sense for the
    pod, or the result is final already (then only the desk corrects it).
    """
    table = _locked_table(table=table)
    event = table.round.event
    desk = may_score_event(by, event)
    if not desk and not may_report_for_table(by, table):
        raise NotFound(_("No such pod in this event."))
    if table.state == MultiplayerTableState.FINAL and not desk:
        raise StateConflict(_("This pod's result is final; the desk corrects it."))
    before = table.state
    result = _apply(table=table, kind=kind, players=players)
    now, person = timezone.now(), _account(by)
    table.reported_by, table.reported_at = person, now
    if desk:
        table.state, table.reporter, table.confirmed_by, table.confirmed_at = (
            MultiplayerTableState.FINAL,
            None,
            person,
            now,
        )
        action = LogAction.RESULT_CORRECTED if before == MultiplayerTableState.FINAL else LogAction.RESULT_FINAL
    else:
        mine = (
            table.seats.filter(registration__seats__player__user=by).values_list("registration_id", flat=True).first()
        )
        table.state, table.reporter_id = MultiplayerTableState.REPORTED, mine
        action = LogAction.RESULT_REPORTED
    table.save()
    event_log_record(
        event=event,
        user=by,
        action=action,
        message=_describe(table, result),
        round_number=table.round.number,
        data={"pod": table.number, "kind": kind, "players": list(players)},
    )
    event_bump_version(event_id=event.pk)
    if table.state == MultiplayerTableState.FINAL:
        domain_event_send(event_id=event.pk, kind=DomainEvent.POD_RESULT_FINAL, pod=table.pk)
        _after_final(table=table)
    return table


@transaction.atomic
def table_result_confirm(*, table: MultiplayerTable, by) -> MultiplayerTable:
    """Confirm the reported result of a pod: a player of the pod other than the one who reported it. The result
    becomes final. Refused when nothing waits for a confirmation or the caller reported it themselves."""
    table = _locked_table(table=table)
    event = table.round.event
    if not may_report_for_table(by, table):
        raise NotFound(_("No such pod in this event."))
    if table.state != MultiplayerTableState.REPORTED:
        raise StateConflict(_("No reported result of this pod waits for a confirmation."))
    mine = set(table.seats.filter(registration__seats__player__user=by).values_list("registration_id", flat=True))
    if table.reporter_id in mine or table.reported_by_id == getattr(by, "pk", None):
        raise NotAllowed(_("Another player of the pod confirms the result, not the one who reported it."))
    table.state, table.confirmed_by, table.confirmed_at = MultiplayerTableState.FINAL, _account(by), timezone.now()
    table.save(update_fields=["state", "confirmed_by", "confirmed_at"])
    event_log_record(
        event=event,
        user=by,
        action=LogAction.RESULT_CONFIRMED,
        message=LogText(gettext_lazy("Pod %(pod)d: result confirmed."), {"pod": table.number}),
        round_number=table.round.number,
        data={"pod": table.number},
    )
    event_bump_version(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.POD_RESULT_FINAL, pod=table.pk)
    _after_final(table=table)
    return table


def table_result_enter_line(*, event: Event, by, line: str) -> MultiplayerTable:
    """The desk's one keystroke line for a pod of the current round ("3 2": seat 2 won pod 3; "3 d 1 4": seats 1
    and 4 drew; "3 t": time, everyone drew; engine.table_line_parse), entered final. Refused with the reason when the
    line reads as nothing, names no pod of the round or a seat nobody holds, or the caller doesn't run the desk."""
    if not may_score_event(by, event):
        raise NotAllowed(_("Entering results takes the event's organizer or scorekeeper."))
    try:
        typed = engine.table_line_parse(line)
    except engine.TableError as exc:
        raise Refusal(str(exc)) from None
    round_ = round_latest(event=event)
    table = MultiplayerTable.objects.filter(round=round_, number=typed.table).first() if round_ else None
    if table is None:
        raise Refusal(_("The current round has no pod %(n)d.") % {"n": typed.table})
    by_seat = dict(table.seats.values_list("position", "registration_id"))
    unknown = [seat for seat in typed.seats if seat not in by_seat]
    if unknown:
        raise Refusal(_("Pod %(pod)d has no seat %(seat)d.") % {"pod": table.number, "seat": unknown[0]})
    return table_result_report(table=table, by=by, kind=typed.kind, players=[by_seat[seat] for seat in typed.seats])
