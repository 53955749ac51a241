"""The judges' writes: deck checks, penalties (applied to a match result or disqualifying the team) and their entries
in the event's log. Every function checks that the user judges the event (tournaments.rights) and writes all
or nothing."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotAllowed
from common.textlist import text_list
from judging.enums import DeckCheckResult, Infraction, PenaltyKind, RESULT_PENALTIES
from judging.models import DeckCheck, Penalty
from tournaments.models import Player, Registration, Round, SeatMatch, StaffRole, TeamMatch
from tournaments.rights import may_judge_event, may_manage_staff
from tournaments.logtext import LogText
from tournaments.services.eventlog import LogAction, event_log_record, round_label
from tournaments.services.locks import event_lock, match_lock
from tournaments.services.staff import event_staff_remove, event_staff_set, staff_user_by_name
from tournaments.services.registrations import registration_disqualify
from tournaments.services.results import SeatGames, SharedGames, team_match_record_final


def _require_judge(*, user, event) -> None:
    if not may_judge_event(user, event):
        raise NotAllowed(_("Only a judge of this event can do this."))


def _check_round(*, round_: Round | None, registration: Registration) -> None:
    if round_ is not None and round_.event_id != registration.event_id:
        raise ValidationError({"round": _("That round belongs to another event.")})


def _round_name(round_: Round | None) -> LogText:
    return round_label(round_) if round_ is not None else LogText(gettext_lazy("before round 1"))


@transaction.atomic
def deck_check_record(
    *, registration: Registration, judge, result: str, note: str = "", round_: Round | None = None
) -> DeckCheck:
    """Record that `judge` checked the team's decklists against its decks in `round_` (None: before round 1):
    OK, or a problem found, which needs a note saying what. Logged in the event's log."""
    registration = Registration.objects.select_related("event", "team").get(pk=registration.pk)
    _require_judge(user=judge, event=registration.event)
    if result not in DeckCheckResult.values:
        raise ValidationError({"result": _("Choose the result of the deck check: OK or problem found.")})
    _check_round(round_=round_, registration=registration)
    note = (note or "").strip()
    if result == DeckCheckResult.PROBLEM and not note:
        raise ValidationError({"note": _("Say in the note what the deck check found.")})
    check = DeckCheck.objects.create(
        event=registration.event,
        registration=registration,
        round=round_,
        result=result,
        note=note[:4000],
        judge=judge,
    )
    event_log_record(
        event=registration.event,
        user=judge,
        action=LogAction.DECK_CHECK,
        registration=registration,
        round_number=round_.number if round_ else None,
        message=LogText(
            gettext_lazy("Deck check of %(team)s (%(round)s): %(result)s. %(note)s"),
            {
                "team": registration.team.name,
                "round": _round_name(round_),
                "result": DeckCheckResult(result).label,
                "note": note,
            },
        ),
        data={"team": registration.pk, "round": round_.number if round_ else None, "result": result, "note": note},
    )
    return check


@transaction.atomic
def penalty_record(
    *,
    registration: Registration,
    player: Player,
    judge,
    infraction: str,
    penalty: str,
    note: str = "",
    round_: Round | None = None,
    apply_to_result: bool = False,
) -> Penalty:
    """Record an infraction and its penalty (the IPG's names) for `player` of the team in `round_`.

    With `apply_to_result`, a Game Loss or Match Loss changes that round's match result at once (penalty_apply).
    A Disqualification disqualifies the team (MTR 8.2) through registration_disqualify. Logged in the event's log.
    Refused with ValidationError, nothing written, for a player not on the team, a round of another event, an
    unknown infraction or penalty, a penalty that can't be applied, or a team already disqualified.
    """
    registration = Registration.objects.select_related("event", "team").get(pk=registration.pk)
    if apply_to_result or penalty == PenaltyKind.DISQUALIFICATION:
        # It changes a result or the pairings: the event's lock comes first (tournaments/services/locks.py), before
        # the penalty's row refers to the event and round.
        registration.event = event_lock(event_id=registration.event_id)
    event = registration.event
    _require_judge(user=judge, event=event)
    if infraction not in Infraction.values:
        raise ValidationError({"infraction": _("Choose the infraction from the list.")})
    if penalty not in PenaltyKind.values:
        raise ValidationError({"penalty": _("Choose the penalty: Warning, Game Loss, Match Loss or Disqualification.")})
    if not registration.seats.filter(player=player).exists():
        raise ValidationError(
            {
                "player": _("%(player)s is not on team %(team)s.")
                % {"player": player.name, "team": registration.team.name}
            }
        )
    _check_round(round_=round_, registration=registration)
    note = (note or "").strip()
    if infraction == Infraction.OTHER and not note:
        raise ValidationError({"note": _("Say in the note what the infraction was.")})
    if apply_to_result and penalty not in RESULT_PENALTIES:
        raise ValidationError({"penalty": _("Only a Game Loss or a Match Loss changes a match result.")})
    record = Penalty.objects.create(
        event=event,
        registration=registration,
        player=player,
        round=round_,
        infraction=infraction,
        penalty=penalty,
        note=note[:4000],
        judge=judge,
    )
    event_log_record(
        event=event,
        user=judge,
        action=LogAction.PENALTY,
        registration=registration,
        round_number=round_.number if round_ else None,
        message=LogText(
            gettext_lazy("%(player)s (%(team)s, %(round)s): %(penalty)s for %(infraction)s. %(note)s"),
            {
                "player": player.name,
                "team": registration.team.name,
                "round": _round_name(round_),
                "penalty": PenaltyKind(penalty).label,
                "infraction": Infraction(infraction).label,
                "note": note,
            },
        ),
        data={
            "penalty_id": record.pk,
            "team": registration.pk,
            "player": player.pk,
            "round": round_.number if round_ else None,
            "infraction": infraction,
            "penalty": penalty,
            "note": note,
        },
    )
    if penalty == PenaltyKind.DISQUALIFICATION:
        reason = f"{record.get_infraction_display()}" + (f": {note}" if note else "")
        registration_disqualify(registration=registration, reason=reason, user=judge, player=player)
    if apply_to_result:
        penalty_apply(penalty=record, judge=judge)
    return record


def _penalized_match(penalty: Penalty) -> tuple[TeamMatch, str]:
    """The team match of the penalty's round the player's team plays in, and the team's side (A or B)."""
    if penalty.round_id is None:
        raise ValidationError({"round": _("Give the round of the penalty to apply it to that round's match.")})
    match_id = (
        TeamMatch.objects.filter(
            Q(team_a_id=penalty.registration_id) | Q(team_b_id=penalty.registration_id),
            round_id=penalty.round_id,
        )
        .values_list("pk", flat=True)
        .first()
    )
    match = None if match_id is None else match_lock(match_id=match_id)
    if match is None:
        raise ValidationError(
            {
                "round": _("%(team)s has no match in %(round)s.")
                % {"team": penalty.registration.team.name, "round": penalty.round.name}
            }
        )
    if match.is_bye:
        raise ValidationError(
            {
                "round": _("%(team)s has a bye in %(round)s: there is no result to change.")
                % {"team": penalty.registration.team.name, "round": penalty.round.name}
            }
        )
    return match, ("A" if match.team_a_id == penalty.registration_id else "B")


def _add_loss(*, mine: int, theirs: int, needed: int, match_loss: bool) -> tuple[int, int]:
    """The games after a Game Loss (the opponent wins one more game) or a Match Loss (recorded 0-2, IPG 1.x),
    from the penalized player's side; refused when a Game Loss comes after the match was decided."""
    if match_loss:
        return 0, needed
    if theirs >= needed or mine >= needed:
        raise ValidationError(
            {
                "penalty": _(
                    "This match is already decided: a Game Loss can't change it. "
                    "Record it for the next round, or give a Match Loss."
                )
            }
        )
    return mine, theirs + 1


@transaction.atomic
def penalty_apply(*, penalty: Penalty, judge) -> TeamMatch:
    """Apply a Game Loss or Match Loss to the result of the penalty's round: the player's opponent wins one more
    game, or the match 2-0; the result becomes final at once (team_match_record_final, which logs a change to a
    result that already counted). Seat-against-seat matches need every other seat's result first: the penalty
    changes one seat's games, not the others'."""
    event_lock(event_id=Penalty.objects.values_list("event_id", flat=True).get(pk=penalty.pk))  # the event first
    penalty = (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("registration__team", "round", "event", "player")
        .get(pk=penalty.pk)
    )
    _require_judge(user=judge, event=penalty.event)
    if penalty.penalty not in RESULT_PENALTIES:
        raise ValidationError({"penalty": _("Only a Game Loss or a Match Loss changes a match result.")})
    if penalty.applied_to_id is not None:
        raise ValidationError({"penalty": _("This penalty is already applied to the match result.")})
    match, side = _penalized_match(penalty)
    event = match.round.event
    match_loss = penalty.penalty == PenaltyKind.MATCH_LOSS
    if event.is_shared_game:
        needed = event.shared_games_per_match // 2 + 1
        wins = {"A": match.games_won_a, "B": match.games_won_b} if match.outcome else {"A": 0, "B": 0}
        other = "B" if side == "A" else "A"
        wins[side], wins[other] = _add_loss(mine=wins[side], theirs=wins[other], needed=needed, match_loss=match_loss)
        match = team_match_record_final(
            match=match,
            user=judge,
            games=SharedGames(wins_a=wins["A"], wins_b=wins["B"], draws=0 if match_loss else match.games_drawn),
        )
    else:
        letter = penalty.registration.seats.get(player=penalty.player).letter
        rows = {s.letter: s for s in SeatMatch.objects.filter(team_match=match)}
        missing = [x for x in event.seat_letters if x not in rows and x != letter]
        if missing:
            raise ValidationError(
                {
                    "penalty": _(
                        "Table %(table)d has no result yet for seat(s) %(seats)s: enter the match's result first, then "
                        "apply the penalty."
                    )
                    % {"table": match.table, "seats": text_list(missing, conjunction=False)}
                }
            )
        seats = []
        for x in event.seat_letters:
            row = rows.get(x)
            wins_a, wins_b, draws = (row.wins_a, row.wins_b, row.draws) if row else (0, 0, 0)
            if x == letter:
                mine, theirs = (wins_a, wins_b) if side == "A" else (wins_b, wins_a)
                mine, theirs = _add_loss(mine=mine, theirs=theirs, needed=2, match_loss=match_loss)
                wins_a, wins_b = (mine, theirs) if side == "A" else (theirs, mine)
                if match_loss:
                    draws = 0
            seats.append(SeatGames(letter=x, wins_a=wins_a, wins_b=wins_b, draws=draws))
        match = team_match_record_final(match=match, user=judge, seats=seats)
    penalty.applied_to = match
    penalty.save(update_fields=["applied_to"])
    event_log_record(
        event=event,
        user=judge,
        action=LogAction.PENALTY_APPLIED,
        match=match,
        registration=penalty.registration,
        message=LogText(
            gettext_lazy("%(penalty)s for %(player)s applied to %(round)s, table %(table)d."),
            {
                "penalty": PenaltyKind(penalty.penalty).label,
                "player": penalty.player.name,
                "round": round_label(match.round),
                "table": match.table,
            },
        ),
        data={"penalty_id": penalty.pk, "match": match.pk},
    )
    return match


def event_judges(*, event):
    """The accounts in the judge role at the event, by username."""
    return (
        get_user_model()
        .objects.filter(event_roles__event=event, event_roles__role=StaffRole.JUDGE)
        .order_by("username")
    )


def event_judge_add(*, event, username: str, by):
    """Whoever runs the event makes the account `username` a judge of it (tournaments.services.staff). Refused with
    NotAllowed for anyone else, with ValidationError for an unknown account."""
    if not may_manage_staff(by, event):
        raise NotAllowed(_("Only the organizer can choose the event's judges."))
    try:
        user = staff_user_by_name(username=username)
    except ValidationError as exc:
        raise ValidationError({"username": exc.messages}) from exc
    event_staff_set(event=event, user=user, role=StaffRole.JUDGE, by=by)
    return user


def event_judge_remove(*, event, user, by) -> None:
    """Whoever runs the event takes `user` off the event's judges (their records stay)."""
    if not may_manage_staff(by, event):
        raise NotAllowed(_("Only the organizer can choose the event's judges."))
    event_staff_remove(event=event, user=user, by=by)
