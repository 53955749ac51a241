"""Result entry: a team reports, the other team confirms or disputes, the organizer enters or corrects (final).

Only confirmed and final results count in the standings. Every write locks the one TeamMatch row it changes and
bumps the event's scoreboard version, so scoreboards (ETags, live pages) see every change.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.refusals import NotFound
from common.textlist import text_list
from tournaments import scoring
from tournaments.entry import EntryError, parse_seats, parse_shared
from tournaments.enums import EventStatus, Outcome, ResultState, RoundKind
from tournaments.logtext import LogText
from tournaments.models import SeatMatch, TeamMatch
from tournaments.selectors.matches import match_user_side
from tournaments.services.daytwo import event_day2_cut_after_correction
from tournaments.services.eventlog import LogAction, event_log_record, round_label
from tournaments.services.locks import match_lock
from tournaments.services.publishing import round_require_published
from tournaments.services.scoreboard import event_bump_version, event_require_open
from tournaments.signals import DomainEvent, domain_event_send


@dataclass(frozen=True)
class SeatGames:
    """One seat's individual match, games counted from team A's side."""

    letter: str
    wins_a: int
    wins_b: int
    draws: int = 0


@dataclass(frozen=True)
class SharedGames:
    """A shared-game match's games (Two-Headed Giant, Three-Headed Serpent), counted from team A's side."""

    wins_a: int
    wins_b: int
    draws: int = 0


def typed_result_read(*, event, text: str) -> tuple[list[SeatGames], SharedGames | None]:
    """(seats, games) of a result typed at the desk or sent as the API's `result` (tournaments.entry), games from
    team A's side: one entry per seat, or a shared-game match's games. Raises ValidationError (an EntryError's
    message) for text that is no result."""
    try:
        if event.is_shared_game:
            return [], SharedGames(*parse_shared(text, best_of=event.shared_games_per_match))
        return [
            SeatGames(letter=s.letter, wins_a=s.wins_a, wins_b=s.wins_b, draws=s.draws)
            for s in parse_seats(text, event.seat_letters)
        ], None
    except EntryError as exc:
        raise ValidationError(str(exc)) from exc


class NotYourMatch(NotFound):
    """The user is not on either team of the match. Views answer 404, so a match's existence doesn't leak."""

    def api_message(self) -> str:
        """Only that there is no such match: "not yours" would tell that it exists."""
        return _("No such match in this event.")


def _score(*, match: TeamMatch, seats: Sequence[SeatGames], games: SharedGames | None) -> scoring.TeamMatchResult:
    event = match.round.event
    try:
        if event.is_shared_game:
            if games is None:
                raise ValidationError(_("Give the games each team won in this shared-game match."))
            best_of = event.shared_games_per_match
            needed = best_of // 2 + 1
            # Order doesn't matter to the outcome; the loser's wins come first so the deciding game is last.
            first, last = ("B", "A") if games.wins_a >= games.wins_b else ("A", "B")
            counts = {"A": games.wins_a, "B": games.wins_b}
            sequence = ["D"] * games.draws + [first] * counts[first] + [last] * counts[last]
            return scoring.score_shared_game(sequence, finished=needed in counts.values(), best_of=best_of)
        by_letter = {s.letter: s for s in seats}
        letters = event.seat_letters
        if set(by_letter) != set(letters) or len(seats) != len(letters):
            raise ValidationError(
                _("Give a result for every seat (%(seats)s), each once.")
                % {"seats": text_list(letters, conjunction=False)}
            )
        return scoring.score_seat_against_seat(
            [(by_letter[x].wins_a, by_letter[x].wins_b, by_letter[x].draws) for x in letters]
        )
    except scoring.ScoringError as exc:
        raise ValidationError(str(exc)) from exc


def team_match_check(*, match: TeamMatch, seats: Sequence[SeatGames] = (), games: SharedGames | None = None) -> str:
    """Score the games without writing anything; return the judge's one-line explanation.

    Raises ValidationError with the reason when the games can't have happened or are incomplete.
    """
    result = _score(match=match, seats=seats, games=games)
    if match.round.kind == RoundKind.PLAYOFF and result.outcome == scoring.TeamMatchOutcome.DRAW:
        raise ValidationError(
            _("A top-cut match can't end in a draw (%(why)s): the teams play on until one of them wins.")
            % {"why": result.explain()}
        )
    return result.explain()


def _store(*, match: TeamMatch, seats: Sequence[SeatGames], games: SharedGames | None) -> None:
    team_match_check(match=match, seats=seats, games=games)
    result = _score(match=match, seats=seats, games=games)
    match.outcome = Outcome(result.outcome.value)
    if games is not None and match.round.event.is_shared_game:
        match.games_won_a, match.games_won_b, match.games_drawn = games.wins_a, games.wins_b, games.draws
    else:
        SeatMatch.objects.filter(team_match=match).delete()
        SeatMatch.objects.bulk_create(
            [
                SeatMatch(team_match=match, letter=s.letter, wins_a=s.wins_a, wins_b=s.wins_b, draws=s.draws)
                for s in seats
            ]
        )


def _locked(match: TeamMatch) -> TeamMatch:
    """The match locked (the event, its round, then the match: tournaments/services/locks.py), refused while its
    round's pairings are a draft players haven't seen (issue 53)."""
    match = match_lock(match_id=match.pk)
    round_require_published(round_=match.round)
    return match


def _event_open_check(match: TeamMatch) -> None:
    """Players report, confirm and dispute only while the event runs; after it, only the organizer corrects."""
    if match.round.event.status == EventStatus.FINISHED:
        raise ValidationError(
            _(
                "This event is finished: results can no longer be reported, confirmed or disputed. "
                "Ask the organizer to correct a result."
            )
        )


@transaction.atomic
def team_match_report(
    *, match: TeamMatch, user, seats: Sequence[SeatGames] = (), games: SharedGames | None = None
) -> TeamMatch:
    """A member of either team reports the match's games; the other team must then confirm or dispute.

    Refused with NotYourMatch when the user plays on neither team, and with ValidationError (nothing written)
    for a bye, a finished event or round, a result already reported, or games that can't have happened.
    """
    match = _locked(match)
    if match_user_side(match=match, user=user) is None:
        raise NotYourMatch(_("This is not your match."))
    if match.is_bye:
        raise ValidationError(_("A bye needs no result: it counts as a win."))
    _event_open_check(match)
    if match.round.is_finished:
        raise ValidationError(
            _("Round %(n)d is over; ask the organizer to correct a result.") % {"n": match.round.number}
        )
    if match.result_state != ResultState.PENDING:
        raise ValidationError(
            _("This result was already reported (%(state)s). Confirm or dispute it instead.")
            % {"state": match.get_result_state_display()}
        )
    before = _result_state(match)
    _store(match=match, seats=seats, games=games)
    match.result_state = ResultState.REPORTED
    match.reported_by, match.reported_at = user, timezone.now()
    match.save()
    _result_log(
        match=match,
        user=user,
        action=LogAction.RESULT_REPORTED,
        before=before,
        message=gettext_lazy("%(round)s, table %(table)d: result %(result)s reported."),
    )
    event_bump_version(event_id=match.round.event_id, matches=(match.pk,))
    return match


def _waiting_report_check(*, match: TeamMatch, user, by_reporter: bool, not_waiting: str, wrong_team: str) -> None:
    """Refuses unless the user plays in the match, the event is open, a report waits for an answer and the user is
    on the reporting team (by_reporter) or on the other one; `not_waiting` takes the result's state as %(state)s."""
    side = match_user_side(match=match, user=user)
    if side is None:
        raise NotYourMatch(_("This is not your match."))
    _event_open_check(match)
    if match.result_state != ResultState.REPORTED:
        raise ValidationError(not_waiting % {"state": match.get_result_state_display()})
    reporter_side = match_user_side(match=match, user=match.reported_by) if match.reported_by else None
    if (reporter_side == side) != by_reporter:
        raise ValidationError(wrong_team)


def _other_team_check(*, match: TeamMatch, user) -> None:
    _waiting_report_check(
        match=match,
        user=user,
        by_reporter=False,
        not_waiting=_("There is no report waiting for confirmation (the result is %(state)s)."),
        wrong_team=_("Your team reported this result: a member of the other team confirms it."),
    )


@transaction.atomic
def team_match_confirm(*, match: TeamMatch, user) -> TeamMatch:
    """A member of the other team confirms the report; the result then counts in the standings. Refused (with
    the reason) once the event is finished."""
    match = _locked(match)
    _other_team_check(match=match, user=user)
    before = _result_state(match)
    match.result_state = ResultState.CONFIRMED
    match.confirmed_by, match.confirmed_at = user, timezone.now()
    match.save()
    _result_log(
        match=match,
        user=user,
        action=LogAction.RESULT_CONFIRMED,
        before=before,
        message=gettext_lazy("%(round)s, table %(table)d: result %(result)s confirmed."),
    )
    event_bump_version(event_id=match.round.event_id, matches=(match.pk,))
    domain_event_send(event_id=match.round.event_id, kind=DomainEvent.RESULT_FINAL, match=match.pk)
    return match


@transaction.atomic
def team_match_dispute(*, match: TeamMatch, user, note: str = "") -> TeamMatch:
    """A member of the other team disputes the report, saying what is wrong (the note is required); it goes to
    the organizer's list of disputes. Refused (with the reason) once the event is finished."""
    match = _locked(match)
    _other_team_check(match=match, user=user)
    note = (note or "").strip()
    if not note:
        raise ValidationError(_("Say what is wrong with the report: the organizer settles the dispute from your note."))
    before = _result_state(match)
    match.result_state = ResultState.DISPUTED
    match.dispute_note = note[:2000]
    match.save()
    _result_log(
        match=match,
        user=user,
        action=LogAction.RESULT_DISPUTED,
        before=before,
        extra={"note": match.dispute_note},
        message=gettext_lazy("%(round)s, table %(table)d: result %(result)s disputed: %(note)s"),
    )
    event_bump_version(event_id=match.round.event_id, matches=(match.pk,))
    return match


@transaction.atomic
def team_match_correct_report(
    *, match: TeamMatch, user, seats: Sequence[SeatGames] = (), games: SharedGames | None = None
) -> TeamMatch:
    """The reporting team corrects its own report while the other team has not answered it yet (a mis-tap
    fixed before it counts). Refused once confirmed or disputed, for the other team, and for players of neither
    team (NotYourMatch); the games are checked as for a report."""
    match = _locked(match)
    _waiting_report_check(
        match=match,
        user=user,
        by_reporter=True,
        not_waiting=_("Only a report still waiting for confirmation can be corrected (the result is %(state)s)."),
        wrong_team=_("The other team reported this result: confirm it or dispute it with a note."),
    )
    before = _result_state(match)
    _store(match=match, seats=seats, games=games)
    match.reported_by, match.reported_at = user, timezone.now()
    match.save()
    _result_log(
        match=match,
        user=user,
        action=LogAction.RESULT_REPORT_CORRECTED,
        before=before,
        message=gettext_lazy("%(round)s, table %(table)d: the report was corrected to %(result)s."),
    )
    event_bump_version(event_id=match.round.event_id, matches=(match.pk,))
    return match


@transaction.atomic
def team_match_record_final(
    *, match: TeamMatch, user, seats: Sequence[SeatGames] = (), games: SharedGames | None = None
) -> TeamMatch:
    """The organizer (or a scorekeeper) enters or corrects a result; it is final and counts at once.

    Every entry goes into the event's log with the result before and after: a first result entered as final, a
    report or dispute settled, and a result that already counted (confirmed or final) changed. Entering the same
    final result again writes nothing."""
    match = _locked(match)
    if match.is_bye:
        raise ValidationError(_("A bye needs no result: it counts as a win."))
    event_require_open(event_id=match.round.event_id)
    before = _result_state(match)
    _store(match=match, seats=seats, games=games)
    match.result_state = ResultState.FINAL
    match.confirmed_by, match.confirmed_at = user, timezone.now()
    if match.reported_by_id is None:
        match.reported_by, match.reported_at = user, match.confirmed_at
    match.save()
    counted = before["state"] in (ResultState.CONFIRMED, ResultState.FINAL)
    if not counted:
        _result_log(
            match=match,
            user=user,
            action=LogAction.RESULT_FINAL,
            before=before,
            message=gettext_lazy("%(round)s, table %(table)d: result %(result)s entered as final."),
        )
    elif _result_text(match) != before["result"]:
        _result_log(
            match=match,
            user=user,
            action=LogAction.RESULT_CORRECTED,
            before=before,
            extra={"before": before["result"], "after": _result_text(match)},
            message=gettext_lazy("%(round)s, table %(table)d: the result %(before)s was changed to %(after)s."),
        )
        if match.round.kind == RoundKind.SWISS:
            # A result the Day 2 cut was made from: the cut follows it while Day 2 isn't paired.
            event_day2_cut_after_correction(event=match.round.event, round_number=match.round.number, user=user)
    event_bump_version(event_id=match.round.event_id, matches=(match.pk,))
    domain_event_send(event_id=match.round.event_id, kind=DomainEvent.RESULT_FINAL, match=match.pk)
    return match


def _result_state(match: TeamMatch) -> dict:
    """The match's result as the log keeps it: its state and (once one is stored) the result in one line."""
    return {
        "state": match.result_state,
        "result": _result_text(match) if match.result_state != ResultState.PENDING else None,
    }


def _result_log(*, match: TeamMatch, user, action: str, message, before: dict, extra: dict | None = None) -> None:
    """One result state change in the event log, with the state and result before and after."""
    after = _result_state(match)
    round_ = match.round
    event_log_record(
        event=round_.event,
        user=user,
        action=action,
        match=match,
        message=LogText(
            message, {"round": round_label(round_), "table": match.table, "result": after["result"], **(extra or {})}
        ),
        before=before,
        after=after,
        data={"match": match.pk, "round": round_.number, "table": match.table},
    )


def _result_text(match: TeamMatch) -> str:
    """A match's stored result in one line, for the log: "A 2-1, B 0-2 (A)" or "2-1 (A)" for a shared game; in an
    individual event the players by name, "Ann Lee 2-1 Ben Ota" (nobody there is told which side is A)."""
    event = match.round.event
    if event.is_individual and not event.is_shared_game and match.team_b_id is not None:
        seat = SeatMatch.objects.filter(team_match=match).first()
        won, lost, drawn = (
            (seat.wins_a, seat.wins_b, seat.draws)
            if seat is not None
            else (match.games_won_a, match.games_won_b, match.games_drawn)
        )
        games = f"{won}-{lost}" + (f"-{drawn}" if drawn else "")
        if seat is None and not (won or lost or drawn):
            games = {"A": "1-0", "B": "0-1"}.get(match.outcome, "0-0-3")
        return f"{match.team_a.team.name} {games} {match.team_b.team.name}"
    if event.is_shared_game:
        games = f"{match.games_won_a}-{match.games_won_b}" + (f"-{match.games_drawn}" if match.games_drawn else "")
    else:
        games = ", ".join(
            f"{s.letter} {s.wins_a}-{s.wins_b}" + (f"-{s.draws}" if s.draws else "")
            for s in SeatMatch.objects.filter(team_match=match).order_by("letter")
        )
    return f"{games} ({match.outcome})"
