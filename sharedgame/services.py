"""Writes of live life and poison: a change, its undo, the next game, and carrying the result into the match report.

Every write locks the one GameState row of the game it changes (select_for_update inside a short transaction),
then reads the totals again, so two phones tapping the same total at once both count: the second waits for the
first and adds to its result. Locks are always taken game row first, then the match row (team_match_report), so
reporting and tapping can't deadlock. See docs/sharedgame.md.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from sharedgame import rules
from sharedgame.models import GameState, LifeChange
from tournaments.enums import ResultState
from tournaments.selectors.matches import match_user_side
from tournaments.models import TeamMatch
from tournaments.rights import may_run_event
from tournaments.services.results import NotYourMatch, SharedGames, team_match_report


class ChangeRefused(ValidationError):
    """A change, undo or report that can't be made now; the message says why."""


def shared_game_user_side(*, match: TeamMatch, user) -> str | None:
    """'A' or 'B' when the user plays on that team of the match, else None."""
    return match_user_side(match=match, user=user)


def shared_game_may_change(*, match: TeamMatch, user) -> bool:
    """Only members of the two teams and the organizer change a match's totals."""
    return shared_game_user_side(match=match, user=user) is not None or may_run_event(user, match.round.event)


def _loaded(match: TeamMatch) -> TeamMatch:
    return TeamMatch.objects.select_related("round__event").get(pk=match.pk)


def _check_playable(match: TeamMatch, user) -> None:
    if not shared_game_may_change(match=match, user=user):
        raise NotYourMatch(_("This is not your match."))
    if not match.round.event.is_shared_game:
        raise ChangeRefused(_("This match is seat against seat; it has no shared life total."))
    if match.is_bye:
        raise ChangeRefused(_("A bye has no game to keep totals for."))


def _check_open(match_id: int) -> None:
    # Read after the game lock is held: a report that took the lock first is committed and seen here.
    state = TeamMatch.objects.filter(pk=match_id).values_list("result_state", flat=True).get()
    if state != ResultState.PENDING:
        raise ChangeRefused(_("The match result is reported; the totals can't change any more."))


def _new_game(match: TeamMatch, number: int) -> GameState:
    event = match.round.event
    try:
        life, poison = rules.starting_totals(
            structure=event.structure, team_size=event.team_size, life=event.shared_life, poison=event.shared_poison
        )
    except rules.TotalsError as exc:
        raise ChangeRefused(str(exc)) from exc
    state, _created = GameState.objects.get_or_create(
        match=match,
        number=number,
        defaults={"starting_life": life, "poison_limit": poison, "life_a": life, "life_b": life},
    )
    return state


def _locked_current(match: TeamMatch, game: int) -> GameState:
    """The match's latest game, locked, after checking it is the game the phone shows (`game`).

    Game 1 starts with the first change made to it, so just looking at a match writes nothing.
    """
    latest = GameState.objects.filter(match=match).order_by("-number").values_list("number", flat=True).first()
    if latest is None and game == 1:
        _new_game(match, 1)
        latest = 1
    if latest != game:
        raise ChangeRefused(
            _("Game %(game)d is not being played (the current game is %(latest)s); reload the page.")
            % {"game": game, "latest": latest or 1}
        )
    return GameState.objects.select_for_update().get(match=match, number=game)


def _totals(state: GameState) -> rules.Totals:
    return rules.Totals(state.life_a, state.poison_a, state.life_b, state.poison_b, state.poison_limit)


def _store(state: GameState, totals: rules.Totals) -> None:
    state.life_a, state.poison_a, state.life_b, state.poison_b = (
        totals.life_a,
        totals.poison_a,
        totals.life_b,
        totals.poison_b,
    )
    state.winner = rules.game_outcome(totals) or ""
    state.version += 1
    state.save(update_fields=["life_a", "poison_a", "life_b", "poison_b", "winner", "version", "updated_at"])


@transaction.atomic
def life_change_apply(*, match: TeamMatch, user, game: int, team: str, life: int = 0, poison: int = 0) -> LifeChange:
    """Change one team's life and poison in the current game, recorded with who and when; return the change.

    Concurrent changes to the same game are applied one after the other, each to the totals the previous one left.
    A team at 0 life or at the poison limit has lost the game (GameState.winner). Raises NotYourMatch for a user
    on neither team who doesn't run the event, ChangeRefused for a change that can't be made (a game that isn't
    the current one, a reported match, poison below 0, an empty change).
    """
    match = _loaded(match)
    _check_playable(match, user)
    state = _locked_current(match, game)
    _check_open(match.pk)
    try:
        totals = rules.apply_change(_totals(state), team=team, life=life, poison=poison)
    except rules.TotalsError as exc:
        raise ChangeRefused(str(exc)) from exc
    change = LifeChange.objects.create(game=state, team=team, life=life, poison=poison, by=user)
    _store(state, totals)
    return change


@transaction.atomic
def life_change_undo(*, match: TeamMatch, user, game: int, change_id: int | None = None) -> LifeChange:
    """Reverse a change of the current game and mark it undone; return it.

    A player undoes their own last change (`change_id`, if given, must be it); the organizer any change, by
    default the game's last. Raises ChangeRefused when there is nothing to undo or the reverse can't apply.
    """
    match = _loaded(match)
    _check_playable(match, user)
    state = _locked_current(match, game)
    _check_open(match.pk)
    changes = LifeChange.objects.filter(game=state, undone_at__isnull=True).order_by("-pk")
    runs = may_run_event(user, match.round.event)
    if runs:
        change = changes.filter(pk=change_id).first() if change_id else changes.first()
    else:
        change = changes.filter(by=user).first()
        if change is not None and change_id and change.pk != change_id:
            raise ChangeRefused(_("You can undo only your own last change."))
    if change is None:
        raise ChangeRefused(_("There is no change of yours to undo in this game."))
    try:
        totals = rules.apply_change(_totals(state), team=change.team, life=-change.life, poison=-change.poison)
    except rules.TotalsError as exc:
        raise ChangeRefused(str(exc)) from exc
    change.undone_at, change.undone_by = timezone.now(), user
    change.save(update_fields=["undone_at", "undone_by"])
    _store(state, totals)
    return change


@transaction.atomic
def shared_game_next(*, match: TeamMatch, user, game: int) -> GameState:
    """Start game `game` once the one before it has a result and the match isn't decided (best of three, or a
    drawn game, which doesn't count: play goes on, MTR 9.1). Starting the same game twice gives the same game."""
    match = _loaded(match)
    _check_playable(match, user)
    if game < 2:
        raise ChangeRefused(_("Game 1 starts with the first change."))
    previous = GameState.objects.select_for_update().filter(match=match, number=game - 1).first()
    existing = GameState.objects.filter(match=match, number=game).first()
    if existing is not None:
        return existing
    _check_open(match.pk)
    if previous is None or not previous.winner:
        raise ChangeRefused(_("Game %(n)d isn't over yet.") % {"n": game - 1})
    outcomes = list(GameState.objects.filter(match=match).values_list("winner", flat=True))
    if rules.match_decided(outcomes, best_of=match.round.event.shared_games_per_match):
        raise ChangeRefused(_("The match is decided; report the result."))
    return _new_game(match, game)


@transaction.atomic
def shared_game_report(*, match: TeamMatch, user) -> TeamMatch:
    """Carry the games' results into the match report with one tap (team_match_report with SharedGames).

    Only finished games count; the other team then confirms or disputes as for any report. Raises NotYourMatch
    for a user on neither team, ValidationError when there is nothing to report or the report is refused.
    """
    match = _loaded(match)
    if shared_game_user_side(match=match, user=user) is None:
        raise NotYourMatch(_("This is not your match."))
    # Hold every game row so no tap lands between reading the results and writing the report.
    states = list(GameState.objects.select_for_update().filter(match=match).order_by("number"))
    outcomes = [s.winner or None for s in states]
    wins_a, wins_b, draws = rules.match_games(outcomes)
    if wins_a + wins_b + draws == 0:
        raise ChangeRefused(_("No game has a result yet."))
    return team_match_report(match=match, user=user, games=SharedGames(wins_a=wins_a, wins_b=wins_b, draws=draws))
