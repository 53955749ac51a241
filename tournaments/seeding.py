"""Seeding by rating: where an event seeded by rating gets its ratings. A small registry that ratings fills in its
AppConfig.ready(), as the pool providers are (tournaments/pools.py):

    seeding_register(category_for=category_for, team_ratings=event_registration_ratings)

Tournaments is the core the features build on, so it imports no ratings module (docs/architecture.md): the
event's checks ask `seeding_rated` (is there a rating to seed this format by?), the standings and round 1's
pairing ask `seeding_team_ratings`.
"""

from collections.abc import Callable

from tournaments.models import Event

CategoryFor = Callable[..., object | None]  # (format_kind=, structure=, team_size=) -> the rating category or None
TeamRatings = Callable[..., dict[int, float]]  # (event=) -> registration id -> the team's rating

_RATINGS: dict[str, Callable] = {}


def seeding_register(*, category_for: CategoryFor, team_ratings: TeamRatings) -> None:
    """Make `category_for` say which formats are rated and `team_ratings` give an event's team ratings (the last
    registration wins)."""
    _RATINGS.update(category_for=category_for, team_ratings=team_ratings)


def seeding_rated(*, format_kind: str, structure: str, team_size: int) -> bool:
    """An event with these settings has a rating category to seed it by (never without a registered rating)."""
    category_for = _RATINGS.get("category_for")
    return (
        category_for is not None
        and category_for(format_kind=format_kind, structure=structure, team_size=team_size) is not None
    )


def seeding_team_ratings(*, event: Event) -> dict[int, float]:
    """Registration id -> the team's rating to seed the event by (ratings' queries: two); empty without one."""
    team_ratings = _RATINGS.get("team_ratings")
    return team_ratings(event=event) if team_ratings is not None else {}
