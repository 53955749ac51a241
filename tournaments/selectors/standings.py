"""Standings reads: an event's results loaded in one query and handed to the pure standings engine."""

from tournaments.enums import COUNTING_STATES, RoundKind
from tournaments.finalorder import structure_order
from tournaments.models import Event, Registration, SeatMatch, TeamMatch
from tournaments.seeding import seeding_team_ratings
from tournaments.standings import MTR_RULES, StandingRow, StandingsRules, TeamMatchRecord, compute_standings


def results_for_event(
    *, event: Event, upto_round: int | None = None, include_playoff: bool = False, team_games: bool = False
) -> list[TeamMatchRecord]:
    """Every Swiss team match result of the event that counts (confirmed or final, byes included), in three queries.

    Ids are registration ids. With `upto_round`, only rounds up to and including that number. In an individual
    event each record carries the games of its one seat (one more query). `include_playoff` counts the playoff's
    matches as rounds too: never for Hydra's standings (RULES.md 4), only to reproduce a source that did; so is
    `team_games`, a team event's matches carrying their individual matches won-lost-drawn as games.
    """
    kinds = [RoundKind.SWISS, RoundKind.PLAYOFF] if include_playoff else [RoundKind.SWISS]
    matches = TeamMatch.objects.filter(round__event=event, round__kind__in=kinds, result_state__in=COUNTING_STATES)
    if upto_round is not None:
        matches = matches.filter(round__number__lte=upto_round)
    games: dict[int, tuple[int, int, int]] = {}
    if event.is_individual:
        games = {
            match: (won, lost, drawn)
            for match, won, lost, drawn in SeatMatch.objects.filter(team_match__in=matches).values_list(
                "team_match_id", "wins_a", "wins_b", "draws"
            )
        }
    elif team_games:
        games = {
            match: (won, lost, drawn)
            for match, won, lost, drawn in matches.values_list("pk", "games_won_a", "games_won_b", "games_drawn")
        }
    records = [
        TeamMatchRecord(round=number, team_a=a, team_b=b, outcome=outcome, games=games.get(pk))
        for pk, number, a, b, outcome in matches.values_list("pk", "round__number", "team_a_id", "team_b_id", "outcome")
    ]
    # Late entries whose missed rounds count as losses (RULES.md 4): one opponent-less loss per missed round
    # that has been played.
    played = set(
        event.rounds.filter(
            kind=RoundKind.SWISS, **({"number__lte": upto_round} if upto_round is not None else {})
        ).values_list("number", flat=True)
    )
    late = Registration.objects.filter(event=event, joined_round__gt=1, missed_rounds_as_losses=True)
    for team, joined in late.values_list("id", "joined_round"):
        records.extend(
            TeamMatchRecord(round=number, team_a=team, team_b=None, outcome="B")
            for number in range(1, joined)
            if number in played
        )
    return records


def standings_for_event(
    *,
    event: Event,
    upto_round: int | None = None,
    rules: StandingsRules = MTR_RULES,
    include_playoff: bool = False,
    teams: list[int] | None = None,
    tiebreaks: dict[int, str] | None = None,
    team_games: bool = False,
) -> tuple[StandingRow, ...]:
    """The event's Swiss standings (RULES.md 3; an individual event's from games, RULES.md 9), every registered
    team included, best first. Four queries (one more for an individual event, two more when seeded by rating;
    one fewer when the caller passes `teams`, every registration id of the event, having read them already).
    `rules` other than the MTR's, and `include_playoff`, only to reproduce a published source's arithmetic
    (compare_standings), and `team_games` (a team event's figures computed from its individual matches as if
    they were games, as a source that ran it as an individual event does). `tiebreaks`, with `teams`: the teams' carried tiebreak keys (`registration_tiebreaks`),
    read here when not given.

    A structure that keeps its own results (a Commander night's pods) answers with its own standings, registered in
    tournaments/finalorder.py (issue 56): every reader of the standings reads the same ones as its own pages."""
    own = structure_order(event=event)
    if own is not None and not include_playoff and not team_games and rules is MTR_RULES:
        return tuple(own.standings(event=event, upto_round=upto_round))
    if teams is None:
        rows = list(Registration.objects.filter(event=event).values_list("id", "tiebreak"))
        teams, tiebreaks = [pk for pk, _key in rows], {pk: key for pk, key in rows if key}
    elif tiebreaks is None:
        tiebreaks = registration_tiebreaks(event=event)
    return compute_standings(
        results_for_event(event=event, upto_round=upto_round, include_playoff=include_playoff, team_games=team_games),
        teams=teams,
        seed=event.pk,
        tiebreaks=tiebreaks,
        ratings=seeding_ratings(event=event),
        games=event.is_individual or team_games,
        rules=rules,
    )


def registration_tiebreaks(*, event: Event) -> dict[int, str]:
    """Registration id -> the final tiebreak key an event file carried, for the teams that have one. One query."""
    return dict(Registration.objects.filter(event=event).exclude(tiebreak="").values_list("id", "tiebreak"))


def seeding_ratings(*, event: Event) -> dict[int, float] | None:
    """Registration id -> team rating when the event is seeded by rating (its ties, top cut included, go to the
    higher rating before the random final tiebreak; round 1 pairs by it), else None. Two queries when seeded."""
    if not event.seed_by_rating:
        return None
    return seeding_team_ratings(event=event)  # ratings' (tournaments.seeding)


def team_names_for_event(*, event: Event) -> dict[int, str]:
    """Registration id -> team name, for every team of the event. One query."""
    return dict(Registration.objects.filter(event=event).values_list("id", "team__name"))
