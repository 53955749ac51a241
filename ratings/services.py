"""Writes of the ratings app: rebuild a category's ratings from every result that counts.

Every rating is derived data. A rebuild replays the whole category from its history (categories.category_for,
selectors.category_history) through the pure engines and replaces the category's rows in one transaction, with
the category's row locked so two rebuilds never interleave. Rebuilding is therefore idempotent: closing an event
twice, or reopening and closing it, gives the same ratings as closing it once (docs/ratings.md).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from ratings.categories import Category, category_for, parse_category
from ratings.elo import replay
from ratings.models import PlayerRating, RatingCategory, RatingHistory
from ratings.openskill_model import openskill_replay
from ratings.selectors import category_history, rated_categories
from tournaments.models import Event

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RecalculationSummary:
    category: str
    events: int
    matches: int
    players: int


def _insert(model, fields: list[str], rows: Iterable[tuple]) -> None:
    """Insert plain rows into `model`'s table: COPY on PostgreSQL, executemany elsewhere.

    A rebuild writes one history row per player per event (hundreds of thousands for a large history); model
    instances and bulk_create would cost more than the whole Elo replay (bench_ratings).
    """
    meta = model._meta
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    columns = ", ".join(quote(meta.get_field(name).column) for name in fields)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            placeholders = ", ".join(["%s"] * len(fields))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({placeholders})", list(rows))


def _category_row(category: Category) -> RatingCategory:
    RatingCategory.objects.get_or_create(
        slug=category.slug, defaults={"kind": category.kind, "team_size": category.team_size}
    )
    return RatingCategory.objects.select_for_update().get(slug=category.slug)


@transaction.atomic
def category_recalculate(*, category: Category) -> RecalculationSummary:
    """Rebuild every rating and history entry of `category` from its rated results (finished events, results
    confirmed or final, byes left out). Replaces what was there; the same results always give the same rows.
    OpenSkill's mu and sigma are computed too when settings.HYDRA_RATINGS_OPENSKILL is on, else left empty."""
    row = _category_row(category)
    history = category_history(category=category)
    elo = replay(history.matches)
    skill = openskill_replay(history.matches).lines() if settings.HYDRA_RATINGS_OPENSKILL else {}

    last_played: dict[int, object] = {}
    sequence: dict[int, int] = {}
    for entry in elo.history:
        sequence.setdefault(entry.event, len(sequence) + 1)
        last_played[entry.player] = history.event_dates[entry.event]

    PlayerRating.objects.filter(category=row).delete()
    RatingHistory.objects.filter(category=row).delete()
    slug = row.slug
    rating_rows = []
    for player, line in elo.players.items():
        mu_sigma = skill.get(player)
        rating_rows.append(
            (
                player,
                slug,
                line.rating,
                line.peak,
                line.matches,
                line.wins,
                line.losses,
                line.draws,
                mu_sigma.mu if mu_sigma else None,
                mu_sigma.sigma if mu_sigma else None,
                mu_sigma.ordinal if mu_sigma else None,
                last_played[player],
            )
        )
    _insert(
        PlayerRating,
        [
            "player",
            "category",
            "rating",
            "peak",
            "matches",
            "wins",
            "losses",
            "draws",
            "openskill_mu",
            "openskill_sigma",
            "openskill_ordinal",
            "last_event_date",
        ],
        rating_rows,
    )
    dates = history.event_dates
    _insert(
        RatingHistory,
        [
            "player",
            "category",
            "event",
            "date",
            "rating_before",
            "rating_after",
            "matches",
            "wins",
            "losses",
            "draws",
            "sequence",
        ],
        (
            (
                e.player,
                slug,
                e.event,
                dates[e.event],
                e.before,
                e.after,
                e.matches,
                e.wins,
                e.losses,
                e.draws,
                sequence[e.event],
            )
            for e in elo.history
        ),
    )
    row.events, row.matches, row.players = len(sequence), elo.matches, len(rating_rows)
    row.recalculated_at = timezone.now()
    row.save()
    return RecalculationSummary(category=category.slug, events=row.events, matches=row.matches, players=row.players)


def ratings_recalculate(*, categories: Iterable[Category] | None = None) -> list[RecalculationSummary]:
    """Rebuild the given categories (default: every category with a rated event, and every category that has
    ratings stored, so one whose last event was reopened or made unrated is emptied). One transaction each."""
    if categories is None:
        found = set(rated_categories())
        found |= {c for c in map(parse_category, RatingCategory.objects.values_list("slug", flat=True)) if c}
        categories = sorted(found, key=lambda c: c.sort_key)
    return [category_recalculate(category=c) for c in categories]


def event_ratings_update(*, event_id: int) -> RecalculationSummary | None:
    """Bring the ratings up to date after an event was closed (or reopened): rebuild the event's category.

    Returns None when the event no longer exists or its format has no rating.
    """
    event = Event.objects.filter(pk=event_id).only("format_kind", "structure", "team_size").first()
    if event is None:
        log.warning("Ratings update for event %s: no such event.", event_id)
        return None
    category = category_for(format_kind=event.format_kind, structure=event.structure, team_size=event.team_size)
    if category is None:
        return None
    return category_recalculate(category=category)
