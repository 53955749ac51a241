"""Reads of live life and poison. Plain data, so the portal page and the REST API show the same thing."""

from __future__ import annotations

from django.db.models import Count, Max, Q, Sum
from django.utils.translation import gettext as _

from sharedgame import rules
from sharedgame.models import GameState, LifeChange
from tournaments.selectors.rounds import matches_players_see
from tournaments.enums import SHARED_STRUCTURES
from tournaments.models import Seat, TeamMatch


def shared_game_etag(*, match: TeamMatch) -> str:
    """Changes whenever anything shared_game_state returns changes (one aggregate query; the match is loaded).

    The sum of the games' versions only grows, and the number of games and the result state cover the rest.
    """
    row = GameState.objects.filter(match_id=match.pk).aggregate(n=Count("pk"), v=Sum("version"), last=Max("pk"))
    return f"{match.pk}-{row['n']}-{row['v'] or 0}-{row['last'] or 0}-{match.result_state}"


def shared_game_state(*, match: TeamMatch) -> dict:
    """The live totals of a shared-game match as plain data (JSON-ready), for spectators and the REST API.

    `games` lists every game, oldest first; before the first change it holds game 1 at the starting totals.
    Each game has both teams' life and poison, whether each team has lost, and the winner ('A', 'B', 'D' for a
    draw, None while it goes on). `score` counts finished games; `etag` changes with any of it. Two queries.
    """
    event = match.round.event
    states = list(GameState.objects.filter(match_id=match.pk).order_by("number"))
    if states:
        life, poison = states[-1].starting_life, states[-1].poison_limit
    else:
        try:
            life, poison = rules.starting_totals(
                structure=event.structure, team_size=event.team_size, life=event.shared_life, poison=event.shared_poison
            )
        except rules.TotalsError:
            life, poison = event.shared_life or 0, event.shared_poison or 0
        states = [GameState(match=match, number=1, starting_life=life, poison_limit=poison, life_a=life, life_b=life)]
    games = []
    for s in states:
        games.append(
            {
                "number": s.number,
                "a": {
                    "life": s.life_a,
                    "poison": s.poison_a,
                    "lost": rules.team_lost(life=s.life_a, poison=s.poison_a, poison_limit=s.poison_limit),
                },
                "b": {
                    "life": s.life_b,
                    "poison": s.poison_b,
                    "lost": rules.team_lost(life=s.life_b, poison=s.poison_b, poison_limit=s.poison_limit),
                },
                "starting_life": s.starting_life,
                "poison_limit": s.poison_limit,
                "winner": s.winner or None,
                "version": s.version,
            }
        )
    wins_a, wins_b, draws = rules.match_games([g["winner"] for g in games])
    best_of = event.shared_games_per_match
    return {
        "match": match.pk,
        "event": event.pk,
        "round": match.round.number,
        "table": match.table,
        "structure": event.structure,
        "starting_life": life,
        "poison_limit": poison,
        "best_of": best_of,
        "team_a": {"id": match.team_a_id, "name": match.team_a.team.name},
        "team_b": {"id": match.team_b_id, "name": match.team_b.team.name} if match.team_b_id else None,
        "games": games,
        "current_game": games[-1]["number"],
        "score": {"wins_a": wins_a, "wins_b": wins_b, "draws": draws},
        "decided": rules.match_decided([g["winner"] for g in games], best_of=best_of),
        "result_state": match.result_state,
        "etag": f"{match.pk}-{len([s for s in states if s.pk])}-{sum(s.version for s in states if s.pk)}-"
        f"{max((s.pk for s in states if s.pk), default=0)}-{match.result_state}",
    }


def shared_game_match(*, pk: int) -> TeamMatch | None:
    """The match with what shared_game_state reads joined in one query, or None (also for a match of a round players
    may not see yet: no one keeps life in a draft's match)."""
    return (
        matches_players_see(TeamMatch.objects.select_related("round__event", "team_a__team", "team_b__team"))
        .filter(pk=pk)
        .first()
    )


def shared_game_history(*, match: TeamMatch, game: int, limit: int = 20) -> list[dict]:
    """The latest changes of one game, newest first: who made each, when, and whether it was undone."""
    changes = (
        LifeChange.objects.filter(game__match_id=match.pk, game__number=game)
        .select_related("by__player", "undone_by")
        .order_by("-pk")[:limit]
    )
    return [
        {
            "id": c.pk,
            "team": c.team,
            "life": c.life,
            "poison": c.poison,
            "at": c.at,
            # Players by the name pairings show; anyone else (the organizer) by role, not by login name.
            "by": getattr(getattr(c.by, "player", None), "name", "") or _("Organizer"),
            "by_id": c.by_id,
            "undone": c.undone_at is not None,
        }
        for c in changes
    ]


def shared_games_for_user(*, user) -> list[TeamMatch]:
    """The signed-in player's shared-game matches (Two-Headed Giant, Three-Headed Serpent), byes left out, newest
    event and round first: the matches whose life and poison they keep at /live/."""
    if not user.is_authenticated:
        return []
    teams = Seat.objects.filter(player__user=user).values("registration_id")
    return list(
        matches_players_see(
            TeamMatch.objects.filter(team_b__isnull=False, round__event__structure__in=SHARED_STRUCTURES)
        )
        .filter(Q(team_a_id__in=teams) | Q(team_b_id__in=teams))
        .select_related("round__event", "team_a__team", "team_b__team")
        .order_by("-round__event__date", "-round__event_id", "-round__number")[:20]
    )
