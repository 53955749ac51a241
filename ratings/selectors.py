"""Reads of the ratings app: the results a category is rebuilt from, leaderboards, a player's history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from ratings.categories import (
    CONSTRUCTED,
    LIMITED,
    MULTIPLAYER,
    THREE_HEADED_SERPENT,
    TWO_HEADED_GIANT,
    Category,
    category_for,
    parse_category,
)
from multiplayer.engine import table_pairwise
from multiplayer.selectors import multiplayer_rated_games
from ratings.elo import START_RATING, RatedMatch
from ratings.enums import RatingModel
from ratings.models import PlayerRating, RatingCategory, RatingHistory
from ratings.plot import rating_plot
from tournaments.enums import COUNTING_STATES, RATING_K, EventStatus, FormatKind, RatingImportance, Structure
from tournaments.models import Event, Player, Registration, Seat, TeamMatch

THG_FORMATS = [FormatKind.THG_CONSTRUCTED, FormatKind.THG_SEALED, FormatKind.THG_DRAFT]


def category_events_q(category: Category, prefix: str = "") -> Q:
    """The events of `category` as a filter (mirrors categories.category_for), `prefix` leading to the event."""
    f = lambda name: prefix + name  # noqa: E731
    if category.kind == THREE_HEADED_SERPENT:
        return Q(**{f("structure"): Structure.THREE_HEADED_SERPENT, f("team_size"): category.team_size})
    if category.kind == MULTIPLAYER:
        return Q(**{f("structure"): Structure.MULTIPLAYER_PODS})
    if category.kind == TWO_HEADED_GIANT:
        return Q(**{f("structure"): Structure.TWO_HEADED_GIANT}) | (
            Q(**{f("format_kind__in"): THG_FORMATS}) & ~Q(**{f("structure"): Structure.THREE_HEADED_SERPENT})
        )
    formats = {
        CONSTRUCTED: [FormatKind.TEAM_CONSTRUCTED, FormatKind.TEAM_CONSTRUCTED_MIXED],
        LIMITED: [FormatKind.TEAM_SEALED, FormatKind.TEAM_ROCHESTER],
    }[category.kind]
    return Q(
        **{
            f("structure"): Structure.SEAT_AGAINST_SEAT,
            f("format_kind__in"): formats,
            f("team_size"): category.team_size,
        }
    )


def rated_events_q(prefix: str = "") -> Q:
    """Events whose results count: finished and not marked unrated."""
    return Q(**{prefix + "status": EventStatus.FINISHED}) & ~Q(
        **{prefix + "rating_importance": RatingImportance.UNRATED}
    )


def rated_categories() -> list[Category]:
    """Every category some rated event feeds, in display order. One query."""
    settings = (
        Event.objects.filter(rated_events_q())
        .order_by()
        .values_list("format_kind", "structure", "team_size")
        .distinct()
    )
    found = {category_for(format_kind=f, structure=s, team_size=n) for f, s, n in settings}
    return sorted((c for c in found if c is not None), key=lambda c: c.sort_key)


@dataclass(frozen=True)
class CategoryHistory:
    """Everything a category's ratings are computed from, in replay order."""

    matches: list[RatedMatch]
    event_dates: dict[int, object]


def category_history(*, category: Category) -> CategoryHistory:
    """The rated team matches of a category in replay order (event date, event, round, table), with each team's
    players as seated. Byes and results that don't count (pending, reported, disputed) are left out. Three
    queries, whatever the number of events."""
    events = Event.objects.filter(rated_events_q() & category_events_q(category))
    event_rows = {
        pk: (day, RATING_K[importance]) for pk, day, importance in events.values_list("id", "date", "rating_importance")
    }
    players: dict[int, list[int]] = {}
    for registration, player in (
        Seat.objects.filter(event__in=events)
        .order_by("registration_id", "letter")
        .values_list("registration_id", "player_id")
    ):
        players.setdefault(registration, []).append(player)
    if category.kind == MULTIPLAYER:
        return CategoryHistory(
            matches=_pod_matches(events=events, players=players, event_rows=event_rows),
            event_dates={pk: row[0] for pk, row in event_rows.items()},
        )
    rows = (
        TeamMatch.objects.filter(round__event__in=events, team_b__isnull=False, result_state__in=COUNTING_STATES)
        .order_by("round__event__date", "round__event_id", "round__number", "table")
        .values_list("round__event_id", "team_a_id", "team_b_id", "outcome")
    )
    matches = []
    for event_id, team_a, team_b, outcome in rows.iterator(chunk_size=5000):
        a, b = players.get(team_a), players.get(team_b)
        if not a or not b:
            continue  # a team with no seated players has nobody to rate
        matches.append(
            RatedMatch(event=event_id, team_a=tuple(a), team_b=tuple(b), outcome=outcome, k=event_rows[event_id][1])
        )
    return CategoryHistory(matches=matches, event_dates={pk: row[0] for pk, row in event_rows.items()})


def _pod_matches(*, events, players: dict[int, list[int]], event_rows: dict) -> list[RatedMatch]:
    """A multiplayer category's pods as two-player matches (multiplayer.engine.table_pairwise). A pod of n players makes
    up to n - 1 matches for each player, so each counts with K / (n - 1): a pod moves a rating about as far as one
    match does."""
    matches = []
    for event_id, size, outcomes in multiplayer_rated_games(events=events):
        k = event_rows[event_id][1] / max(size - 1, 1)
        for a, b, outcome in table_pairwise(outcomes):
            if players.get(a) and players.get(b):
                matches.append(
                    RatedMatch(event=event_id, team_a=tuple(players[a]), team_b=tuple(players[b]), outcome=outcome, k=k)
                )
    return matches


def rating_categories_listed() -> list[RatingCategory]:
    """The categories that have ratings, in display order (constructed, limited, 2HG, 3HS; by team size)."""
    rows = [c for c in RatingCategory.objects.filter(players__gt=0) if parse_category(c.slug)]
    return sorted(rows, key=lambda c: parse_category(c.slug).sort_key)


def leaderboard(
    *, category: RatingCategory, model: str = RatingModel.ELO, region: str = "", store: str = ""
) -> QuerySet:
    """A category's players best first (the Elo rating, or OpenSkill's ordinal), with the player loaded.

    `region` and `store` keep the players who played a rated event of this category in that region or at that
    store (the event's location), matched exactly but case-insensitively.
    """
    rows = PlayerRating.objects.filter(category=category).select_related("player")
    if region or store:
        played = RatingHistory.objects.filter(category=category, player_id=OuterRef("player_id"))
        if region:
            played = played.filter(event__region__iexact=region)
        if store:
            played = played.filter(event__location__iexact=store)
        rows = rows.filter(Exists(played))
    if model == RatingModel.OPENSKILL:
        return rows.order_by("-openskill_ordinal", "player_id")
    return rows.order_by("-rating", "player_id")


def leaderboard_places(*, category: RatingCategory) -> dict[str, list[str]]:
    """The regions and stores of the category's rated events, for the leaderboard's filters. One query."""
    rows = (
        Event.objects.filter(rating_history__category=category).order_by().values_list("region", "location").distinct()
    )
    regions = sorted({r for r, _ in rows if r}, key=str.casefold)
    stores = sorted({s for _, s in rows if s}, key=str.casefold)
    return {"regions": regions, "stores": stores}


def player_ratings(*, player: Player) -> list[PlayerRating]:
    """The player's rating in every category they have one in, in display order. One query."""
    rows = list(PlayerRating.objects.filter(player=player).select_related("category"))
    return sorted(rows, key=lambda r: parse_category(r.category_id).sort_key)


def player_history(*, player: Player, category: RatingCategory) -> list[RatingHistory]:
    """The player's history in one category, oldest first, with each event loaded. One query."""
    return list(
        RatingHistory.objects.filter(player=player, category=category).select_related("event").order_by("sequence")
    )


def player_rank(*, rating: PlayerRating) -> int:
    """The player's place on the category's Elo leaderboard (1 = best; equal ratings ordered by player id)."""
    ahead = PlayerRating.objects.filter(category_id=rating.category_id).filter(
        Q(rating__gt=rating.rating) | Q(rating=rating.rating, player_id__lt=rating.player_id)
    )
    return ahead.count() + 1


def event_team_ratings(*, event: Event) -> dict[int, float]:
    """Player id -> current Elo rating in the event's category, for every player seated in the event. One query."""
    category = category_for(format_kind=event.format_kind, structure=event.structure, team_size=event.team_size)
    if category is None:
        return {}
    return dict(
        PlayerRating.objects.filter(category_id=category.slug, player__seats__event=event).values_list(
            "player_id", "rating"
        )
    )


def event_registration_ratings(*, event: Event) -> dict[int, float]:
    """Registration id -> the team's rating for seeding (an event seeded by rating): the mean of its members'
    current Elo ratings in the event's category, a member never rated counting as a newcomer (START_RATING, where
    every rating starts). Every team of the event is in it; empty when the event's format isn't rated. Two queries.
    """
    if category_for(format_kind=event.format_kind, structure=event.structure, team_size=event.team_size) is None:
        return {}
    ratings = event_team_ratings(event=event)
    members: dict[int, list[float]] = {}
    for registration, player in Seat.objects.filter(event=event).values_list("registration_id", "player_id"):
        members.setdefault(registration, []).append(ratings.get(player, START_RATING))
    teams = Registration.objects.filter(event=event).values_list("id", flat=True)
    return {team: (sum(members[team]) / len(members[team]) if members.get(team) else START_RATING) for team in teams}


def event_teams_with_ratings(*, event: Event) -> dict:
    """The event's teams by name, each with its members (seat, player, rating or None) and the mean of the known
    ratings; `category` is the event's rating category (None: its format isn't rated). Three queries."""
    category = category_for(format_kind=event.format_kind, structure=event.structure, team_size=event.team_size)
    ratings = event_team_ratings(event=event)
    teams = []
    registrations = Registration.objects.filter(event=event).select_related("team").prefetch_related("seats__player")
    for registration in registrations.order_by("team__name"):
        members = [(seat.letter, seat.player, ratings.get(seat.player_id)) for seat in registration.seats.all()]
        known = [r for _, _, r in members if r is not None]
        teams.append(
            {"name": registration.team.name, "members": members, "mean": sum(known) / len(known) if known else None}
        )
    return {"category": category, "teams": teams}


def player_rating_sections(*, player: Player) -> list[dict]:
    """The player's rating in each category with its place and history, and the history plotted event by event
    (an event the public may not see is named "A private event"): the ratings part of the player's page."""
    sections = []
    for rating in player_ratings(player=player):
        history = player_history(player=player, category=rating.category)
        points = [
            (entry.event.name if entry.event.is_public else _("A private event"), entry.rating_after)
            for entry in history
        ]
        sections.append(
            {
                "rating": rating,
                "rank": player_rank(rating=rating),
                "history": history,
                "plot": rating_plot(points, start=START_RATING),
            }
        )
    return sections
