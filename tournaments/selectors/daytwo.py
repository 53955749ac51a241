"""Day 2 cut reads (issue 42): who the cut would keep, and who it did not advance."""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from common.textlist import text_list
from tournaments.daytwo import KINDS, CutEntrant, CutError, DayTwoCut, day_two_cut
from tournaments.enums import COUNTING_STATES, EventStatus, RoundKind
from tournaments.finalorder import structure_order
from tournaments.models import Event, Registration, TeamMatch
from tournaments.selectors.standings import standings_for_event
from tournaments.services.errors import ResultsMissing, StateConflict


def day2_cut_entrants(*, event: Event, round_number: int) -> list[CutEntrant]:
    """The entrants the cut after `round_number` decides, in standings order after that round: joined by then and
    neither dropped nor disqualified at or before it (they keep their own state; a Day 2 entrant that drops later
    still counts as advanced). Entrants joining after the cut's round are Day 2
    entries and are not decided by it."""
    standings = standings_for_event(event=event, upto_round=round_number)
    decided = set(
        Registration.objects.filter(
            Q(dropped_round__isnull=True) | Q(dropped_round__gt=round_number),
            event=event,
            joined_round__lte=round_number,
        ).values_list("id", flat=True)
    )
    return [CutEntrant(id=row.team, points=row.match_points) for row in standings if row.team in decided]


def day2_not_advanced(*, event: Event) -> set[int]:
    """Registration ids the event's Day 2 cut did not advance (empty before the cut is made). One query."""
    return set(Registration.objects.filter(event=event, day2_cut_round__isnull=False).values_list("id", flat=True))


def day2_below_cut(*, event: Event) -> set[int]:
    """Registration ids that play no Day 2 once the cut is made: those it did not advance and those that dropped
    (or were disqualified) at or before its round. The final placings put them below every Day 2 entrant. Empty
    while no cut is made. One query."""
    if not event.day2_cut_applied or event.day2_cut_round is None:
        return set()
    rows = Registration.objects.filter(event=event).values_list("id", "day2_cut_round", "dropped_round")
    return {
        pk for pk, cut, dropped in rows if cut is not None or (dropped is not None and dropped <= event.day2_cut_round)
    }


def day2_round_missing_tables(*, event: Event, round_number: int) -> list[int] | None:
    """The tables of Swiss round `round_number` still without a counting result ([] when complete), or None when
    the round is not paired."""
    own = structure_order(event=event)
    if own is not None and own.open_tables is not None:  # a structure that keeps its own tables (a pod event)
        return own.open_tables(event=event, round_number=round_number)
    if not event.rounds.filter(kind=RoundKind.SWISS, number=round_number).exists():
        return None
    return list(
        TeamMatch.objects.filter(round__event=event, round__kind=RoundKind.SWISS, round__number=round_number)
        .exclude(result_state__in=COUNTING_STATES)
        .order_by("table")
        .values_list("table", flat=True)
    )


@dataclass(frozen=True)
class CutState:
    """The event's Day 2 cut as the desk and the API show it."""

    round: int | None
    kind: str
    threshold: int | None
    applied: bool
    advanced: tuple[int, ...]  # once made: the ids that advanced, in standings order; else those who would
    not_advanced: tuple[int, ...]
    min_points: int | None
    problem: str  # why the cut can't be made now ("" when it can, or is made)


def day2_cut_state(*, event: Event) -> CutState:
    """The cut's settings, whether it is made, and who advances: once made, as stored (the standings after its
    round, those marked left out); before, what it would decide now (a preview; empty when it can't be made yet,
    `problem` saying why)."""
    kind, threshold, round_number = event.day2_cut_kind, event.day2_cut_threshold, event.day2_cut_round
    if event.day2_cut_applied and round_number is not None:
        out = day2_not_advanced(event=event)
        entrants = day2_cut_entrants(event=event, round_number=round_number)
        return CutState(
            round=round_number,
            kind=kind,
            threshold=threshold,
            applied=True,
            advanced=tuple(e.id for e in entrants if e.id not in out),
            not_advanced=tuple(e.id for e in entrants if e.id in out),
            min_points=None,
            problem="",
        )
    try:
        plan = day2_cut_plan(event=event, round_number=round_number, kind=kind, threshold=threshold)
    except ValidationError as exc:  # a preview says why the cut can't be made yet instead of refusing
        return CutState(
            round=round_number,
            kind=kind,
            threshold=threshold,
            applied=False,
            advanced=(),
            not_advanced=(),
            min_points=None,
            problem=" ".join(exc.messages),
        )
    return CutState(
        round=round_number,
        kind=kind,
        threshold=threshold,
        applied=False,
        advanced=plan.advanced,
        not_advanced=plan.not_advanced,
        min_points=plan.min_points,
        problem="",
    )


def day2_cut_settings_problems(
    *, event: Event, round_number: int | None, kind: str, threshold: int | None
) -> dict[str, str]:
    """What is wrong with a Day 2 cut's settings, by field (day2_cut_round, day2_cut_kind, day2_cut_threshold):
    all three or none; a cut after a Swiss round before the last one (after the last, the top cut decides); never
    in a single-elimination event; by points only in a multiplayer pod event (issue 50); a threshold that can be met
    (a record of at most the cut's
    round in losses, points at most 3 a round)."""
    if round_number is None and not kind and threshold is None:
        return {}
    if event.is_single_elimination:
        return {"day2_cut_round": _("A single-elimination event has no Swiss rounds to cut after.")}
    errors: dict[str, str] = {}
    if event.is_multiplayer and kind == "record":  # a pod has one winner: most players lose most pods
        errors["day2_cut_kind"] = _("A pod event's Day 2 cut is by points: the points a player needs to advance.")
    if round_number is None:
        errors["day2_cut_round"] = _("Name the round after which the Day 2 cut is made.")
    elif not 1 <= round_number < event.swiss_rounds:
        errors["day2_cut_round"] = _(
            "The Day 2 cut comes after one of Swiss rounds 1 to %(last)d (after the last one the top cut decides)."
        ) % {"last": max(1, event.swiss_rounds - 1)}
    if kind not in KINDS and "day2_cut_kind" not in errors:
        errors["day2_cut_kind"] = _("Say whether the cut is by record or by match points.")
    if threshold is None:
        errors["day2_cut_threshold"] = _("Give the cut's threshold: the losses allowed or the match points needed.")
    elif round_number is not None and kind in KINDS and not errors.get("day2_cut_round") and event.is_multiplayer:
        most = max(event.pod_win_points, event.pod_bye_points) * round_number
        if threshold > most:
            errors["day2_cut_threshold"] = _(
                "After round %(n)d nobody has more than %(most)d points: ask for at most %(most)d."
            ) % {"n": round_number, "most": most}
    elif round_number is not None and kind in KINDS and not errors.get("day2_cut_round"):
        most = round_number if kind == "record" else 3 * round_number
        if threshold > most:
            errors["day2_cut_threshold"] = (
                _("After round %(n)d nobody has more than %(n)d losses: allow at most %(most)d.")
                if kind == "record"
                else _("After round %(n)d nobody has more than %(most)d match points: ask for at most %(most)d.")
            ) % {"n": round_number, "most": most}
    return errors


def day2_cut_plan(*, event: Event, round_number: int | None, kind: str, threshold: int | None) -> DayTwoCut:
    """Who the cut after `round_number` would advance now, without writing anything (the service makes it).

    Refused with ValidationError (the settings, a cut that lets nobody through) or StateConflict (the cut is made
    already, its round not paired, a later round paired, the event in its top cut or finished) or ResultsMissing
    (the round's open tables), each saying why."""
    errors = day2_cut_settings_problems(event=event, round_number=round_number, kind=kind, threshold=threshold)
    if round_number is None and not kind and threshold is None:
        errors = {"day2_cut_round": _("This event has no Day 2 cut: set its round and threshold.")}
    if errors:
        raise ValidationError(errors)
    if event.day2_cut_applied:
        raise StateConflict(_("The Day 2 cut is made already: undo it first to make it again."))
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise StateConflict(_("The Swiss rounds of this event are over: it is too late for a Day 2 cut."))
    if event.rounds.filter(number__gt=round_number).exists():
        raise StateConflict(
            _("Round %(next)d is paired already: take it back before making the cut after round %(n)d.")
            % {"next": round_number + 1, "n": round_number}
        )
    missing = day2_round_missing_tables(event=event, round_number=round_number)
    if missing is None:
        raise StateConflict(
            _("Round %(n)d is not paired yet: the Day 2 cut comes once it is played.") % {"n": round_number}
        )
    if missing:
        raise ResultsMissing(
            _(
                "Round %(n)d still waits for results at table(s) %(tables)s: the Day 2 cut comes "
                "once every result is in."
            )
            % {"n": round_number, "tables": text_list(missing, conjunction=False)},
            tables=missing,
        )
    try:
        return day_two_cut(
            day2_cut_entrants(event=event, round_number=round_number),
            kind=kind,
            threshold=threshold,
            rounds=round_number,
        )
    except CutError as exc:
        raise ValidationError({"day2_cut_threshold": str(exc)}) from exc
