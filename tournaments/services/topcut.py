"""The top cut: a single-elimination playoff of the top 2, 4 or 8 Swiss teams (RULES.md 4)."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import COUNTING_STATES, EventStatus, Outcome, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, Registration, Round, TeamMatch
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds
from tournaments.services.events import event_finish
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.services.eventlog import LogAction
from tournaments.services.pairing import pods_refuse_two_player_pairing, round_pairing_log, round_seat_draft_tables
from tournaments.signals import DomainEvent, domain_event_send
from tournaments.topcut import TopCutError


def _write_playoff_round(*, event: Event, number: int, matches) -> Round:
    round_ = Round.objects.create(event=event, number=number, kind=RoundKind.PLAYOFF, seed=0)
    TeamMatch.objects.bulk_create(
        [
            TeamMatch(round=round_, table=table, team_a_id=m.team_a, team_b_id=m.team_b)
            for table, m in enumerate(matches, start=1)
        ]
    )
    round_seat_draft_tables(round_=round_)  # team Rochester: the playoff drafts too, each match at its table
    topcut_award_dropped(event_id=event.pk)
    return round_


def topcut_award_dropped(*, event_id: int) -> int:
    """Give each playoff match still waiting for its result, where a team has dropped, to the other team: a
    final win, like a bye (if both dropped, team A, the better seed, advances). Returns how many were decided.

    The caller bumps the scoreboard version.
    """
    dropped = set(
        Registration.objects.filter(event_id=event_id, dropped_round__isnull=False).values_list("id", flat=True)
    )
    if not dropped:
        return 0
    matches = TeamMatch.objects.select_for_update().filter(
        Q(team_a_id__in=dropped) | Q(team_b_id__in=dropped),
        round__event_id=event_id, round__kind=RoundKind.PLAYOFF, result_state=ResultState.PENDING,
    )
    decided = 0
    for match in matches:
        b_wins = match.team_a_id in dropped and match.team_b_id not in dropped
        match.outcome = Outcome.B_WINS if b_wins else Outcome.A_WINS
        match.result_state = ResultState.FINAL
        match.save(update_fields=["outcome", "result_state", "updated_at"])
        decided += 1
    return decided


@transaction.atomic
def topcut_start(*, event: Event, user=None) -> Round:
    """Seed the top cut from the final Swiss standings (1 v 8, 4 v 5, 2 v 7, 3 v 6) and pair its first round.

    Refused with the reason while Swiss rounds or their results are missing, when the event has no top cut, or
    when it has already started. The Swiss standings are not changed by anything that happens in the playoff.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_require_open(event_id=event.pk)
    pods_refuse_two_player_pairing(event=event)
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
    seeds = topcut_seeds(event=event)
    try:
        bracket = bracket_for_event(event=event, seeds=seeds)
    except TopCutError as exc:
        raise ValidationError(str(exc)) from exc
    # The seeds are fixed now: a drop in the playoff must not reshuffle the bracket.
    for seed, registration_id in enumerate(seeds[: event.top_cut], start=1):
        Registration.objects.filter(pk=registration_id).update(topcut_seed=seed)
    round_ = _write_playoff_round(event=event, number=event.swiss_rounds + 1, matches=bracket.next_matches)
    event.status = EventStatus.TOP_CUT
    event.save(update_fields=["status"])
    round_pairing_log(round_=round_, user=user, action=LogAction.TOP_CUT_PAIRED,
                      message=LogText(gettext_lazy("Cut to top %(n)d: round %(round)d paired."),
                                      {"n": event.top_cut, "round": round_.number}))
    event_bump_version(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.TOP_CUT, round=round_.pk)
    return round_


@transaction.atomic
def topcut_advance(*, event: Event, user=None) -> Round | None:
    """Pair the next playoff round once every match of the current one has a counting result.

    Returns the new round, or None when the final is decided (the event is then finished).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_require_open(event_id=event.pk)
    if event.status != EventStatus.TOP_CUT:
        raise ValidationError(_("The top cut has not started."))
    current = event.rounds.filter(kind=RoundKind.PLAYOFF).order_by("-number").first()
    topcut_award_dropped(event_id=event.pk)
    if current.matches.exclude(result_state__in=COUNTING_STATES).exists():
        raise ValidationError(_("The current top-cut round still waits for results."))
    try:
        bracket = bracket_for_event(event=event)
    except TopCutError as exc:
        raise ValidationError(str(exc)) from exc
    current.is_finished = True
    current.save(update_fields=["is_finished"])
    if bracket.champion is not None:
        event_finish(event=event)
        return None
    round_ = _write_playoff_round(event=event, number=current.number + 1, matches=bracket.next_matches)
    round_pairing_log(round_=round_, user=user, action=LogAction.TOP_CUT_PAIRED,
                      message=LogText(gettext_lazy("Top cut: round %(round)d paired."), {"round": round_.number}))
    event_bump_version(event_id=event.pk)
    domain_event_send(event_id=event.pk, kind=DomainEvent.ROUND_PAIRED, round=round_.pk)
    return round_
