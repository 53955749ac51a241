"""The Day 2 cut (issue 42): made after its round, by hand or when the next round is paired, and undone by the
organizer until the next round is paired. Who advances is the pure engine's answer (tournaments/daytwo.py); the
cut ones keep their standings and placings and are no longer paired (tournaments/services/pairing.py)."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.daytwo import DayTwoCut, threshold_label
from tournaments.logtext import LogText
from tournaments.models import Event, Registration
from tournaments.selectors.daytwo import day2_cut_plan, day2_cut_settings_problems
from tournaments.selectors.standings import team_names_for_event
from tournaments.services.errors import StateConflict
from tournaments.services.eventlog import LogAction, event_log_record
from tournaments.services.locks import event_lock
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.signals import DomainEvent, domain_event_send

_UNSET = object()


def _cut_settings(event: Event, round_number, kind, threshold) -> tuple:
    return (
        event.day2_cut_round if round_number is _UNSET else round_number,
        event.day2_cut_kind if kind is _UNSET else (kind or ""),
        event.day2_cut_threshold if threshold is _UNSET else threshold,
    )


@transaction.atomic
def event_day2_cut_make(*, event: Event, user=None, round_number=_UNSET, kind=_UNSET, threshold=_UNSET) -> DayTwoCut:
    """Make the event's Day 2 cut after its round: the entrants below the threshold are marked "did not advance"
    (Registration.day2_cut_round), are no longer paired, and keep their standings and placings. `round_number`,
    `kind` and `threshold`, when given, replace the event's settings first (one log entry says both).

    Refused, nothing written, as day2_cut_plan refuses (bad settings or a cut that lets nobody through: a
    ValidationError; the cut made already, its round not played, a later round paired: StateConflict; results
    missing: ResultsMissing). Logged with who; the scoreboards change."""
    event = event_lock(event_id=event.pk)
    event_require_open(event_id=event.pk)
    round_number, kind, threshold = _cut_settings(event, round_number, kind, threshold)
    plan = day2_cut_plan(event=event, round_number=round_number, kind=kind, threshold=threshold)
    return _apply(event=event, user=user, plan=plan, settings=(round_number, kind, threshold))


def _apply(*, event: Event, user, plan: DayTwoCut, settings: tuple) -> DayTwoCut:
    round_number, kind, threshold = settings
    before = {
        "day2_cut_round": event.day2_cut_round,
        "day2_cut_kind": event.day2_cut_kind,
        "day2_cut_threshold": event.day2_cut_threshold,
    }
    Registration.objects.filter(pk__in=plan.not_advanced).update(day2_cut_round=round_number)
    event.day2_cut_round, event.day2_cut_kind, event.day2_cut_threshold = settings
    event.day2_cut_applied = True
    event.save(update_fields=["day2_cut_round", "day2_cut_kind", "day2_cut_threshold", "day2_cut_applied"])
    _reseat_next_phase(event=event, cut_round=round_number, user=user)
    names = team_names_for_event(event=event)
    event_log_record(
        event=event,
        user=user,
        action=LogAction.DAY2_CUT,
        round_number=round_number,
        message=LogText(
            gettext_lazy(
                "Day 2 cut after round %(n)d (%(threshold)s, %(points)d match points): "
                "%(advanced)d advance, %(out)d did not advance."
            ),
            {
                "n": round_number,
                "threshold": threshold_label(kind=kind, threshold=threshold),
                "points": plan.min_points,
                "advanced": len(plan.advanced),
                "out": len(plan.not_advanced),
            },
        ),
        before=before,
        after={
            "day2_cut_round": round_number,
            "day2_cut_kind": kind,
            "day2_cut_threshold": threshold,
            "not_advanced": [names.get(pk, pk) for pk in plan.not_advanced],
        },
        data={
            "round": round_number,
            "kind": kind,
            "threshold": threshold,
            "min_points": plan.min_points,
            "advanced": list(plan.advanced),
            "not_advanced": list(plan.not_advanced),
        },
    )
    event_bump_version(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.DAY2_CUT, round=round_number, made=True)
    return plan


_AFTER_CUT: list = []  # (event=, cut_round=, user=) -> anything: called when the cut is made or undone


def day2_cut_listener_register(*, listener) -> None:
    """Call `listener(event=, cut_round=, user=)` inside the transaction each time the Day 2 cut is made or undone
    (registered once). services.phases registers the re-seating of a phase started right after the cut
    (tournaments/apps.py): this module can't import it, services.phases makes a due cut before it seats pods."""
    if listener not in _AFTER_CUT:
        _AFTER_CUT.append(listener)


def _reseat_next_phase(*, event: Event, cut_round: int, user) -> None:
    """A phase in pods started right after the cut's round (its pods seated before the cut was made by hand, or
    before it was undone) seats its pods again from the entrants now in (docs/phases.md, "With a Day 2 cut")."""
    for listener in _AFTER_CUT:
        listener(event=event, cut_round=cut_round, user=user)


def day2_cut_undo_refusal(*, event: Event) -> str | None:
    """Why the Day 2 cut can't be undone now, or None: there is no cut made, or a round after it is paired."""
    if not event.day2_cut_applied:
        return _("No Day 2 cut is made: there is nothing to undo.")
    if event.rounds.filter(number__gt=event.day2_cut_round).exists():
        return _("Round %(next)d is paired already: take it back first, then undo the Day 2 cut.") % {
            "next": event.day2_cut_round + 1
        }
    return None


@transaction.atomic
def event_day2_cut_undo(*, event: Event, user=None) -> int:
    """Undo the Day 2 cut before the next round is paired: every entrant it did not advance is back in the event;
    the cut's settings stay, so it is made again when the next round is paired (change or clear them first to
    avoid that). Returns how many were back. Refused (StateConflict) as day2_cut_undo_refusal says. Logged."""
    event = event_lock(event_id=event.pk)
    event_require_open(event_id=event.pk)
    refusal = day2_cut_undo_refusal(event=event)
    if refusal:
        raise StateConflict(refusal)
    names = team_names_for_event(event=event)
    back = list(Registration.objects.filter(event=event, day2_cut_round__isnull=False).values_list("id", flat=True))
    Registration.objects.filter(pk__in=back).update(day2_cut_round=None)
    event.day2_cut_applied = False
    event.save(update_fields=["day2_cut_applied"])
    _reseat_next_phase(event=event, cut_round=event.day2_cut_round, user=user)
    event_log_record(
        event=event,
        user=user,
        action=LogAction.DAY2_CUT_UNDONE,
        round_number=event.day2_cut_round,
        message=LogText(
            gettext_lazy("Day 2 cut after round %(n)d undone: %(out)d back in the event."),
            {"n": event.day2_cut_round, "out": len(back)},
        ),
        before={"not_advanced": [names.get(pk, pk) for pk in back]},
        after={"not_advanced": []},
        data={"round": event.day2_cut_round, "back": back},
    )
    event_bump_version(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.DAY2_CUT, round=event.day2_cut_round, made=False)
    return len(back)


def event_day2_cut_after_correction(*, event: Event, round_number: int, user=None) -> None:
    """A counted result of round `round_number` was changed after the Day 2 cut was made after that round or a
    later one (issue 56: a player corrected to 1-1 stayed cut while one now 0-2 played Day 2). While no round after
    the cut is paired, the cut is made again from the results as they are now (logged when who is in changes);
    once Day 2 is paired it stands as made, and the log says so beside the correction. Inside the caller's
    transaction, the event locked; a cut that would now let nobody through refuses the correction."""
    if not event.day2_cut_applied or event.day2_cut_round is None or round_number > event.day2_cut_round:
        return
    if event.rounds.filter(number__gt=event.day2_cut_round).exists():
        event_log_record(
            event=event,
            user=user,
            action=LogAction.DAY2_CUT,
            round_number=event.day2_cut_round,
            message=LogText(
                gettext_lazy(
                    "The Day 2 cut after round %(n)d stands as it was made: round %(next)d is "
                    "paired. The correction of round %(round)d changed the standings it was "
                    "made from; take round %(next)d back and undo the cut to make it again."
                ),
                {"n": event.day2_cut_round, "next": event.day2_cut_round + 1, "round": round_number},
            ),
        )
        return
    was_out = set(Registration.objects.filter(event=event, day2_cut_round__isnull=False).values_list("id", flat=True))
    Registration.objects.filter(pk__in=was_out).update(day2_cut_round=None)
    event.day2_cut_applied = False
    settings = (event.day2_cut_round, event.day2_cut_kind, event.day2_cut_threshold)
    plan = day2_cut_plan(event=event, round_number=settings[0], kind=settings[1], threshold=settings[2])
    if set(plan.not_advanced) == was_out:
        Registration.objects.filter(pk__in=was_out).update(day2_cut_round=settings[0])
        event.day2_cut_applied = True
        return
    _apply(event=event, user=user, plan=plan, settings=settings)


def event_day2_cut_when_due(*, event: Event, next_round: int, user=None) -> DayTwoCut | None:
    """Called (inside its transaction, the event locked) by whatever pairs round `next_round`: make the event's
    Day 2 cut first when it is set for the round before and not made yet. Refused as event_day2_cut_make is, so
    the pairing is refused with the cut's reason (a cut that lets nobody through)."""
    if event.day2_cut_applied or event.day2_cut_round is None or event.day2_cut_round + 1 != next_round:
        return None
    settings = (event.day2_cut_round, event.day2_cut_kind, event.day2_cut_threshold)
    plan = day2_cut_plan(event=event, round_number=settings[0], kind=settings[1], threshold=settings[2])
    return _apply(event=event, user=user, plan=plan, settings=settings)


def day2_cut_settings_refusals(*, event: Event) -> dict[str, str]:
    """The Day 2 cut's setting problems of `event` as it stands in memory (event_update's check): the settings
    themselves, and no change while the cut is made (undo it first)."""
    errors = day2_cut_settings_problems(
        event=event, round_number=event.day2_cut_round, kind=event.day2_cut_kind, threshold=event.day2_cut_threshold
    )
    if event.pk:
        stored = (
            Event.objects.filter(pk=event.pk)
            .values("day2_cut_applied", "day2_cut_round", "day2_cut_kind", "day2_cut_threshold")
            .first()
        )
        if stored and stored["day2_cut_applied"]:
            for name in ("day2_cut_round", "day2_cut_kind", "day2_cut_threshold"):
                if getattr(event, name) != stored[name]:
                    errors[name] = _("The Day 2 cut is made: undo it before changing it.")
    return errors
