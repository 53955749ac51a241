"""The top cut: a single-elimination playoff of the top 2 to 32 Swiss teams (RULES.md 4); and an event that is a
single-elimination bracket from round 1 (elimination_start, issue 42)."""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.enums import COUNTING_STATES, BracketSeeding, EventStatus, Outcome, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import Event, Registration, Round, TeamMatch
from tournaments.selectors.rounds import round_latest
from tournaments.selectors.topcut import bracket_for_event, topcut_seeds
from tournaments.services.events import event_finish
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.services.eventlog import LogAction
from tournaments.services.pairing import (
    multiplayer_refuses_two_player_pairing,
    round_pairing_log,
    round_seat_draft_tables,
)
from tournaments.services.publishing import round_paired_announce, round_publication
from tournaments.seeding import seeding_team_ratings
from tournaments.services.errors import StateConflict
from tournaments.topcut import TopCutError, bracket_size, bracket_state, elimination_seeds


def _write_playoff_round(*, event: Event, number: int, matches, byes=(), seed: int = 0) -> Round:
    round_ = Round.objects.create(
        event=event, number=number, kind=RoundKind.PLAYOFF, seed=seed, published_at=round_publication(event=event)
    )
    TeamMatch.objects.bulk_create(
        [
            TeamMatch(round=round_, table=table, team_a_id=m.team_a, team_b_id=m.team_b)
            for table, m in enumerate(matches, start=1)
        ]
        + [  # a single-elimination event's first-round byes: a win, shown like a Swiss bye
            TeamMatch(
                round=round_,
                table=table,
                team_a_id=m.winner,
                team_b_id=None,
                outcome=Outcome.A_WINS,
                result_state=ResultState.FINAL,
            )
            for table, m in enumerate(byes, start=len(matches) + 1)
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
        round__event_id=event_id,
        round__kind=RoundKind.PLAYOFF,
        result_state=ResultState.PENDING,
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
    multiplayer_refuses_two_player_pairing(event=event)
    if event.is_single_elimination:
        raise ValidationError(_("This event is single elimination from round 1: it has no Swiss rounds to cut from."))
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
    round_pairing_log(
        round_=round_,
        user=user,
        action=LogAction.TOP_CUT_PAIRED,
        message=LogText(
            gettext_lazy("Cut to top %(n)d: round %(round)d paired."), {"n": event.top_cut, "round": round_.number}
        ),
    )
    event_bump_version(event_id=event.pk)
    round_paired_announce(round_=round_)
    return round_


def _kept_seeding(*, event: Event, field: list[int]) -> list[int] | None:
    """The seeding a taken-back round 1 kept (its order among the active `field`, new entrants last), or None."""
    seeded = dict(
        Registration.objects.filter(event=event, pk__in=field, topcut_seed__isnull=False).values_list(
            "id", "topcut_seed"
        )
    )
    if not seeded:
        return None
    return sorted(seeded, key=seeded.get) + sorted(set(field) - set(seeded))


@transaction.atomic
def elimination_start(*, event: Event, user=None, order: list[int] | None = None, seed: int | None = None) -> Round:
    """Seed a single-elimination event (issue 42) and pair its first round: the active teams seeded by the
    event's method (rating, the organizer's `order` of registration ids, else the order they were entered, or
    random from `seed`), the bracket the
    next power of two with the byes to the top seeds (1 v 16, 8 v 9 ... as the MTR's bracket), each bye a win.

    Round 1 taken back (round_take_back) keeps the seeds: without a new `order`, round 1 is paired again in the
    seeding kept, the entrants who dropped since left out (the others move up) and any new entrant seeded last.

    Refused (nothing written) for an event that is not single elimination or has rounds already, with fewer than
    two active teams, or with a seed list that is not the field (the message says which teams).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    event_require_open(event_id=event.pk)
    if not event.is_single_elimination:
        raise ValidationError(_("This event plays Swiss rounds; its top cut starts after them."))
    if event.rounds.exists():
        raise StateConflict(_("The bracket has already started."))
    field = list(Registration.objects.filter(event=event, dropped_round__isnull=True).values_list("id", flat=True))
    if len(field) < 2:
        raise ValidationError(
            _("At least two active entrants are needed to start the bracket (%(n)d active).") % {"n": len(field)}
        )
    seed = secrets.randbits(62) if seed is None else seed
    kept = _kept_seeding(event=event, field=field) if order is None else None
    method = BracketSeeding.LIST if kept else event.bracket_seeding
    if kept:
        order = kept
    elif order is None and event.bracket_seeding == BracketSeeding.LIST:
        order = sorted(field)  # no list sent: the order they were entered (a team list imports seed 1 first)
    try:
        seeds = elimination_seeds(
            field,
            method=method,
            seed=seed,
            listed=order,
            ratings=seeding_team_ratings(event=event) if event.bracket_seeding == BracketSeeding.RATING else None,
        )
        size = bracket_size(len(seeds))
        bracket = bracket_state(standings_order=seeds, size=size, byes=True)
    except TopCutError as exc:
        raise ValidationError(
            {"order": str(exc)} if event.bracket_seeding == BracketSeeding.LIST else str(exc)
        ) from exc
    Registration.objects.filter(event=event, topcut_seed__isnull=False).update(topcut_seed=None)  # kept ones move up
    for place, registration_id in enumerate(seeds, start=1):
        Registration.objects.filter(pk=registration_id).update(topcut_seed=place)
    event.top_cut, event.status = size, EventStatus.TOP_CUT
    event.save(update_fields=["top_cut", "status"])
    # Round 1's own matches only: with byes, a round-2 match of two seeds with byes is ready at once (2 v 3 of 5
    # players), and is played in round 2 like the others.
    round_ = _write_playoff_round(
        event=event,
        number=1,
        matches=[m for m in bracket.rounds[0] if m.ready],
        seed=seed,
        byes=[m for m in bracket.rounds[0] if m.bye],
    )
    message = (
        gettext_lazy("Single-elimination bracket of %(n)d paired again in the seeding it kept: round 1 paired.")
        if kept
        else gettext_lazy("Single-elimination bracket of %(n)d seeded: round 1 paired.")
    )
    round_pairing_log(
        round_=round_, user=user, action=LogAction.TOP_CUT_PAIRED, message=LogText(message, {"n": len(seeds)})
    )
    event_bump_version(event_id=event.pk)
    round_paired_announce(round_=round_)
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
    current = round_latest(event=event, kind=RoundKind.PLAYOFF)
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
    round_pairing_log(
        round_=round_,
        user=user,
        action=LogAction.TOP_CUT_PAIRED,
        message=LogText(gettext_lazy("Top cut: round %(round)d paired."), {"round": round_.number}),
    )
    event_bump_version(event_id=event.pk)
    round_paired_announce(round_=round_)
    return round_
