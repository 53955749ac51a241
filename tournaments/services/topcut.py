"""The top cut: a single-elimination playoff of the top 2, 4 or 8 Swiss teams (RULES.md 4)."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.enums import COUNTING_STATES, EventStatus, RoundKind
from tournaments.models import Event, Round, TeamMatch
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds
from tournaments.services.events import event_bump_version
from tournaments.topcut import TopCutError


def _write_playoff_round(*, event: Event, number: int, matches) -> Round:
    round_ = Round.objects.create(event=event, number=number, kind=RoundKind.PLAYOFF, seed=0)
    TeamMatch.objects.bulk_create(
        [
            TeamMatch(round=round_, table=table, team_a_id=m.team_a, team_b_id=m.team_b)
            for table, m in enumerate(matches, start=1)
        ]
    )
    return round_


@transaction.atomic
def topcut_start(*, event: Event) -> Round:
    """Seed the top cut from the final Swiss standings (1 v 8, 4 v 5, 2 v 7, 3 v 6) and pair its first round.

    Refused with the reason while Swiss rounds or their results are missing, when the event has no top cut, or
    when it has already started. The Swiss standings are not changed by anything that happens in the playoff.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.top_cut:
        raise ValidationError(_("This event has no top cut."))
    if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED):
        raise ValidationError(_("The top cut has already started."))
    swiss = list(event.rounds.filter(kind=RoundKind.SWISS))
    if len(swiss) < event.swiss_rounds:
        raise ValidationError(
            _("Only %(done)d of %(n)d Swiss rounds are paired.") % {"done": len(swiss), "n": event.swiss_rounds}
        )
    missing = TeamMatch.objects.filter(round__in=swiss).exclude(result_state__in=COUNTING_STATES)
    if missing.exists():
        raise ValidationError(_("Some Swiss results are missing or unconfirmed; enter them first."))
    Round.objects.filter(pk__in=[r.pk for r in swiss]).update(is_finished=True)
    try:
        bracket = bracket_for_event(event=event, seeds=topcut_seeds(event=event))
    except TopCutError as exc:
        raise ValidationError(str(exc)) from exc
    round_ = _write_playoff_round(event=event, number=event.swiss_rounds + 1, matches=bracket.next_matches)
    event.status = EventStatus.TOP_CUT
    event.save(update_fields=["status"])
    event_bump_version(event_id=event.pk)
    return round_


@transaction.atomic
def topcut_advance(*, event: Event) -> Round | None:
    """Pair the next playoff round once every match of the current one has a counting result.

    Returns the new round, or None when the final is decided (the event is then finished).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != EventStatus.TOP_CUT:
        raise ValidationError(_("The top cut has not started."))
    current = event.rounds.filter(kind=RoundKind.PLAYOFF).order_by("-number").first()
    if current.matches.exclude(result_state__in=COUNTING_STATES).exists():
        raise ValidationError(_("The current top-cut round still waits for results."))
    try:
        bracket = bracket_for_event(event=event)
    except TopCutError as exc:
        raise ValidationError(str(exc)) from exc
    current.is_finished = True
    current.save(update_fields=["is_finished"])
    if bracket.champion is not None:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])
        event_bump_version(event_id=event.pk)
        return None
    round_ = _write_playoff_round(event=event, number=current.number + 1, matches=bracket.next_matches)
    event_bump_version(event_id=event.pk)
    return round_
